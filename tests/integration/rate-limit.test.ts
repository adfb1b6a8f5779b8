import { describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { useDatabaseForTests } from "../../app/db.server";
import { hitRateLimit, pruneRateLimits } from "../../app/http/rate-limit.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

describe(`rate limits on ${testDbKind()}`, () => {
  const t = useTestDatabase();

  const rule = { name: "test", limit: 3, windowSeconds: 60 };

  it("allows the limit, refuses past it, and says when to retry", async () => {
    const now = new Date("2026-01-01T10:00:10Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(rule, "203.0.113.9", now));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBe(50);
    // Another subject has its own count; the next window starts again.
    expect((await hitRateLimit(rule, "198.51.100.1", now)).allowed).toBe(true);
    expect((await hitRateLimit(rule, "203.0.113.9", new Date("2026-01-01T10:01:01Z"))).allowed).toBe(true);
  });

  it.runIf(testDbKind() === "postgres")("counts across two app instances sharing one database", async () => {
    const second = openDatabase({ url: t.url!, poolSize: 2 });
    try {
      const now = new Date("2026-02-01T10:00:00Z");
      useDatabaseForTests(t.handle);
      await hitRateLimit(rule, "shared", now);
      await hitRateLimit(rule, "shared", now);
      useDatabaseForTests(second);
      await hitRateLimit(rule, "shared", now);
      expect((await hitRateLimit(rule, "shared", now)).allowed).toBe(false);
    } finally {
      useDatabaseForTests(t.handle);
      await second.close();
    }
  });

  it("prunes ended windows", async () => {
    await pruneRateLimits(new Date("2030-01-01T00:00:00Z"));
    expect((await hitRateLimit(rule, "203.0.113.9", new Date("2026-01-01T10:00:10Z"))).remaining).toBe(2);
  });
});

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { submissionKeys } from "../../db/schema";
import { once, pruneSubmissionKeys, submissionKeyOf } from "../../app/forms/submission-keys.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const form = (token: string) => new URLSearchParams({ submissionId: token });

describe(`submission keys on ${testDbKind()}`, () => {
  const t = useTestDatabase();

  it("reads a key from the form under its scope; anything but a UUID is no key", () => {
    const token = crypto.randomUUID();
    const key = submissionKeyOf(form(token.toUpperCase()), "checkout:u1");
    expect(key).toMatch(new RegExp(`^checkout:u1:${token}:[A-Za-z0-9_-]{16}$`));
    // The key ends with a fingerprint of what was sent: the same fields give the same key (a retry),
    // other fields another (a second submission from a page the browser kept).
    const withMessage = (message: string) => new URLSearchParams({ submissionId: token, message, _csrf: "any" });
    expect(submissionKeyOf(withMessage("hello"), "chat")).toBe(
      submissionKeyOf(new URLSearchParams({ submissionId: token, message: "hello", _csrf: "other" }), "chat"),
    );
    expect(submissionKeyOf(withMessage("hello"), "chat")).not.toBe(submissionKeyOf(withMessage("hello again"), "chat"));
    for (const bad of ["", "x", `${token}x`, "'; drop table orders; --"])
      expect(submissionKeyOf(form(bad), "chat")).toBeNull();
    expect(submissionKeyOf(new URLSearchParams(), "chat")).toBeNull();
  });

  it("runs the work once per key and answers repeats with the first result", async () => {
    const key = `test:${crypto.randomUUID()}`;
    let runs = 0;
    const work = async () => ({ run: ++runs });
    expect(await once(key, work)).toEqual({ result: { run: 1 }, repeated: false });
    expect(await once(key, work)).toEqual({ result: { run: 1 }, repeated: true });
    expect(runs).toBe(1);
    // No key: every submission is its own.
    await once(null, work);
    await once(null, work);
    expect(runs).toBe(3);
  });

  it("runs it once when two requests with one key race", async () => {
    const key = `race:${crypto.randomUUID()}`;
    let runs = 0;
    const results = await Promise.all(Array.from({ length: 4 }, () => once(key, async () => ({ run: ++runs }))));
    expect(runs).toBe(1);
    expect(results.map((r) => r.result)).toEqual(Array(4).fill({ run: 1 }));
    expect(results.filter((r) => !r.repeated)).toHaveLength(1);
  });

  it("records nothing when the work fails, so a retry runs it", async () => {
    const key = `fails:${crypto.randomUUID()}`;
    await expect(once(key, async () => Promise.reject(new Error("database hiccup")))).rejects.toThrow(
      "database hiccup",
    );
    expect(await once(key, async () => "done")).toEqual({ result: "done", repeated: false });
  });

  it("forgets keys after three days", async () => {
    const key = `old:${crypto.randomUUID()}`;
    await once(key, async () => 1);
    await t.handle.db
      .update(submissionKeys)
      .set({ createdAt: sql`now() - interval '4 days'` })
      .where(sql`${submissionKeys.key} = ${key}`);
    await pruneSubmissionKeys();
    expect(await once(key, async () => 2)).toEqual({ result: 2, repeated: false });
  });
});

import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { webVitals } from "../../db/schema";
import {
  normaliseRoute,
  parseVitalsBeacon,
  pruneVitals,
  recordVitals,
  vitalsP75ByRoute,
} from "../../app/analytics/vitals.server";
import { action } from "../../app/routes/api.vitals";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

function beacon(
  body: string,
  address = "203.0.113.7",
  headers: Record<string, string> = { "Content-Type": "text/plain;charset=UTF-8" },
) {
  const request = new Request("http://localhost/api/vitals", { method: "POST", body, headers });
  return action({
    request,
    params: {},
    context: { clientAddress: address, cspNonce: "", requestId: "test" },
  } as unknown as ActionFunctionArgs);
}

describe(`web vitals on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  beforeEach(async () => {
    await t.handle.db.delete(webVitals);
  });

  it("keeps only a route pattern: ids, queries and fragments removed", () => {
    expect(normaliseRoute("/")).toBe("/");
    expect(normaliseRoute("/ar/ban-checks/travel-ban-check?utm=x#faq")).toBe("/ar/ban-checks/travel-ban-check");
    expect(normaliseRoute("/dashboard/orders/3f2a1b7c-1d2e-4f00-9abc-0123456789ab")).toBe("/dashboard/orders/:id");
    expect(normaliseRoute("/admin/orders/12345")).toBe("/admin/orders/:id");
    expect(normaliseRoute("https://evil.example/x")).toBeNull();
    expect(normaliseRoute("//evil.example")).toBeNull();
    expect(normaliseRoute("/a/<script>")).toBeNull();
    expect(normaliseRoute("/a/b/c/d/e/f/g/h/i")).toBeNull();
    expect(normaliseRoute(42)).toBeNull();
  });

  it("accepts a valid beacon and refuses malformed or implausible ones", () => {
    const ok = parseVitalsBeacon(
      JSON.stringify({
        route: "/checkout",
        metrics: [
          { name: "LCP", value: 1800.4 },
          { name: "CLS", value: 0.3 },
        ],
      }),
    );
    expect(ok).toEqual([
      { route: "/checkout", name: "LCP", value: 1800.4, rating: "good" },
      { route: "/checkout", name: "CLS", value: 0.3, rating: "poor" },
    ]);
    expect(parseVitalsBeacon("not json")).toBeNull();
    expect(parseVitalsBeacon("")).toBeNull();
    expect(parseVitalsBeacon(JSON.stringify({ route: "/", metrics: [] }))).toBeNull();
    expect(parseVitalsBeacon(JSON.stringify({ route: "/", metrics: [{ name: "FID", value: 1 }] }))).toBeNull();
    expect(parseVitalsBeacon(JSON.stringify({ route: "/", metrics: [{ name: "LCP", value: -1 }] }))).toBeNull();
    expect(parseVitalsBeacon(JSON.stringify({ route: "/", metrics: [{ name: "LCP", value: "100" }] }))).toBeNull();
    expect(parseVitalsBeacon(JSON.stringify({ route: "/", metrics: [{ name: "LCP", value: 1e9 }] }))).toBeNull();
    expect(
      parseVitalsBeacon(
        JSON.stringify({ route: "/", metrics: Array.from({ length: 11 }, () => ({ name: "LCP", value: 1 })) }),
      ),
    ).toBeNull();
    expect(
      parseVitalsBeacon(JSON.stringify({ route: "/x?email=a@b.c", metrics: [{ name: "TTFB", value: 90 }] }))?.[0]
        ?.route,
    ).toBe("/x");
  });

  it("stores a beacon through the endpoint and answers 204; bad bodies 400, huge ones 413", async () => {
    const good = await beacon(
      JSON.stringify({ route: "/services/legal-consultation", metrics: [{ name: "INP", value: 120 }] }),
    );
    expect(good.status).toBe(204);
    expect(await t.handle.db.select().from(webVitals)).toMatchObject([
      { route: "/services/legal-consultation", name: "INP", value: 120, rating: "good" },
    ]);
    expect((await beacon("{")).status).toBe(400);
    expect(
      (await beacon(JSON.stringify({ route: "/", metrics: [{ name: "LCP", value: 1 }], pad: "x".repeat(5000) })))
        .status,
    ).toBe(413);
    expect(await t.handle.db.select().from(webVitals)).toHaveLength(1);
  });

  it("rate-limits one address without affecting another", async () => {
    const body = JSON.stringify({ route: "/", metrics: [{ name: "FCP", value: 900 }] });
    const statuses: number[] = [];
    // The limit counts per clock minute: start early in one, so 61 beacons on a busy machine stay in it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 30_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
    for (let i = 0; i < 61; i++) statuses.push((await beacon(body, "198.51.100.77")).status);
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    expect(statuses[60]).toBe(429);
    expect((await beacon(body, "198.51.100.78")).status).toBe(204);
  }, 90_000);

  it("computes p75 per route and metric over the last 7 days only", async () => {
    const now = new Date("2026-05-10T12:00:00Z");
    const day = 86_400_000;
    // LCP on "/": 1000, 2000, 3000, 4000 → p75 (linear interpolation) = 3250.
    await recordVitals(
      [1000, 2000, 3000, 4000].map((value) => ({ route: "/", name: "LCP", value, rating: "x" })),
      new Date(now.getTime() - day),
    );
    await recordVitals([{ route: "/", name: "CLS", value: 0.05, rating: "good" }], new Date(now.getTime() - 2 * day));
    await recordVitals(
      [{ route: "/checkout", name: "LCP", value: 900, rating: "good" }],
      new Date(now.getTime() - 3 * day),
    );
    // Older than 7 days: not counted.
    await recordVitals([{ route: "/", name: "LCP", value: 99_000, rating: "poor" }], new Date(now.getTime() - 8 * day));
    const result = await vitalsP75ByRoute(now);
    expect(result).toEqual([
      { route: "/", samples: 5, p75: { LCP: 3250, CLS: 0.05 }, counts: { LCP: 4, CLS: 1 } },
      { route: "/checkout", samples: 1, p75: { LCP: 900 }, counts: { LCP: 1 } },
    ]);
  });

  it("prunes measurements older than 30 days", async () => {
    const now = new Date("2026-05-10T12:00:00Z");
    await recordVitals(
      [{ route: "/", name: "TTFB", value: 100, rating: "good" }],
      new Date(now.getTime() - 31 * 86_400_000),
    );
    await recordVitals(
      [{ route: "/", name: "TTFB", value: 200, rating: "good" }],
      new Date(now.getTime() - 29 * 86_400_000),
    );
    await pruneVitals(now);
    expect((await t.handle.db.select().from(webVitals)).map((r) => r.value)).toEqual([200]);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import { orderItems, orders, users } from "../../db/schema";
import { createTestDatabase, resultRows, testDbKind, type TestDatabase } from "../support/test-db";

describe(`migrations on ${testDbKind()}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    // From nothing, not from the prepared template the other test files copy.
    t = await createTestDatabase(testDbKind(), { fromNothing: true });
  });
  afterAll(async () => {
    await t.drop();
  });

  it("creates the tables, and running again changes nothing", async () => {
    await migrateDatabase(t.handle, t.url);
    const tables = resultRows(
      await t.handle.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      ),
    ).map((r) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining(["users", "orders", "order_items", "outbox", "rate_limits"]));
    const applied = resultRows(
      await t.handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    expect(applied[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it("keeps money in integer fils and orders within the four statuses", async () => {
    const [user] = await t.handle.db.insert(users).values({ email: "m@example.com", passwordHash: "x" }).returning();
    const [order] = await t.handle.db.insert(orders).values({ userId: user!.id, amount: 125_000 }).returning();
    expect(order).toMatchObject({
      status: "pending",
      paymentStatus: "unpaid",
      currency: "AED",
      serviceType: "General Service",
      tierName: "Standard",
      amount: 125_000,
    });
    await t.handle.db.insert(orderItems).values({
      orderId: order!.id,
      serviceKey: "travel-ban-check",
      tierId: "basic",
      tierName: "Basic",
      unitPrice: 65_000,
      quantity: 2,
    });
    await expect(
      t.handle.db.execute(sql`update orders set status = 'shipped' where id = ${order!.id}`),
    ).rejects.toThrow();
    await expect(t.handle.db.execute(sql`update orders set amount = -1 where id = ${order!.id}`)).rejects.toThrow();
    await expect(t.handle.db.insert(users).values({ email: "m@example.com", passwordHash: "y" })).rejects.toThrow();
    await expect(t.handle.db.execute(sql`update users set role = 'owner' where id = ${user!.id}`)).rejects.toThrow();
  });

  it("has the indexes for a user's orders and for orders by status, newest first", async () => {
    const indexes = resultRows(
      await t.handle.db.execute(sql`select indexname, indexdef from pg_indexes where tablename = 'orders'`),
    );
    const defs = indexes.map((r) => String(r.indexdef));
    expect(defs.some((d) => /\(user_id, created_at DESC( NULLS LAST)?\)/.test(d))).toBe(true);
    // By status: newest first, with the id as the keyset pages' tie-breaker (docs/decisions/082).
    expect(defs.some((d) => /\(status, created_at DESC( NULLS (LAST|FIRST))?, id DESC( NULLS FIRST)?\)/.test(d))).toBe(
      true,
    );
  });

  it.runIf(testDbKind() === "postgres")("lets several instances migrate at once (advisory lock)", async () => {
    const fresh = await createTestDatabase("postgres");
    try {
      const others = [0, 1, 2].map(() => openDatabase({ url: fresh.url!, poolSize: 2 }));
      await Promise.all(others.map((handle) => migrateDatabase(handle, fresh.url)));
      await Promise.all(others.map((handle) => handle.close()));
      const applied = resultRows(
        await fresh.handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      );
      const journal = (await import("../../db/migrations/meta/_journal.json")).default as { entries: unknown[] };
      expect(applied[0]?.n).toBe(journal.entries.length);
    } finally {
      await fresh.drop();
    }
  });
});

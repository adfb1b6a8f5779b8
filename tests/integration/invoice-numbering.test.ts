import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm } from "../support/http";
import { openDatabase, pgliteDir, type DatabaseHandle } from "../../db/client";
import { orderItems, orders, paymentSessions, taxDocuments, users } from "../../db/schema";
import { openServerDatabase } from "../support/seed-accounts";
import { startServer, type RunningServer } from "../support/server-process";
import { dropPostgresDatabase, testDbKind } from "../support/test-db";

const kind = testDbKind();
/** Enough to overlap many payments; fewer on the embedded database, which serves one query at a time. */
const ORDERS = kind === "postgres" ? 24 : 16;
/** Servers and payments on a 2-core machine that other work may share. */
const SLOW_MACHINE_MS = 180_000;

/**
 * Invoice numbers under parallel payment on the production build: on PostgreSQL two server
 * processes against one database (as two app instances behind a load balancer), each paying half
 * the orders at the same moment; on the embedded database (one process per data folder) one
 * server paying all of them at once. Every paid order must get exactly one invoice, numbered
 * 1…N with no gap and no repeat.
 */
describe(`invoice numbers when orders are paid at once on ${kind === "postgres" ? "two server processes" : "one server process"} (${kind})`, () => {
  let servers: RunningServer[] = [];
  let dataDir: string;
  let databaseUrl: string | undefined;
  let sessions: string[] = [];

  beforeAll(async () => {
    const opened = await openServerDatabase("sanad-numbering-");
    dataDir = opened.dataDir;
    databaseUrl = opened.databaseUrl;
    try {
      const { db } = opened.handle;
      const [user] = await db
        .insert(users)
        .values({ email: "numbering@example.com", passwordHash: "x", fullName: "Parallel Payer" })
        .returning({ id: users.id });
      for (let i = 0; i < ORDERS; i++) {
        const [order] = await db
          .insert(orders)
          .values({
            userId: user!.id,
            serviceType: "Travel Ban Check",
            tierName: "Basic",
            amount: 65_000,
            subtotal: 65_000,
            legalName: "Parallel Payer",
            email: "numbering@example.com",
            phone: "+971501234567",
            lang: i % 2 ? "ar" : "en",
          })
          .returning({ id: orders.id });
        await db.insert(orderItems).values({
          orderId: order!.id,
          serviceKey: "travel-ban-check",
          tierId: "basic",
          tierName: "Basic",
          unitPrice: 65_000,
          quantity: 1,
        });
        const id = `test_${crypto.randomBytes(16).toString("hex")}`;
        await db.insert(paymentSessions).values({
          id,
          orderId: order!.id,
          provider: "test",
          status: "open",
          amount: 65_000,
          url: `/test-checkout/${id}`,
        });
        sessions.push(id);
      }
    } finally {
      await opened.handle.close();
    }
    const env = { DATA_DIR: dataDir, LOG_REQUESTS: "false", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    servers = await Promise.all((kind === "postgres" ? [1, 2] : [1]).map(() => startServer(env)));
  }, SLOW_MACHINE_MS);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    sessions = [];
  });

  it(
    "every order is paid once and gets one invoice; the numbers run 1…N without a gap or a repeat",
    async () => {
      // The test page's Pay, as the browser posts it, to the servers in turn, all at once.
      const responses = await Promise.all(
        sessions.map((session, index) => {
          const server = servers[index % servers.length]!;
          return postForm(server.url, `/test-checkout/${session}`, { intent: "pay" });
        }),
      );
      expect(responses.map((r) => r.status)).toEqual(sessions.map(() => 303));
      await Promise.all(servers.map((server) => server.stop()));

      const handle: DatabaseHandle = databaseUrl
        ? openDatabase({ url: databaseUrl, poolSize: 1 })
        : openDatabase({ dataDir: pgliteDir(dataDir) });
      try {
        const paid = await handle.db.select({ id: orders.id, paymentStatus: orders.paymentStatus }).from(orders);
        expect(paid.filter((o) => o.paymentStatus === "paid")).toHaveLength(ORDERS);
        const documents = await handle.db.select().from(taxDocuments);
        expect(documents.every((d) => d.kind === "invoice" && d.series === "INV")).toBe(true);
        expect(new Set(documents.map((d) => d.orderId)).size).toBe(ORDERS);
        expect(documents.map((d) => d.number).sort((a, b) => a - b)).toEqual(
          Array.from({ length: ORDERS }, (_, i) => i + 1),
        );
        expect(documents.map((d) => d.documentNumber).sort()).toEqual(
          Array.from({ length: ORDERS }, (_, i) => `INV-${String(i + 1).padStart(6, "0")}`),
        );
      } finally {
        await handle.close();
      }
    },
    SLOW_MACHINE_MS,
  );
});

import crypto from "node:crypto";
import { eq, sql, type SQL } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "../../app/cases/access.server";
import {
  adminListScope,
  listAdminOrders,
  pageKeyQueries,
  parseAdminOrderFilters,
  viewScope,
  type AdminOrderFilters,
} from "../../app/orders/order-lists.server";
import {
  adminOrderStats,
  compactOrderStats,
  overdueCountQuery,
  recountOrderStats,
  statusTotals,
  type AssigneeScope,
} from "../../app/orders/order-stats.server";
import { changeOrderStatus } from "../../app/orders/order-status.server";
import { encodeCursor } from "../../app/admin/keyset.server";
import { ordersCsvResponse } from "../../app/orders/order-export.server";
import { markPaidInTransaction } from "../../app/payments/payments.server";
import { requestRefund } from "../../app/payments/refunds.server";
import { orders, users, type OrderStatus } from "../../db/schema";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const STATUSES: OrderStatus[] = ["pending", "processing", "completed", "cancelled"];

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

describe(`back office at scale on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  const ids = { admin: "", staffA: "", staffB: "", client: "" };
  const admin = (): Viewer => ({ id: ids.admin, role: "admin" });
  const staff = (id = ids.staffA): Viewer => ({ id, role: "staff" });

  async function user(email: string, role: "client" | "staff" | "admin") {
    const [row] = await t.handle.db
      .insert(users)
      .values({ email, passwordHash: "x", role, fullName: email.split("@")[0] })
      .returning({ id: users.id });
    return row!.id;
  }

  async function order(values: {
    status?: OrderStatus;
    assigneeId?: string | null;
    minutesAgo?: number;
    amount?: number;
    dueAt?: Date | null;
    legalName?: string;
  }) {
    const amount = values.amount ?? 50_000;
    const [row] = await t.handle.db
      .insert(orders)
      .values({
        userId: ids.client,
        amount,
        subtotal: amount,
        status: values.status ?? "pending",
        assigneeId: values.assigneeId ?? null,
        dueAt: values.dueAt ?? null,
        legalName: values.legalName ?? "Scale Client",
        email: "scale@example.com",
        createdAt: new Date(Date.now() - (values.minutesAgo ?? 0) * 60_000),
      })
      .returning({ id: orders.id });
    return row!.id;
  }

  /** Every page of a list, forwards by its next links, then backwards by its previous links. */
  async function walk(params: Record<string, string>, viewer: Viewer, pageSize: number, between?: () => Promise<void>) {
    const forwards: string[][] = [];
    let page = await listAdminOrders(parseAdminOrderFilters(new URLSearchParams(params)), viewer, pageSize);
    forwards.push(page.rows.map((r) => r.id));
    while (page.next) {
      await between?.();
      page = await listAdminOrders(
        parseAdminOrderFilters(new URLSearchParams({ ...params, after: page.next })),
        viewer,
        pageSize,
      );
      forwards.push(page.rows.map((r) => r.id));
    }
    const backwards: string[][] = [forwards[forwards.length - 1]!];
    while (page.previous) {
      page = await listAdminOrders(
        parseAdminOrderFilters(new URLSearchParams({ ...params, before: page.previous })),
        viewer,
        pageSize,
      );
      backwards.unshift(page.rows.map((r) => r.id));
    }
    return { forwards, backwards };
  }

  beforeAll(async () => {
    ids.admin = await user("scale-admin@example.com", "admin");
    ids.staffA = await user("scale-staff-a@example.com", "staff");
    ids.staffB = await user("scale-staff-b@example.com", "staff");
    ids.client = await user("scale-client@example.com", "client");
  });

  it("walks every filtered list page by page exactly once, forwards and back, in the list's order", async () => {
    const assignees = [null, ids.staffA, ids.staffB];
    const past = new Date(Date.now() - 60 * 60_000);
    for (let i = 0; i < 60; i++) {
      // Some share a timestamp: the id orders them.
      await order({
        status: STATUSES[i % 4],
        assigneeId: assignees[i % 3],
        minutesAgo: Math.floor(i / 2),
        dueAt: i % 5 === 0 ? new Date(past.getTime() - i * 60_000) : null,
        legalName: i % 2 ? "Walk Haddad" : "Walk Other",
      });
    }
    const cases: Array<[Record<string, string>, Viewer]> = [
      [{}, admin()],
      [{ status: "pending" }, admin()],
      [{ view: "mine" }, staff()],
      [{ view: "unassigned" }, admin()],
      [{}, staff()],
      [{ status: "processing" }, staff()],
      [{ due: "overdue" }, admin()],
      [{ due: "overdue" }, staff()],
      [{ q: "haddad" }, admin()],
      [{ q: "walk haddad", status: "processing" }, staff()],
    ];
    for (const [params, viewer] of cases) {
      const everything = await listAdminOrders(parseAdminOrderFilters(new URLSearchParams(params)), viewer, 1000);
      const { forwards, backwards } = await walk(params, viewer, 4);
      expect(forwards.flat(), JSON.stringify(params)).toEqual(everything.rows.map((r) => r.id));
      expect(backwards, JSON.stringify(params)).toEqual(forwards);
      expect(forwards.flat().length).toBeGreaterThan(0);
    }
  });

  it("names each row's assignee with the row, and none for the queue", async () => {
    const { rows } = await listAdminOrders(parseAdminOrderFilters(new URLSearchParams()), admin(), 30);
    const name = { [ids.staffA]: "scale-staff-a", [ids.staffB]: "scale-staff-b" };
    expect(rows.some((row) => row.assigneeId === null) && rows.some((row) => row.assigneeId !== null)).toBe(true);
    for (const row of rows)
      expect(row.assigneeName, row.id).toBe(row.assigneeId === null ? null : name[row.assigneeId]);
  });

  it("shows no row twice and skips none that stays in the filter while others change status between pages", async () => {
    const stable = new Set<string>();
    const moving: string[] = [];
    for (let i = 0; i < 30; i++) stable.add(await order({ status: "processing", minutesAgo: 200 + i }));
    for (let i = 0; i < 30; i++)
      moving.push(await order({ status: i % 2 ? "processing" : "pending", minutesAgo: 200 + i }));
    let turn = 0;
    const { forwards } = await walk({ status: "processing" }, admin(), 5, async () => {
      // Another admin works the queue meanwhile: cases enter and leave the filter.
      for (const id of moving.slice(turn * 4, turn * 4 + 4))
        await changeOrderStatus({ orderId: id, status: turn % 2 ? "pending" : "processing", actorId: ids.admin });
      turn++;
    });
    const seen = forwards.flat();
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of stable) expect(seen).toContain(id);
  });

  it("opens the first page for an altered cursor, one made for another filter, and one whose rows have gone", async () => {
    for (let i = 0; i < 6; i++) await order({ status: "cancelled", minutesAgo: 400 + i });
    const first = await listAdminOrders(
      parseAdminOrderFilters(new URLSearchParams({ status: "cancelled" })),
      admin(),
      2,
    );
    const firstIds = first.rows.map((r) => r.id);
    const open = async (params: Record<string, string>) =>
      (await listAdminOrders(parseAdminOrderFilters(new URLSearchParams(params)), admin(), 2)).rows.map((r) => r.id);
    expect(first.next).toBeTruthy();
    const [payload, signature] = first.next!.split(".");
    const forged = Buffer.from(JSON.stringify(["2000-01-01 00:00:00+00", crypto.randomUUID()])).toString("base64url");
    for (const bad of [
      `${forged}.${signature}`,
      `${payload}.${"A".repeat(22)}`,
      "nonsense",
      "a.b.c",
      "%%%",
      "x".repeat(5000),
      `${payload}`,
    ]) {
      expect(await open({ status: "cancelled", after: bad })).toEqual(firstIds);
      expect(await open({ status: "cancelled", before: bad })).toEqual(firstIds);
    }
    // A cursor of another filter (signed for it, not for this one).
    expect(await open({ status: "cancelled", q: "scale", after: first.next! })).toEqual(
      await open({ status: "cancelled", q: "scale" }),
    );
    // Signed but malformed positions never reach the database as such.
    const scope = adminListScope({ q: "", status: "cancelled", view: "all", due: "any" });
    expect(await open({ status: "cancelled", after: encodeCursor({ key: "not a time", id: "x" }, scope) })).toEqual(
      firstIds,
    );
    // Rows gone: a previous page before the very first row, and a next page after the last one.
    const newest = first.rows[0]!;
    const k = rowsOf<{ k: string }>(
      await t.handle.db.execute(sql`select created_at::text as k from orders where id = ${newest.id}`),
    )[0]!.k;
    expect(await open({ status: "cancelled", before: encodeCursor({ key: k, id: newest.id }, scope) })).toEqual(
      firstIds,
    );
    expect(
      await open({
        status: "cancelled",
        after: encodeCursor({ key: "1970-01-01 00:00:00+00", id: crypto.randomUUID() }, scope),
      }),
    ).toEqual(firstIds);
  });

  it("keeps the figures equal to a full recount through payments, refunds, cancellations, status changes, assignment and deletions (property-tested)", async () => {
    const scopes: AssigneeScope[] = [
      { kind: "all" },
      { kind: "queue" },
      { kind: "assignee", id: ids.staffA },
      { kind: "assignee-or-queue", id: ids.staffB },
    ];
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant("create" as const),
        status: fc.constantFrom(...STATUSES),
        assignee: fc.nat(2),
        amount: fc.integer({ min: 0, max: 500_000 }),
      }),
      fc.record({ kind: fc.constant("pay" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("refund" as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant("status" as const), pick: fc.nat(), status: fc.constantFrom(...STATUSES) }),
      fc.record({ kind: fc.constant("assign" as const), pick: fc.nat(), assignee: fc.nat(2) }),
      fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant("bulk" as const), status: fc.constantFrom(...STATUSES) }),
      fc.record({ kind: fc.constant("compact" as const) }),
    );
    const assigneeOf = (n: number) => [null, ids.staffA, ids.staffB][n] ?? null;
    const pickOrder = async (n: number, where: SQL = sql`true`) => {
      const found = rowsOf<{ id: string }>(
        await t.handle.db.execute(sql`select id from orders where ${where} order by id`),
      );
      return found.length ? found[n % found.length]!.id : null;
    };
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const op of ops) {
          if (op.kind === "create")
            await order({ status: op.status, assigneeId: assigneeOf(op.assignee), amount: op.amount });
          else if (op.kind === "pay") {
            const id = await pickOrder(op.pick, sql`payment_status = 'unpaid'`);
            if (id) {
              const [row] = await t.handle.db.select({ amount: orders.amount }).from(orders).where(eq(orders.id, id));
              await t.handle.db.transaction((tx) =>
                markPaidInTransaction(tx, {
                  orderId: id,
                  provider: "test",
                  sessionId: null,
                  amountTotal: row!.amount,
                  currency: "aed",
                }),
              );
            }
          } else if (op.kind === "refund") {
            const id = await pickOrder(
              op.pick,
              sql`payment_status in ('paid', 'partially_refunded') and amount > refunded_amount`,
            );
            if (id) {
              const [row] = await t.handle.db
                .select({ amount: orders.amount, refunded: orders.refundedAmount })
                .from(orders)
                .where(eq(orders.id, id));
              const fils = Math.max(100, Math.floor(((row!.amount - row!.refunded) * op.share) / 100 / 100) * 100);
              await requestRefund({
                orderId: id,
                amount: (Math.min(fils, row!.amount - row!.refunded) / 100).toFixed(2),
                reason: "Property test",
                requestKey: crypto.randomUUID(),
                actorId: ids.admin,
                manual: true,
              });
            }
          } else if (op.kind === "status") {
            const id = await pickOrder(op.pick);
            if (id) await changeOrderStatus({ orderId: id, status: op.status, actorId: ids.admin });
          } else if (op.kind === "assign") {
            const id = await pickOrder(op.pick);
            if (id)
              await t.handle.db
                .update(orders)
                .set({ assigneeId: assigneeOf(op.assignee) })
                .where(eq(orders.id, id));
          } else if (op.kind === "delete") {
            // As retention deletes: orders without tax documents.
            const id = await pickOrder(
              op.pick,
              sql`not exists (select 1 from tax_documents d where d.order_id = orders.id)`,
            );
            if (id) await t.handle.db.execute(sql`delete from orders where id = ${id}`);
          } else if (op.kind === "bulk") {
            // One statement moving many orders at once.
            await t.handle.db.execute(
              sql`update orders set status = ${op.status} where payment_status = 'unpaid' and status <> ${op.status}`,
            );
          } else await compactOrderStats(t.handle.db);
        }
        for (const scope of scopes) {
          const expected = await recountOrderStats(scope, t.handle.db);
          const viewer: Viewer | undefined =
            scope.kind === "all" ? undefined : scope.kind === "assignee-or-queue" ? staff(scope.id) : undefined;
          if (scope.kind === "all" || scope.kind === "assignee-or-queue") {
            const stats = await adminOrderStats(viewer);
            expect(stats.byStatus).toEqual(expected.byStatus);
            expect(stats.totalRevenue).toBe(expected.netPaid);
          }
          const kept = await statusTotals(scope, t.handle.db);
          expect(kept.byStatus).toEqual(expected.byStatus);
          expect(kept.netPaid).toBe(expected.netPaid);
        }
      }),
      { numRuns: 15 },
    );
  });

  it.runIf(testDbKind() === "postgres")("keeps the figures exact when changes commit at the same time", async () => {
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        order({ status: "pending", assigneeId: i % 2 ? ids.staffA : null, amount: 10_000 + i }),
      ),
    );
    await Promise.all(
      created.map((id, i) => changeOrderStatus({ orderId: id, status: STATUSES[(i + 1) % 4]!, actorId: ids.admin })),
    );
    await Promise.all([
      compactOrderStats(),
      compactOrderStats(),
      ...created
        .slice(0, 5)
        .map((id) => t.handle.db.update(orders).set({ assigneeId: ids.staffB }).where(eq(orders.id, id))),
    ]);
    expect((await adminOrderStats()).byStatus).toEqual((await recountOrderStats({ kind: "all" })).byStatus);
    expect((await adminOrderStats(staff(ids.staffA))).byStatus).toEqual(
      (await recountOrderStats({ kind: "assignee-or-queue", id: ids.staffA })).byStatus,
    );
  });

  it("stops reading an export when the client goes away, and when the download is cancelled", async () => {
    const text = async (reader: ReadableStreamDefaultReader<Uint8Array>) => {
      let all = "";
      for (let next = await reader.read(); !next.done; next = await reader.read())
        all += new TextDecoder().decode(next.value);
      return all;
    };
    for (let i = 0; i < 12; i++) await order({ status: "completed", minutesAgo: 900 + i });
    const n = rowsOf<{ n: number }>(await t.handle.db.execute(sql`select count(*)::int as n from orders`))[0]!.n;
    // The whole export, two rows a batch.
    const whole = await text((await ordersCsvResponse({ q: "", status: "all" }, new Date(), 2)).body!.getReader());
    expect(whole.split("\r\n").filter(Boolean)).toHaveLength(1 + n);
    // The client goes away after the first batch: no further row is read or sent.
    const controller = new AbortController();
    const reader = (
      await ordersCsvResponse({ q: "", status: "all" }, new Date(), 2, { signal: controller.signal })
    ).body!.getReader();
    const opening = new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    const rest = await text(reader);
    expect((opening + rest).split("\r\n").filter(Boolean)).toHaveLength(1 + 2);
    // A cancelled download ends the reading too (the stream's cancel returns the generator).
    const cancelled = (await ordersCsvResponse({ q: "", status: "all" }, new Date(), 2)).body!.getReader();
    await cancelled.read();
    await expect(cancelled.cancel()).resolves.toBeUndefined();
  });

  it(
    "reads every offered filter and sort from an index at 100,000 orders (no sequential scan of orders)",
    { timeout: 240_000 },
    async () => {
      await t.handle.db.execute(sql`truncate orders cascade`);
      const staffIds = [ids.staffA, ids.staffB];
      // 100,000 orders over two years, in statements of 5,000 (each far from the statement timeout): statuses and assignment as an office has them.
      for (let from = 1; from <= 100_000; from += 5_000) {
        await t.handle.db.execute(sql`
        insert into orders (user_id, service_type, tier_name, amount, subtotal, status, payment_status, legal_name, email, created_at, due_at, assignee_id)
        select ${ids.client}, (array['Travel Ban Check','Labor Ban Check','Contract Review'])[1 + g % 3], 'Basic', 50000, 50000,
          case when g <= 500 then (array['pending','processing'])[1 + g % 2] when g % 997 = 0 then 'processing' when g % 7 = 0 then 'cancelled' else 'completed' end,
          'paid', (array['Aisha','Omar','Khalid'])[1 + g % 3] || ' ' || (array['Haddad','Nasser','Saleh','Karim'])[1 + g % 4] || ' ' || g, 'client' || (g % 400) || '@plans.example.com',
          now() - g * interval '631 seconds', now() - g * interval '631 seconds' + interval '3 days',
          case when g % 3 = 0 then null when g % 3 = 1 then ${staffIds[0]}::uuid else ${staffIds[1]}::uuid end
        from generate_series(${from}::int, ${from + 4_999}::int) g`);
      }
      await t.handle.db.execute(sql`analyze orders`);
      const cursorAt = (direction: "after" | "before") => ({
        direction,
        position: {
          key: new Date(Date.now() - 30 * 86_400_000).toISOString().replace("T", " ").replace("Z", "+00"),
          id: crypto.randomUUID(),
        },
      });
      const filterSets: Array<Partial<AdminOrderFilters>> = [
        {},
        ...STATUSES.map((status) => ({ status })),
        { view: "mine" },
        { view: "unassigned" },
        { view: "mine", status: "completed" },
        { view: "unassigned", status: "pending" },
        { due: "overdue" },
        { due: "overdue", status: "processing" },
        { due: "overdue", view: "mine" },
      ];
      const viewers: Viewer[] = [admin(), staff()];
      const plans: string[] = [];
      const explain = async (label: string, query: SQL) => {
        const [row] = rowsOf<{ "QUERY PLAN": unknown }>(await t.handle.db.execute(sql`explain (format json) ${query}`));
        const text = JSON.stringify(row!["QUERY PLAN"]);
        const seqScan = (node: unknown): boolean => {
          if (Array.isArray(node)) return node.some(seqScan);
          if (!node || typeof node !== "object") return false;
          const plan = node as Record<string, unknown>;
          if (plan["Node Type"] === "Seq Scan" && plan["Relation Name"] === "orders") return true;
          return Object.values(plan).some(seqScan);
        };
        if (seqScan(row!["QUERY PLAN"])) plans.push(`${label}: ${text}`);
      };
      for (const viewer of viewers) {
        for (const set of filterSets) {
          for (const cursor of [null, cursorAt("after"), cursorAt("before")]) {
            const filters: AdminOrderFilters = { q: "", status: "all", view: "all", due: "any", ...set, cursor };
            const queries = pageKeyQueries(filters, viewScope(filters.view, viewer), new Date(), 26);
            await explain(`${viewer.role} ${JSON.stringify(set)} ${cursor?.direction ?? "first"}`, queries.list);
            // A search walks the same filtered list in order; a rare one asks the trigram index.
            await explain(
              `${viewer.role} ${JSON.stringify(set)} search walk`,
              pageKeyQueries({ ...filters, q: "haddad" }, viewScope(filters.view, viewer), new Date(), 26).walk,
            );
            await explain(
              `${viewer.role} ${JSON.stringify(set)} rare search`,
              pageKeyQueries({ ...filters, q: "client17@plans" }, viewScope(filters.view, viewer), new Date(), 26)
                .matches,
            );
          }
        }
        await explain(`${viewer.role} overdue count`, overdueCountQuery(viewScope("all", viewer), new Date()));
        await explain(`${viewer.role} overdue count, mine`, overdueCountQuery(viewScope("mine", viewer), new Date()));
      }
      expect(plans).toEqual([]);
      // The check itself sees a sequential scan when there is one (phone has no index).
      await explain("unindexed", sql`select id from orders where phone = '+971500000000'`);
      expect(plans).toHaveLength(1);
    },
  );
});

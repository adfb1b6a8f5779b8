import { and, count, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { orders, orderStatDeltas, type OrderStatus } from "../../db/schema";
import type { Viewer } from "../cases/access.server";
import { resultRows } from "../../db/rows";
import { db, type Queryable } from "../db.server";

/**
 * The back office's figures without reading the orders (decision 082). Counts and money per
 * assignee and status are kept by triggers on `orders` in `order_stat_deltas` (migration 0007), in
 * the transaction of every change (payments, refunds, cancellations, assignment, deletions), so
 * they are exact. Only "overdue" depends on the clock: it is counted on the partial index of open
 * cases by due time, up to OVERDUE_COUNT_LIMIT, so its cost is bounded by that limit.
 */

/** Overdue cases are counted exactly up to this number, then shown as "more than". */
export const OVERDUE_COUNT_LIMIT = 1000;
/** Above this many delta rows, a read folds them together (the work of compactOrderStats). */
const COMPACT_AFTER_ROWS = 500;

/** `lastUpdated`: the latest change to any of the client's orders (part of the dashboard's live version). */
export type ClientOrderStats = {
  totalOrders: number;
  completed: number;
  pending: number;
  totalSpent: number;
  lastUpdated: string | null;
};

/** Money kept from an order: what was paid less what was refunded (zero for unpaid orders). */
const netPaid = sql`coalesce(sum(${orders.amount} - ${orders.refundedAmount}) filter (where ${orders.paymentStatus} in ('paid', 'partially_refunded', 'refunded')), 0)`;

/** The dashboard's four figures in one query. Total Spent adds up paid orders, net of refunds (fils). */
export async function clientOrderStats(userId: string, q: Queryable = db): Promise<ClientOrderStats> {
  const [row] = await q
    .select({
      totalOrders: count(),
      completed: sql<number>`count(*) filter (where ${orders.status} = 'completed')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
      totalSpent: sql<number>`${netPaid}`.mapWith(Number),
      lastUpdated: sql<string | null>`max(${orders.updatedAt})::text`,
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  return row ?? { totalOrders: 0, completed: 0, pending: 0, totalSpent: 0, lastUpdated: null };
}

export type Counted = { count: number; exact: boolean };

export type AdminOrderStats = {
  totalOrders: number;
  pending: number;
  completed: number;
  /** Paid orders net of refunds, fils. */
  totalRevenue: number;
  overdue: number;
  /** False when there are more overdue cases than OVERDUE_COUNT_LIMIT (overdue is then that limit). */
  overdueExact: boolean;
  /** Orders per status (for the exact count of a filtered list). */
  byStatus: Record<OrderStatus, number>;
};

/** Which assignees' rows a viewer's list covers: staff their own cases and the queue; admins all (or one view of them). */
export type AssigneeScope =
  { kind: "all" } | { kind: "queue" } | { kind: "assignee"; id: string } | { kind: "assignee-or-queue"; id: string };

export function assigneeScopeCondition(
  scope: AssigneeScope,
  column: typeof orders.assigneeId | typeof orderStatDeltas.assigneeId,
): SQL | undefined {
  switch (scope.kind) {
    case "all":
      return undefined;
    case "queue":
      return isNull(column);
    case "assignee":
      return eq(column, scope.id);
    case "assignee-or-queue":
      return or(isNull(column), eq(column, scope.id));
  }
}

/** The kept sums per status over what `scope` covers (one row per status: status, orders, net_paid, rows). */
function perStatusQuery(scope: AssigneeScope): SQL {
  const condition = assigneeScopeCondition(scope, orderStatDeltas.assigneeId);
  return sql`select ${orderStatDeltas.status} as status, coalesce(sum(${orderStatDeltas.orders}), 0) as orders, coalesce(sum(${orderStatDeltas.netPaid}), 0) as net_paid, count(*) as rows from ${orderStatDeltas} ${condition ? sql`where ${condition}` : sql``} group by ${orderStatDeltas.status}`;
}

/** The figures from perStatusQuery's rows (numbers may arrive as strings: bigint sums). */
function foldTotals(rows: ReadonlyArray<Record<string, unknown>>) {
  const byStatus: Record<OrderStatus, number> = { pending: 0, processing: 0, completed: 0, cancelled: 0 };
  let netPaid = 0;
  let deltaRows = 0;
  for (const row of rows) {
    byStatus[row.status as OrderStatus] = Number(row.orders);
    netPaid += Number(row.net_paid);
    deltaRows += Number(row.rows);
  }
  return { byStatus, netPaid, deltaRows };
}

/** A count taken up to `limit` + 1: exact up to the limit, else "more than" it. */
function countedUpTo(n: number, limit: number): Counted {
  return n > limit ? { count: limit, exact: false } : { count: n, exact: true };
}

/** The figures over what `scope` covers, read from the kept sums. */
export async function statusTotals(scope: AssigneeScope, q: Queryable = db) {
  return foldTotals(resultRows(await q.execute(perStatusQuery(scope))));
}

/**
 * statusTotals and countOverdue in one statement: every back-office page shows both, and a round
 * trip to the database costs more than either query.
 */
async function totalsWithOverdue(scope: AssigneeScope, now: Date, q: Queryable) {
  const [row] = resultRows(
    await q.execute(
      sql`select (select coalesce(json_agg(t), '[]'::json) from (${perStatusQuery(scope)}) t) as totals, (${overdueCountQuery(scope, now)}) as overdue`,
    ),
  );
  // The drivers parse json columns; a string is parsed here in case one does not.
  const totals =
    typeof row?.totals === "string"
      ? (JSON.parse(row.totals) as Record<string, unknown>[])
      : ((row?.totals ?? []) as Record<string, unknown>[]);
  return { totals: foldTotals(totals), overdue: countedUpTo(Number(row?.overdue ?? 0), OVERDUE_COUNT_LIMIT) };
}

/** The count of open cases past their due time within `scope`, stopping after `limit` + 1 (exported for the query-plan test). */
export function overdueCountQuery(
  scope: AssigneeScope,
  now: Date,
  limit = OVERDUE_COUNT_LIMIT,
  status?: "pending" | "processing",
): SQL {
  const branch = (assignee: SQL | undefined) =>
    sql`(select 1 from ${orders} where ${orders.status} in ('pending', 'processing') and ${orders.dueAt} < ${now.toISOString()}::timestamptz ${assignee ? sql`and ${assignee}` : sql``} ${status ? sql`and ${orders.status} = ${status}` : sql``} limit ${limit + 1})`;
  // Staff: their cases and the queue, as two index ranges rather than an OR the index cannot order.
  return scope.kind === "assignee-or-queue"
    ? sql`select count(*)::int as n from (${branch(eq(orders.assigneeId, scope.id))} union all ${branch(isNull(orders.assigneeId))}) o`
    : sql`select count(*)::int as n from ${branch(assigneeScopeCondition(scope, orders.assigneeId))} o`;
}

/** Open cases past their due time within `scope` (and of `status`, if given), counted on the partial due-time indexes up to `limit`. */
export async function countOverdue(
  scope: AssigneeScope,
  now: Date,
  limit = OVERDUE_COUNT_LIMIT,
  q: Queryable = db,
  status?: "pending" | "processing",
): Promise<Counted> {
  const [row] = resultRows(await q.execute(overdueCountQuery(scope, now, limit, status)));
  return countedUpTo(Number(row?.n ?? 0), limit);
}

/**
 * The back-office figures over the orders `viewer` may see (staff: their cases and the queue).
 * Total Revenue adds up paid orders net of refunds (fils); overdue counts open cases past their due time.
 */
export async function adminOrderStats(viewer?: Viewer, now = new Date(), q: Queryable = db): Promise<AdminOrderStats> {
  const scope: AssigneeScope =
    !viewer || viewer.role === "admin" ? { kind: "all" } : { kind: "assignee-or-queue", id: viewer.id };
  const { totals, overdue } = await totalsWithOverdue(scope, now, q);
  if (totals.deltaRows > COMPACT_AFTER_ROWS)
    void compactOrderStats().catch((error: unknown) =>
      console.error(`order statistics compaction failed: ${String(error)}`),
    );
  const { byStatus } = totals;
  return {
    totalOrders: byStatus.pending + byStatus.processing + byStatus.completed + byStatus.cancelled,
    pending: byStatus.pending,
    completed: byStatus.completed,
    totalRevenue: totals.netPaid,
    overdue: overdue.count,
    overdueExact: overdue.exact,
    byStatus,
  };
}

/**
 * Folds the kept rows into one per assignee and status. One statement: the rows it deletes are
 * the rows it sums, so a change committed meanwhile is kept as its own row, and two compactions
 * at once each fold a different set of rows.
 */
export async function compactOrderStats(q: Queryable = db) {
  await q.execute(sql`
    with moved as (delete from ${orderStatDeltas} returning *)
    insert into ${orderStatDeltas} (assignee_id, status, orders, net_paid)
    select assignee_id, status, sum(orders), sum(net_paid) from moved group by assignee_id, status
    having sum(orders) <> 0 or sum(net_paid) <> 0`);
}

/** The same figures counted from every order: what the kept sums must always equal (tests, checks). */
export async function recountOrderStats(scope: AssigneeScope, q: Queryable = db) {
  const rows = await q
    .select({
      status: orders.status,
      orders: sql<number>`count(*)`.mapWith(Number),
      netPaid:
        sql<number>`coalesce(sum(${orders.amount} - ${orders.refundedAmount}) filter (where ${orders.paymentStatus} in ('paid', 'partially_refunded', 'refunded')), 0)`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(and(assigneeScopeCondition(scope, orders.assigneeId)))
    .groupBy(orders.status);
  const byStatus: Record<OrderStatus, number> = { pending: 0, processing: 0, completed: 0, cancelled: 0 };
  let netPaid = 0;
  for (const row of rows) {
    byStatus[row.status] = row.orders;
    netPaid += row.netPaid;
  }
  return { byStatus, netPaid };
}

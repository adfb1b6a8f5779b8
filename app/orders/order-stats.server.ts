import { count, eq, sql } from "drizzle-orm";
import { orders } from "../../db/schema";
import { caseScope, type Viewer } from "../cases/access.server";
import { db, type Queryable } from "../db.server";
import { overdueCondition } from "./order-lists.server";

export type ClientOrderStats = { totalOrders: number; completed: number; pending: number; totalSpent: number };

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
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  return row ?? { totalOrders: 0, completed: 0, pending: 0, totalSpent: 0 };
}

export type AdminOrderStats = { totalOrders: number; pending: number; completed: number; totalRevenue: number; overdue: number };

/**
 * The admin dashboard's figures in one query, over the orders `viewer` may see (staff: their
 * cases and the queue). Total Revenue adds up paid orders, net of refunds (fils); overdue counts
 * open cases past their due time.
 */
export async function adminOrderStats(viewer?: Viewer, now = new Date(), q: Queryable = db): Promise<AdminOrderStats> {
  const [row] = await q
    .select({
      totalOrders: count(),
      pending: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${orders.status} = 'completed')`.mapWith(Number),
      totalRevenue: sql<number>`${netPaid}`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${overdueCondition(now)})`.mapWith(Number),
    })
    .from(orders)
    .where(viewer ? caseScope(viewer) : undefined);
  return row ?? { totalOrders: 0, pending: 0, completed: 0, totalRevenue: 0, overdue: 0 };
}

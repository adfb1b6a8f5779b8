import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { consultationBookings, orderItems, orders } from "../../db/schema";
import { sessionCreditsOfLine } from "../catalogue";
import { consultationText } from "../content/consultations.server";
import { db, type Queryable } from "../db.server";
import { fill } from "../i18n/fill";
import type { Lang } from "../i18n/lang";

/**
 * Session credits: every consultation session an order's lines include ("One consultation
 * session", or a consultation type bought on its own) is a credit once the order is paid. A
 * refunded or cancelled order keeps none. The count comes from the catalogue (plans.ts `sessions`),
 * so nothing is stored until a session is booked.
 */
type CreditOrder = {
  status: string;
  /** Live (not cancelled) bookings of the order's sessions. */
  bookedSessions?: number;
  paymentStatus: string;
  items: readonly { serviceKey: string; tierId: string; quantity: number }[];
};

/** Payment states in which an order's sessions can be used (a full refund takes them back). */
const CREDIT_PAYMENT_STATUSES = ["paid", "partially_refunded"] as const;

export function sessionCredits(order: CreditOrder): number {
  if (order.status === "cancelled") return 0;
  if (!(CREDIT_PAYMENT_STATUSES as readonly string[]).includes(order.paymentStatus)) return 0;
  return order.items.reduce((sum, item) => sum + sessionCreditsOfLine(item.serviceKey, item.tierId, item.quantity), 0);
}

/** Credits minus the order's live bookings (a cancelled booking gives its credit back). */
export function unusedSessionCredits(order: CreditOrder): number {
  return Math.max(0, sessionCredits(order) - (order.bookedSessions ?? 0));
}

/** How many live bookings each order has. */
export async function bookedSessionCounts(
  orderIds: readonly string[],
  q: Queryable = db,
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await q
    .select({ orderId: consultationBookings.orderId, count: sql<number>`count(*)::int` })
    .from(consultationBookings)
    .where(and(inArray(consultationBookings.orderId, [...orderIds]), ne(consultationBookings.state, "cancelled")))
    .groupBy(consultationBookings.orderId);
  return new Map(rows.map((row) => [row.orderId, Number(row.count)]));
}

export type SessionCreditView = {
  orderId: string;
  orderLabel: string;
  unused: number;
  title: string;
  text: string;
  bookLabel: string;
  bookPath: string;
};

export function sessionCreditView(order: CreditOrder & { id: string }, lang: Lang): SessionCreditView | null {
  const unused = unusedSessionCredits(order);
  if (unused === 0) return null;
  const t = consultationText[lang];
  return {
    orderId: order.id,
    orderLabel: fill(t.order, { id: order.id.slice(0, 8) }),
    unused,
    title: fill(
      unused === 1 ? t.oneSession : unused === 2 ? t.twoSessions : unused <= 10 ? t.fewSessions : t.manySessions,
      { count: unused },
    ),
    text: t.howToBook,
    bookLabel: t.book,
    bookPath: `/dashboard/orders/${order.id}/book`,
  };
}

/** The client's paid orders with sessions still to book, oldest first (the dashboard's reminder). */
export async function sessionsToBook(userId: string, lang: Lang): Promise<SessionCreditView[]> {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      serviceKey: orderItems.serviceKey,
      tierId: orderItems.tierId,
      quantity: orderItems.quantity,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        ne(orders.status, "cancelled"),
        inArray(orders.paymentStatus, [...CREDIT_PAYMENT_STATUSES]),
      ),
    )
    .orderBy(asc(orders.paidAt), asc(orders.id));
  const byOrder = new Map<string, CreditOrder & { id: string }>();
  for (const row of rows) {
    const order = byOrder.get(row.id) ?? {
      id: row.id,
      status: row.status,
      paymentStatus: row.paymentStatus,
      items: [],
    };
    byOrder.set(row.id, { ...order, items: [...order.items, row] });
  }
  const booked = await bookedSessionCounts([...byOrder.keys()]);
  return [...byOrder.values()].flatMap(
    (order) => sessionCreditView({ ...order, bookedSessions: booked.get(order.id) ?? 0 }, lang) ?? [],
  );
}

import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { orderEvents, orderItems, orders, PAYABLE_STATUSES, paymentSessions, users } from "../../db/schema";
import { isServiceKey, serviceName } from "../catalogue";
import { db } from "../db.server";
import { getEnv } from "../env.server";
import { fill } from "../i18n/fill";
import { localizePath } from "../i18n/lang";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import { markPaidInTransaction } from "../payments/payments.server";
import { fromStripeSession, stripeSdk } from "../payments/providers.server";
import { releaseCouponReservation } from "./coupons.server";
import { orderMailText } from "./order-mail-text.server";
import { shortOrderId } from "./order-basics.server";

type Logger = (message: string) => void;

/** When an order placed at `createdAt` stops being payable (UNPAID_ORDER_EXPIRY_HOURS later). */
export function unpaidOrderDeadline(createdAt: Date) {
  return new Date(createdAt.getTime() + getEnv().UNPAID_ORDER_EXPIRY_HOURS * 3_600_000);
}

/**
 * Cancels pending orders left unpaid for UNPAID_ORDER_EXPIRY_HOURS and gives their coupon use
 * back. Open Stripe sessions are expired first, so no payment can start afterwards; one that was
 * paid meanwhile is marked paid instead. Orders staff moved on (processing) are left alone. Safe
 * on several instances at once: each order is re-checked under its row lock.
 */
export async function expireUnpaidOrders({
  now = new Date(),
  limit = 50,
  log = () => {},
}: { now?: Date; limit?: number; log?: Logger } = {}) {
  const cutoff = new Date(now.getTime() - getEnv().UNPAID_ORDER_EXPIRY_HOURS * 3_600_000);
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.status, "pending"), inArray(orders.paymentStatus, PAYABLE_STATUSES), lt(orders.createdAt, cutoff)),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
  let expired = 0;
  for (const { id } of due) {
    try {
      if (await closeStripeSessions(id)) continue;
      if (await cancelExpiredOrder(id, cutoff)) expired++;
    } catch (error) {
      log(`unpaid order ${id} not expired: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return expired;
}

/** Expires the order's open Stripe sessions; true when one turned out paid (the order is then paid, not expired). */
async function closeStripeSessions(orderId: string): Promise<boolean> {
  const open = await db
    .select()
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.orderId, orderId),
        eq(paymentSessions.provider, "stripe"),
        eq(paymentSessions.status, "open"),
      ),
    );
  if (open.length === 0 || !getEnv().STRIPE_SECRET_KEY) return false;
  for (const session of open) {
    let remote;
    try {
      remote = fromStripeSession(await stripeSdk().checkout.sessions.expire(session.id));
    } catch {
      // Already complete or expired at Stripe: look at it as it is.
      remote = fromStripeSession(await stripeSdk().checkout.sessions.retrieve(session.id));
    }
    if (remote.status === "complete" && remote.paymentStatus !== "unpaid") {
      await db.transaction((tx) =>
        markPaidInTransaction(tx, {
          orderId,
          provider: "stripe",
          sessionId: session.id,
          amountTotal: remote.amountTotal,
          currency: remote.currency,
          paymentId: remote.paymentIntentId,
        }),
      );
      return true;
    }
  }
  return false;
}

async function cancelExpiredOrder(orderId: string, cutoff: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ order: orders, userEmail: users.email, userName: users.fullName })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId))
      .for("update", { of: orders });
    if (
      !order ||
      order.order.status !== "pending" ||
      !(PAYABLE_STATUSES as readonly string[]).includes(order.order.paymentStatus) ||
      order.order.createdAt >= cutoff
    )
      return false;
    const hours = getEnv().UNPAID_ORDER_EXPIRY_HOURS;
    await tx.update(orders).set({ status: "cancelled", updatedAt: new Date() }).where(eq(orders.id, orderId));
    await tx
      .update(paymentSessions)
      .set({ status: "expired" })
      .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.status, "open")));
    const released = await releaseCouponReservation(tx, orderId);
    await tx.insert(orderEvents).values({
      orderId,
      kind: "status",
      fromValue: "pending",
      toValue: "cancelled",
      note: `Not paid within ${hours} hours: cancelled automatically.${released ? ` Coupon ${order.order.couponCode} use released.` : ""}`,
    });
    const lang = order.order.lang;
    const text = orderMailText[lang];
    const items = await tx
      .select({ serviceKey: orderItems.serviceKey })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const names = [
      ...new Set(
        items.map((item) =>
          isServiceKey(item.serviceKey) ? serviceName(item.serviceKey, lang) : order.order.serviceType,
        ),
      ),
    ];
    await queueMail(tx, {
      to: order.order.email || order.userEmail,
      kind: "order-expired",
      ...renderEmail(
        {
          subject: fill(text.expired.subject, { id: shortOrderId(orderId) }),
          greeting: fill(text.greeting, { name: order.order.legalName || order.userName || order.userEmail }),
          paragraphs: [
            fill(text.expired.body, {
              service: names.join(lang === "ar" ? "، " : ", ") || order.order.serviceType,
              hours,
            }),
          ],
          details: [[text.orderLabel, shortOrderId(orderId)]],
          action: {
            label: text.action,
            url: `${getEnv().SITE_URL}${localizePath(lang, `/dashboard/orders/${orderId}`)}`,
          },
        },
        lang,
      ),
    });
    return true;
  });
}

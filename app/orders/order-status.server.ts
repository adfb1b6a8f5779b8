import { asc, eq } from "drizzle-orm";
import { orderEvents, orderItems, orders, PAYABLE_STATUSES, users, type OrderStatus } from "../../db/schema";
import { isServiceKey, serviceName } from "../catalogue";
import { db, type Queryable, type Transaction } from "../db.server";
import { getEnv } from "../env.server";
import { formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import { localizePath } from "../i18n/lang";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import { isUuid } from "../utils/ids";
import { reclaimCouponReservation, releaseCouponReservation } from "./coupons.server";
import { isOrderStatus, shortOrderId } from "./order-basics.server";
import { orderMailText } from "./order-mail-text.server";

export type StatusChangeResult =
  | { ok: true; changed: boolean; from: OrderStatus; to: OrderStatus }
  | { ok: false; error: "invalid-input" | "not-found" | "coupon-gone" };

/**
 * Sets an order's status (staff: the caller checks who may). Writes the change and its history row
 * in one transaction, and queues an e-mail to the client when the order is completed or cancelled.
 * Setting the status it already has changes nothing and records nothing. Cancelling an unpaid
 * order gives its coupon use back; opening it again takes the use back, if the coupon still allows.
 */
export async function changeOrderStatus(input: StatusChangeInput): Promise<StatusChangeResult> {
  if (!isUuid(input.orderId) || !isOrderStatus(input.status)) return { ok: false, error: "invalid-input" };
  return db.transaction((tx) => changeOrderStatusInTransaction(tx, input));
}

export type StatusChangeInput = {
  orderId: unknown;
  status: unknown;
  actorId: string;
  note?: string | null;
  /** False when the caller sends its own e-mail about the change (an accepted cancellation request). */
  mailClient?: boolean;
};

/** changeOrderStatus inside the caller's transaction (which then owns the order's row lock). */
export async function changeOrderStatusInTransaction(
  tx: Transaction,
  input: StatusChangeInput,
): Promise<StatusChangeResult> {
  const { orderId, status, actorId } = input;
  if (!isUuid(orderId) || !isOrderStatus(status)) return { ok: false, error: "invalid-input" };
  const [current] = await tx
    .select({
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      userId: orders.userId,
      email: orders.email,
      legalName: orders.legalName,
      lang: orders.lang,
      serviceType: orders.serviceType,
      amount: orders.amount,
      userEmail: users.email,
      userName: users.fullName,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  if (!current) return { ok: false as const, error: "not-found" as const };
  if (current.status === status) return { ok: true as const, changed: false, from: current.status, to: status };
  const unpaid = (PAYABLE_STATUSES as readonly string[]).includes(current.paymentStatus);
  if (unpaid && current.status === "cancelled" && (await reclaimCouponReservation(tx, orderId, current.userId)))
    return { ok: false as const, error: "coupon-gone" as const };
  if (unpaid && status === "cancelled") await releaseCouponReservation(tx, orderId);
  await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
  await tx.insert(orderEvents).values({
    orderId,
    actorId,
    kind: "status",
    fromValue: current.status,
    toValue: status,
    note: input.note?.trim() || null,
  });
  if ((status === "completed" || status === "cancelled") && input.mailClient !== false) {
    const lang: Lang = current.lang;
    const text = orderMailText[lang];
    const service = await orderServiceName(tx, orderId, lang, current.serviceType);
    const name = current.userName || current.legalName || current.userEmail;
    const mail = status === "completed" ? text.completed : text.cancelled;
    await queueMail(tx, {
      to: current.userEmail,
      kind: `order-${status}`,
      ...renderEmail(
        {
          subject: mail.subject.replace("{id}", shortOrderId(orderId)),
          greeting: text.greeting.replace("{name}", name),
          paragraphs: [mail.body.replace("{service}", service)],
          details: [
            [text.orderLabel, shortOrderId(orderId)],
            [text.serviceLabel, service],
            [text.amountLabel, formatMoney(current.amount, lang)],
          ],
          action: {
            label: text.action,
            url: `${getEnv().SITE_URL}${localizePath(lang, `/dashboard/orders/${orderId}`)}`,
          },
        },
        lang,
      ),
    });
  }
  return { ok: true as const, changed: true, from: current.status, to: status };
}

/** The services of an order by their names in `lang` (the order row keeps the English ones). */
export async function orderServiceName(tx: Queryable, orderId: string, lang: Lang, fallback: string) {
  const items = await tx
    .select({ serviceKey: orderItems.serviceKey })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  const names = [
    ...new Set(
      items
        .map((item) => (isServiceKey(item.serviceKey) ? serviceName(item.serviceKey, lang) : null))
        .filter((name): name is string => name !== null),
    ),
  ];
  return names.length > 0 ? names.join(lang === "ar" ? "، " : ", ") : fallback;
}

/** Saves the staff-only note of an order and records that it changed. False when there is no such order. */
export async function saveInternalNote(input: { orderId: unknown; note: string; actorId: string }): Promise<boolean> {
  if (!isUuid(input.orderId)) return false;
  const orderId = input.orderId;
  const note = input.note.trim() || null;
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({ internalNote: note, updatedAt: new Date() })
      .where(eq(orders.id, orderId))
      .returning({ id: orders.id });
    if (!updated.length) return false;
    await tx.insert(orderEvents).values({ orderId, actorId: input.actorId, kind: "note", note });
    return true;
  });
}

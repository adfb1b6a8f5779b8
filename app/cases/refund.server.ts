import { eq } from "drizzle-orm";
import { orderEvents, orders, type Order } from "../../db/schema";
import type { Transaction } from "../db.server";
import { getEnv } from "../env.server";
import { formatMoney } from "../i18n/format";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import { shortOrderId } from "../orders/order-queries.server";

/** The payment flag of a cancelled, paid order whose money must still be returned by hand. */
export const MANUAL_REFUND_FLAG = "manual-refund";

export type RefundOutcome = { kind: "manual"; amount: number };

/**
 * The one place an accepted cancellation of a paid order asks for its money back, inside the
 * transaction that cancels it. Refunds are not made by the software yet: the order is flagged
 * for a manual refund (shown on the admin pages), the history says how much, and staff are mailed.
 * When a refund flow exists, call it from here instead.
 */
export async function refundCancelledOrder(tx: Transaction, order: Pick<Order, "id" | "amount" | "paidAmount" | "serviceType">, actorId: string): Promise<RefundOutcome> {
  const amount = order.paidAmount ?? order.amount;
  const shown = formatMoney(amount, "en", "code");
  await tx.update(orders).set({ paymentFlag: MANUAL_REFUND_FLAG, updatedAt: new Date() }).where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({ orderId: order.id, actorId, kind: "payment", fromValue: "paid", toValue: "paid", note: `Cancellation accepted after payment: refund ${shown} by hand.` });
  const env = getEnv();
  await queueMail(tx, {
    to: env.STAFF_EMAIL,
    kind: "staff-refund-due",
    ...renderEmail({
      subject: `Refund due by hand: order ${shortOrderId(order.id)} (${shown})`,
      paragraphs: [
        `The client's cancellation of order ${shortOrderId(order.id)} (${order.serviceType}) was accepted after payment. Refund ${shown} through the payment provider, then note it on the order.`,
      ],
      action: { label: "Open the order", url: `${env.SITE_URL}/admin/orders/${order.id}` },
    }),
  });
  return { kind: "manual", amount };
}

import { eq } from "drizzle-orm";
import { orderEvents, orders } from "../../db/schema";
import { db } from "../db.server";
import { getEnv } from "../env.server";
import { formatMoney } from "../i18n/format";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import { shortOrderId } from "../orders/order-queries.server";
import { refundableAmount, requestRefund } from "../payments/refunds.server";

/** The payment flag of a cancelled, paid order whose money must still be returned by hand. */
export const MANUAL_REFUND_FLAG = "manual-refund";

export type RefundOutcome = { kind: "refund"; status: "pending" | "succeeded" | "failed"; amount: number } | { kind: "manual"; amount: number } | { kind: "none" };

/**
 * The one place an accepted cancellation of a paid order asks for its money back, once the
 * cancellation is committed: everything still refundable, through the payment provider's refund
 * flow (app/payments/refunds.server.ts), keyed by the cancellation request so it is asked for once.
 * When the provider cannot refund it (not configured here, or it refused), the order is flagged for
 * a manual refund (shown on the admin pages), the history says how much, and staff are mailed.
 */
export async function refundCancelledOrder(input: { orderId: string; requestId: string; actorId: string }): Promise<RefundOutcome> {
  const amount = await refundableAmount(input.orderId);
  if (amount === 0) return { kind: "none" };
  const outcome = await requestRefund({
    orderId: input.orderId,
    amount: (amount / 100).toFixed(2),
    reason: "Cancellation requested by the client and accepted",
    requestKey: input.requestId,
    actorId: input.actorId,
  });
  if (outcome.ok && outcome.refund.status !== "failed") return { kind: "refund", status: outcome.refund.status, amount: outcome.refund.amount };
  if (!outcome.ok && outcome.error === "duplicate") return { kind: "refund", status: "pending", amount };
  return flagManualRefund(input.orderId, amount, input.actorId);
}

async function flagManualRefund(orderId: string, amount: number, actorId: string): Promise<RefundOutcome> {
  const shown = formatMoney(amount, "en", "code");
  await db.transaction(async (tx) => {
    const [order] = await tx.update(orders).set({ paymentFlag: MANUAL_REFUND_FLAG, updatedAt: new Date() }).where(eq(orders.id, orderId)).returning({ serviceType: orders.serviceType });
    await tx.insert(orderEvents).values({ orderId, actorId, kind: "payment", fromValue: "paid", toValue: "paid", note: `Cancellation accepted after payment: refund ${shown} by hand.` });
    const env = getEnv();
    await queueMail(tx, {
      to: env.STAFF_EMAIL,
      kind: "staff-refund-due",
      ...renderEmail({
        subject: `Refund due by hand: order ${shortOrderId(orderId)} (${shown})`,
        paragraphs: [
          `The client's cancellation of order ${shortOrderId(orderId)} (${order?.serviceType ?? ""}) was accepted after payment, and the payment provider could not refund it. Refund ${shown} by hand, then record it on the order.`,
        ],
        action: { label: "Open the order", url: `${env.SITE_URL}/admin/orders/${orderId}` },
      }),
    });
  });
  return { kind: "manual", amount };
}

import { and, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { orderEvents, orderMessages, orders, refunds } from "../../db/schema";
import { db } from "../db.server";
import { getEnv } from "../env.server";
import { formatMoney } from "../i18n/format";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import { shortOrderId } from "../orders/order-basics.server";
import { MANUAL_REFUND_FLAG, refundableAmount, requestRefund } from "../payments/refunds.server";

export { MANUAL_REFUND_FLAG };

export type RefundOutcome =
  | { kind: "refund"; status: "pending" | "succeeded" | "failed"; amount: number }
  | { kind: "manual"; amount: number }
  | { kind: "none" }
  /** Not asked yet (the database or the provider failed on the way): the background job asks again. */
  | { kind: "deferred" };

/** What the refund of an accepted cancellation says in the history and to the provider. */
const REASON = "Cancellation requested by the client and accepted";

/**
 * The one place an accepted cancellation of a paid order asks for its money back, once the
 * cancellation is committed: everything still refundable, through the refund flow of the money
 * module (app/payments/refunds.server.ts), keyed by the cancellation request, so it is asked for
 * once however often this runs. A provider that is not reached leaves the refund pending; the
 * refund job sends it again. When no provider can refund it (not configured on this install) or
 * the provider refused, the order is flagged for a refund by hand (shown on the admin pages, and
 * cleared once a refund of everything is recorded), the history says how much, and staff are mailed.
 */
export async function refundCancelledOrder(input: {
  orderId: string;
  requestId: string;
  actorId: string | null;
}): Promise<RefundOutcome> {
  let amount = await refundableAmount(input.orderId);
  if (amount === 0) return { kind: "none" };
  const ask = (fils: number) =>
    requestRefund({
      orderId: input.orderId,
      amount: (fils / 100).toFixed(2),
      reason: REASON,
      requestKey: input.requestId,
      actorId: input.actorId,
    });
  let outcome = await ask(amount);
  // Another refund went through meanwhile: what is left.
  if (!outcome.ok && outcome.error === "exceeds" && outcome.refundable)
    outcome = await ask((amount = outcome.refundable));
  if (outcome.ok) {
    if (outcome.refund.status !== "failed")
      return { kind: "refund", status: outcome.refund.status, amount: outcome.refund.amount };
    return flagManualRefund(input.orderId, outcome.refund.amount, input.actorId);
  }
  switch (outcome.error) {
    case "duplicate": {
      // Asked before (a retry, the job): as that refund stands.
      const [earlier] = await db
        .select({ status: refunds.status, amount: refunds.amount })
        .from(refunds)
        .where(eq(refunds.requestKey, input.requestId));
      if (!earlier) return { kind: "deferred" };
      return earlier.status === "failed"
        ? flagManualRefund(input.orderId, earlier.amount, input.actorId)
        : { kind: "refund", status: earlier.status, amount: earlier.amount };
    }
    case "unavailable":
      return flagManualRefund(input.orderId, amount, input.actorId);
    default:
      // Nothing left to refund, or no longer paid.
      return { kind: "none" };
  }
}

/**
 * refundCancelledOrder for the action that accepted the cancellation: never throws (the
 * cancellation is committed whatever happens here); a failure is left to the background job.
 */
export async function refundCancelledOrderSafely(input: {
  orderId: string;
  requestId: string;
  actorId: string | null;
}): Promise<RefundOutcome> {
  try {
    return await refundCancelledOrder(input);
  } catch (error) {
    console.error(
      `refund of cancelled order ${input.orderId} deferred:`,
      error instanceof Error ? error.message : error,
    );
    return { kind: "deferred" };
  }
}

async function flagManualRefund(orderId: string, amount: number, actorId: string | null): Promise<RefundOutcome> {
  const shown = formatMoney(amount, "en");
  await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ paymentFlag: MANUAL_REFUND_FLAG, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), sql`${orders.paymentFlag} is distinct from ${MANUAL_REFUND_FLAG}`))
      .returning({ serviceType: orders.serviceType });
    // Flagged already (a retry): one history entry and one mail.
    if (!order) return;
    await tx.insert(orderEvents).values({
      orderId,
      actorId,
      kind: "payment",
      fromValue: "paid",
      toValue: "paid",
      note: `Cancellation accepted after payment: refund ${shown} by hand.`,
    });
    const env = getEnv();
    await queueMail(tx, {
      to: env.STAFF_EMAIL,
      kind: "staff-refund-due",
      ...renderEmail({
        subject: `Refund due by hand: order ${shortOrderId(orderId)} (${shown})`,
        paragraphs: [
          `The client's cancellation of order ${shortOrderId(orderId)} (${order.serviceType}) was accepted after payment, and the payment provider could not refund it. Refund ${shown} by hand, then record it on the order ("Refunded by hand" in its refund form).`,
        ],
        action: { label: "Open the order", url: `${env.SITE_URL}/admin/orders/${orderId}` },
      }),
    });
  });
  return { kind: "manual", amount };
}

/**
 * Accepted cancellations whose refund was never asked for: the process stopped between the
 * cancellation's commit and the refund, or the database failed on the way. Looks at cancellations
 * decided between `minAgeMs` and 7 days ago on orders still paid, with no refund since the
 * decision and no refund-by-hand flag. Run by the background jobs; returns how many it asked for.
 */
export async function refundAcceptedCancellations({ minAgeMs = 2 * 60_000, limit = 20 } = {}) {
  const now = Date.now();
  const due = await db
    .select({ requestId: orderMessages.id, orderId: orderMessages.orderId, actorId: orderMessages.resolvedBy })
    .from(orderMessages)
    .innerJoin(orders, eq(orders.id, orderMessages.orderId))
    .where(
      and(
        eq(orderMessages.kind, "cancellation-request"),
        eq(orderMessages.requestState, "accepted"),
        lt(orderMessages.resolvedAt, new Date(now - minAgeMs)),
        gte(orderMessages.resolvedAt, new Date(now - 7 * 24 * 60 * 60_000)),
        eq(orders.status, "cancelled"),
        inArray(orders.paymentStatus, ["paid", "partially_refunded"]),
        or(isNull(orders.paymentFlag), sql`${orders.paymentFlag} <> ${MANUAL_REFUND_FLAG}`),
        sql`not exists (select 1 from ${refunds} where ${refunds.orderId} = ${orderMessages.orderId} and (${refunds.requestKey} = ${orderMessages.id}::text or ${refunds.createdAt} >= ${orderMessages.resolvedAt}))`,
      ),
    )
    .limit(limit);
  for (const row of due) await refundCancelledOrder(row);
  return due.length;
}

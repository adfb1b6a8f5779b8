import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import Stripe from "stripe";
import {
  orderEvents,
  orders,
  paymentEvents,
  paymentSessions,
  PAID_STATUSES,
  refunds,
  users,
  type Order,
  type Refund,
  type RefundProvider,
  type RefundStatus,
} from "../../db/schema";
import { db, type Transaction } from "../db.server";
import { getEnv } from "../env.server";
import { fill } from "../i18n/fill";
import { formatMoney } from "../i18n/format";
import { localizePath } from "../i18n/lang";
import "../invoices/mail-attachment.server";
import { cancelSessionsOfRefundedOrder } from "../consultations/changes.server";
import { ensureCreditNote } from "../invoices/tax-documents.server";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import { orderMailText } from "../orders/order-mail-text.server";
import { shortOrderId } from "../orders/order-basics.server";
import { isUuid } from "../utils/ids";
import { cleanText } from "../http/clean-text.server";
import { stripeSdk, testPaymentsAllowed, type ProviderName } from "./providers.server";

/**
 * Refunds (docs/decisions/047): an admin refunds a paid order fully or in part, with a reason.
 * The amount is held as a "pending" refund in one transaction with the order locked, so two
 * refunds at once can never pass what was paid; then the provider is asked (Stripe's refund API,
 * or the built-in test provider), and its answer, like every later Stripe event about the refund,
 * goes through applyRefundUpdate(): idempotent, in any order, once. A refund that went through
 * updates the order's refunded amount and payment status, issues a tax credit note, records who
 * and why, and mails the client in their language.
 */

export const REFUND_REASON_MAX = 500;

export type RefundError =
  "amount" | "reason" | "not-found" | "not-paid" | "nothing-left" | "exceeds" | "duplicate" | "unavailable";

/** "12.5", "1,250.00" → fils; null for anything else (negative, zero, letters, more than two decimals, absurdly large). */
export function parseRefundAmount(input: unknown): number | null {
  if (typeof input !== "string") return null;
  const text = input.trim().replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  const fils = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return fils > 0 && Number.isSafeInteger(fils) ? fils : null;
}

export type RefundOutcome = { ok: true; refund: Refund } | { ok: false; error: RefundError; refundable?: number };

/** The sum of refunds that went through or may still (pending), in fils. */
async function heldRefunds(tx: Transaction, orderId: string) {
  const [row] = await tx
    .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ["pending", "succeeded"])));
  return Number(row?.sum ?? 0);
}

/** What can still be refunded on an order (paid minus refunds that went through or are pending). */
export async function refundableAmount(orderId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order || !(PAID_STATUSES as readonly string[]).includes(order.paymentStatus)) return 0;
    return Math.max(0, (order.paidAmount ?? order.amount) - (await heldRefunds(tx, orderId)));
  });
}

function refundProvider(order: Order): ProviderName | null {
  if (order.paymentProvider === "stripe") return getEnv().STRIPE_SECRET_KEY ? "stripe" : null;
  // The test provider (and orders paid without one): refunded by the built-in provider where it is allowed.
  return testPaymentsAllowed() ? "test" : null;
}

/** The payment flag of an order whose money must be returned by hand (the provider could not); cleared once it is refunded in full. */
export const MANUAL_REFUND_FLAG = "manual-refund";

/** Whether a payment provider can refund this order here (Stripe configured, or the test provider allowed). */
export function providerCanRefund(order: Pick<Order, "paymentProvider">) {
  return refundProvider(order as Order) !== null;
}

/**
 * An admin's refund. Bad input, an unpaid order, more than is left, or the same form sent twice
 * are refused with nothing changed. Returns the refund as it stands after the provider answered
 * (succeeded, or pending while the provider has not confirmed; failed with its reason).
 * `manual`: the money was returned outside the payment provider (a bank transfer, cash); the
 * refund is recorded as done at once, with the same bookkeeping, credit note and mail.
 */
export async function requestRefund(input: {
  orderId: unknown;
  amount: unknown;
  reason: unknown;
  requestKey: unknown;
  actorId: string | null;
  manual?: boolean;
}): Promise<RefundOutcome> {
  if (!isUuid(input.orderId)) return { ok: false, error: "not-found" };
  const orderId = input.orderId;
  const amount = parseRefundAmount(input.amount);
  if (amount === null) return { ok: false, error: "amount" };
  const reason =
    typeof input.reason === "string" ? cleanText(input.reason, { multiline: true }).slice(0, REFUND_REASON_MAX) : "";
  if (reason.length < 3) return { ok: false, error: "reason" };
  // A form carries a one-time key; a missing one (a crafted post) gets a fresh one.
  const requestKey =
    typeof input.requestKey === "string" && isUuid(input.requestKey) ? input.requestKey : crypto.randomUUID();

  const held = await db.transaction(async (tx): Promise<RefundOutcome & { order?: Order }> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, error: "not-found" };
    if (!(PAID_STATUSES as readonly string[]).includes(order.paymentStatus)) return { ok: false, error: "not-paid" };
    const [again] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(eq(refunds.requestKey, requestKey))
      .limit(1);
    if (again) return { ok: false, error: "duplicate" };
    const refundable = Math.max(0, (order.paidAmount ?? order.amount) - (await heldRefunds(tx, orderId)));
    if (refundable === 0) return { ok: false, error: "nothing-left", refundable };
    if (amount > refundable) return { ok: false, error: "exceeds", refundable };
    const provider = input.manual ? "manual" : refundProvider(order);
    if (!provider) return { ok: false, error: "unavailable" };
    const [refund] = await tx
      .insert(refunds)
      .values({ orderId, amount, reason, status: "pending", provider, requestKey, actorId: input.actorId })
      .returning();
    if (provider === "manual") {
      // Already done by hand: recorded as succeeded in the same transaction.
      const done = await applyRefundUpdate(
        { refundId: refund!.id, providerRefundId: null, provider, orderId, amount, status: "succeeded" },
        tx,
      );
      return { ok: true, refund: done ?? refund! };
    }
    return { ok: true, refund: refund!, order };
  });
  if (!held.ok || !held.order) return held;
  return sendRefund(held.refund, held.order);
}

/** Asks the provider for a held refund (again, with the same idempotency key, after a failure to reach it). */
async function sendRefund(refund: Refund, order: Order): Promise<RefundOutcome> {
  try {
    const answer =
      refund.provider === "stripe"
        ? await stripeRefund(refund, order)
        : {
            id: `test_re_${crypto.randomBytes(12).toString("hex")}`,
            status: "succeeded" as const,
            failureReason: null,
          };
    const updated = await applyRefundUpdate({
      refundId: refund.id,
      providerRefundId: answer.id,
      provider: refund.provider,
      orderId: order.id,
      amount: refund.amount,
      status: answer.status,
      failureReason: answer.failureReason,
    });
    return { ok: true, refund: updated ?? refund };
  } catch (error) {
    // Stripe refused the request itself (e.g. the charge is disputed): nothing was refunded.
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripePermissionError
    ) {
      const updated = await applyRefundUpdate({
        refundId: refund.id,
        providerRefundId: null,
        provider: refund.provider,
        orderId: order.id,
        amount: refund.amount,
        status: "failed",
        failureReason: error.message.slice(0, 300),
      });
      return { ok: true, refund: updated ?? refund };
    }
    // Not reached, or no answer: it stays pending and is sent again by the background job with the
    // same idempotency key (Stripe then answers with the refund it made, if it made one).
    console.error(
      `refund ${refund.id} not confirmed by ${refund.provider}:`,
      error instanceof Error ? error.message : error,
    );
    return { ok: true, refund };
  }
}

async function paymentIntentOf(order: Order): Promise<string> {
  if (order.providerPaymentId) return order.providerPaymentId;
  // Paid before payment ids were kept: ask Stripe for the completed session's PaymentIntent.
  const [session] = await db
    .select({ id: paymentSessions.id })
    .from(paymentSessions)
    .where(
      and(
        eq(paymentSessions.orderId, order.id),
        eq(paymentSessions.provider, "stripe"),
        eq(paymentSessions.status, "complete"),
      ),
    )
    .limit(1);
  if (!session)
    throw new Stripe.errors.StripeInvalidRequestError({
      message: "No Stripe payment is recorded for this order.",
      type: "invalid_request_error",
    });
  const remote = await stripeSdk().checkout.sessions.retrieve(session.id);
  const intent = typeof remote.payment_intent === "string" ? remote.payment_intent : remote.payment_intent?.id;
  if (!intent)
    throw new Stripe.errors.StripeInvalidRequestError({
      message: "Stripe reports no payment for this order.",
      type: "invalid_request_error",
    });
  await db.update(orders).set({ providerPaymentId: intent }).where(eq(orders.id, order.id));
  return intent;
}

function statusFromStripe(status: string | null | undefined): RefundStatus {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

async function stripeRefund(refund: Refund, order: Order) {
  const created = await stripeSdk().refunds.create(
    {
      payment_intent: await paymentIntentOf(order),
      amount: refund.amount,
      reason: "requested_by_customer",
      metadata: { refundId: refund.id, orderId: order.id },
    },
    { idempotencyKey: `refund-${refund.id}` },
  );
  return { id: created.id, status: statusFromStripe(created.status), failureReason: created.failure_reason ?? null };
}

export type RefundUpdate = {
  /** Our refund's id (Stripe carries it in the refund's metadata), when known. */
  refundId?: string | null;
  providerRefundId: string | null;
  provider: RefundProvider;
  /** Whose order: by id, or by the provider's payment (a refund made in Stripe's dashboard). */
  orderId?: string | null;
  paymentId?: string | null;
  amount: number;
  status: RefundStatus;
  failureReason?: string | null;
};

/**
 * Brings a refund to what the provider reports, once: only forward (pending → succeeded or
 * failed; a failed one that the provider later reports succeeded is taken), so late, repeated or
 * out-of-order reports change nothing. A refund the provider reports that we did not ask for (made
 * in Stripe's dashboard) is recorded too. The transition to succeeded does the bookkeeping.
 */
export async function applyRefundUpdate(update: RefundUpdate, outer?: Transaction): Promise<Refund | undefined> {
  const run = async (tx: Transaction) => {
    let known: Refund | undefined;
    if (update.providerRefundId)
      [known] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, update.providerRefundId)).limit(1);
    if (!known && update.refundId && isUuid(update.refundId))
      [known] = await tx.select().from(refunds).where(eq(refunds.id, update.refundId)).limit(1);
    const orderId = known?.orderId ?? (await orderFor(tx, update));
    if (!orderId) return undefined;
    // Always the order first, then its refund: every refund path locks in this order.
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return undefined;
    let refund: Refund | undefined = known
      ? (await tx.select().from(refunds).where(eq(refunds.id, known.id)).for("update"))[0]
      : undefined;
    if (!refund) {
      if (update.status === "failed" || !update.providerRefundId) return undefined;
      [refund] = await tx
        .insert(refunds)
        .values({
          orderId,
          amount: update.amount,
          reason: "Refunded in the Stripe dashboard",
          status: "pending",
          provider: update.provider,
          providerRefundId: update.providerRefundId,
        })
        .onConflictDoNothing()
        .returning();
      if (!refund)
        [refund] = await tx
          .select()
          .from(refunds)
          .where(eq(refunds.providerRefundId, update.providerRefundId))
          .for("update");
      if (!refund) return undefined;
    }
    if (!refund.providerRefundId && update.providerRefundId) {
      await tx.update(refunds).set({ providerRefundId: update.providerRefundId }).where(eq(refunds.id, refund.id));
      refund = { ...refund, providerRefundId: update.providerRefundId };
    }
    if (update.status === refund.status || update.status === "pending") return refund;
    if (refund.status === "succeeded") {
      // Stripe can report a refund failing after it succeeded (e.g. a closed card): staff must look.
      if (order.paymentFlag !== "refund-failed") {
        await tx
          .update(orders)
          .set({ paymentFlag: "refund-failed", updatedAt: new Date() })
          .where(eq(orders.id, orderId));
        await tx.insert(orderEvents).values({
          orderId,
          kind: "refund",
          fromValue: order.paymentStatus,
          toValue: order.paymentStatus,
          note: `Refund ${refund.providerRefundId ?? refund.id} reported failed after it went through: ${update.failureReason ?? "no reason given"}. Check it in Stripe.`,
        });
      }
      return refund;
    }
    const now = new Date();
    if (update.status === "failed") {
      const [failed] = await tx
        .update(refunds)
        .set({
          status: "failed",
          failureReason: update.failureReason ?? "The provider declined the refund.",
          completedAt: now,
        })
        .where(eq(refunds.id, refund.id))
        .returning();
      await tx.insert(orderEvents).values({
        orderId,
        actorId: refund.actorId,
        kind: "refund",
        fromValue: order.paymentStatus,
        toValue: order.paymentStatus,
        note: `Refund of ${formatMoney(refund.amount, "en")} failed: ${failed!.failureReason}`,
      });
      return failed;
    }
    const [succeeded] = await tx
      .update(refunds)
      .set({ status: "succeeded", completedAt: now, failureReason: null })
      .where(eq(refunds.id, refund.id))
      .returning();
    const [{ total } = { total: 0 }] = await tx
      .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "succeeded")));
    const paid = order.paidAmount ?? order.amount;
    const refundedAmount = Math.min(Number(total), paid);
    const paymentStatus = refundedAmount >= paid ? "refunded" : "partially_refunded";
    // A refund owed by hand is settled once everything paid is back.
    const paymentFlag =
      order.paymentFlag === MANUAL_REFUND_FLAG && paymentStatus === "refunded" ? null : order.paymentFlag;
    await tx
      .update(orders)
      .set({ refundedAmount, paymentStatus, paymentFlag, updatedAt: now })
      .where(eq(orders.id, orderId));
    // A full refund takes the order's sessions back; a partial one leaves them booked (decision 100).
    if (paymentStatus === "refunded") await cancelSessionsOfRefundedOrder(tx, orderId, now);
    await tx.insert(orderEvents).values({
      orderId,
      actorId: succeeded!.actorId,
      kind: "refund",
      fromValue: order.paymentStatus,
      toValue: paymentStatus,
      note: `${formatMoney(succeeded!.amount, "en")} refunded${succeeded!.provider === "manual" ? " by hand" : ""}: ${succeeded!.reason}`,
    });
    const creditNote = await ensureCreditNote(tx, succeeded!.id, now);
    const [client] = await tx
      .select({ email: users.email, fullName: users.fullName })
      .from(users)
      .where(eq(users.id, order.userId));
    const to = order.email || client?.email;
    if (to)
      await queueMail(tx, {
        to,
        kind: "refund",
        attachments: [{ kind: "tax-document", id: creditNote.id }],
        ...refundMail(order, succeeded!, creditNote.documentNumber, order.legalName || client?.fullName || to),
      });
    return succeeded;
  };
  return outer ? run(outer) : db.transaction(run);
}

async function orderFor(tx: Transaction, update: RefundUpdate): Promise<string | undefined> {
  if (update.orderId && isUuid(update.orderId)) {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, update.orderId)).limit(1);
    if (order) return order.id;
  }
  if (update.paymentId) {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.providerPaymentId, update.paymentId))
      .limit(1);
    return order?.id;
  }
  return undefined;
}

function refundMail(order: Order, refund: Refund, creditNoteNumber: string, name: string) {
  const lang = order.lang;
  const text = orderMailText[lang];
  const amount = formatMoney(refund.amount, lang);
  return renderEmail(
    {
      subject: fill(text.refund.subject, { amount, id: shortOrderId(order.id) }),
      greeting: fill(text.greeting, { name }),
      paragraphs: [
        fill(refund.provider === "manual" ? text.refund.bodyManual : text.refund.body, {
          amount,
          id: shortOrderId(order.id),
        }),
        fill(text.refund.reason, { reason: refund.reason }),
        fill(text.refund.creditNote, { number: creditNoteNumber }),
      ],
      details: [
        [text.orderLabel, shortOrderId(order.id)],
        [text.refund.amountLabel, amount],
        [text.refund.creditNoteLabel, creditNoteNumber],
      ],
      action: { label: text.action, url: `${getEnv().SITE_URL}${localizePath(lang, `/dashboard/orders/${order.id}`)}` },
    },
    lang,
  );
}

// ---------------------------------------------------------------------------------------------
// Stripe's refund events

export const HANDLED_REFUND_EVENT_TYPES = [
  "charge.refunded",
  "refund.created",
  "refund.updated",
  "refund.failed",
  "charge.refund.updated",
] as const;

function updateFromStripeRefund(refund: Stripe.Refund): RefundUpdate {
  return {
    refundId: refund.metadata?.refundId ?? null,
    orderId: refund.metadata?.orderId ?? null,
    providerRefundId: refund.id,
    provider: "stripe",
    paymentId: typeof refund.payment_intent === "string" ? refund.payment_intent : (refund.payment_intent?.id ?? null),
    amount: refund.amount,
    status: statusFromStripe(refund.status),
    failureReason: refund.failure_reason ?? null,
  };
}

/**
 * The refunds a Stripe event reports. A Refund event carries its refund; charge.refunded carries
 * the charge, whose refund list Stripe no longer includes: the refunds are then listed from the API.
 */
export async function refundUpdatesFromStripe(event: Stripe.Event): Promise<RefundUpdate[] | undefined> {
  if (!(HANDLED_REFUND_EVENT_TYPES as readonly string[]).includes(event.type)) return undefined;
  if (event.type !== "charge.refunded") return [updateFromStripeRefund(event.data.object as Stripe.Refund)];
  const charge = event.data.object as Stripe.Charge;
  const paymentId =
    typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  const listed = charge.refunds?.data?.length
    ? charge.refunds.data
    : paymentId
      ? (await stripeSdk().refunds.list({ payment_intent: paymentId, limit: 100 })).data
      : [];
  return listed.map(updateFromStripeRefund);
}

/** Applies an event's refunds once: the event id is recorded in the same transaction. */
export async function handleRefundEvent(
  eventId: string,
  updates: RefundUpdate[],
): Promise<"duplicate" | "applied" | "ignored"> {
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ id: eventId, provider: "stripe", type: "refund" })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return "duplicate";
    let applied = false;
    for (const update of updates) if (await applyRefundUpdate(update, tx)) applied = true;
    return applied ? "applied" : "ignored";
  });
}

/**
 * Refunds left pending (the provider was not reached, or has not confirmed yet) are asked about
 * again: sent again with their idempotency key when Stripe never answered, or looked up when it
 * did. Run by the background jobs.
 */
export async function reconcilePendingRefunds({ olderThanMs = 2 * 60_000, limit = 20 } = {}) {
  const stale = await db
    .select({ refund: refunds, order: orders })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.status, "pending"), lt(refunds.createdAt, new Date(Date.now() - olderThanMs))))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
  let settled = 0;
  for (const { refund, order } of stale) {
    // Refunds by hand are recorded done; Stripe's wait for its key.
    if (refund.provider === "manual" || (refund.provider === "stripe" && !getEnv().STRIPE_SECRET_KEY)) continue;
    if (refund.provider === "stripe" && refund.providerRefundId) {
      const remote = await stripeSdk().refunds.retrieve(refund.providerRefundId);
      await applyRefundUpdate(updateFromStripeRefund(remote));
    } else {
      await sendRefund(refund, order);
    }
    const [after] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refund.id));
    if (after?.status !== "pending") settled++;
  }
  return settled;
}

/** An order's refunds, oldest first, with who asked for them. */
export async function refundsOfOrder(orderId: string) {
  return db
    .select({ refund: refunds, actorName: sql<string | null>`coalesce(${users.fullName}, ${users.email})` })
    .from(refunds)
    .leftJoin(users, eq(users.id, refunds.actorId))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.createdAt));
}

/** Pending refunds without a provider id yet (tests and diagnostics). */
export async function unsentRefunds() {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, "pending"), isNull(refunds.providerRefundId)));
}

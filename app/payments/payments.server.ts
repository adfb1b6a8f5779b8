import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import {
  orderEvents,
  orders,
  PAID_STATUSES,
  PAYABLE_STATUSES,
  paymentEvents,
  paymentSessions,
  type Order,
  type PaymentStatus,
} from "../../db/schema";
import { startTurnaroundClock } from "../cases/turnaround.server";
import { checkoutText } from "../content/checkout.server";
import { db, type Queryable, type Transaction } from "../db.server";
import { getEnv, siteName } from "../env.server";
import { localTierName } from "../orders/order-names.server";
import { fill } from "../i18n/fill";
import { formatMoney } from "../i18n/format";
import { localizePath, type Lang } from "../i18n/lang";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import "../invoices/mail-attachment.server";
import { ensureInvoice } from "../invoices/tax-documents.server";
import { markCouponRedemptionPaid } from "../orders/coupons.server";
import { isUuid, orderItemsOf, shortOrderId } from "../orders/orders.server";
import {
  configuredProvider,
  fromStripeSession,
  PaymentsUnavailable,
  providerNamed,
  stripeSdk,
  type ProviderName,
  type ProviderSession,
} from "./providers.server";

export { PaymentsUnavailable };

/** Money was received for the order (some may have been refunded since). */
export function isPaid(status: PaymentStatus) {
  return (PAID_STATUSES as readonly string[]).includes(status);
}

/** A provider session is reused for a retry while it is younger than this (Stripe's expire after 24 h). */
const SESSION_REUSE_MS = 23 * 60 * 60 * 1000;

export type StartedPayment =
  { kind: "redirect"; url: string; sessionId: string } | { kind: "already-paid" } | { kind: "not-payable" };

/**
 * Opens a payment page for an unpaid order and returns where to send the client (a 303 target).
 * A still-open session of the same provider is reused, so a double submit or a retry does not
 * open a second page; Stripe also gets an idempotency key per order and attempt.
 * Throws PaymentsUnavailable without a provider, or the provider's error.
 */
export async function startPayment(order: Order, lang: Lang): Promise<StartedPayment> {
  if (isPaid(order.paymentStatus)) return { kind: "already-paid" };
  if (order.status === "cancelled") return { kind: "not-payable" };
  if (order.amount === 0) {
    // Fully discounted: nothing to charge.
    await db.transaction((tx) =>
      markPaidInTransaction(tx, {
        orderId: order.id,
        provider: null,
        sessionId: null,
        amountTotal: 0,
        currency: "aed",
      }),
    );
    return { kind: "already-paid" };
  }
  const provider = configuredProvider();
  if (!provider) throw new PaymentsUnavailable();

  const previous = await db
    .select()
    .from(paymentSessions)
    .where(and(eq(paymentSessions.orderId, order.id), eq(paymentSessions.provider, provider.name)))
    .orderBy(desc(paymentSessions.createdAt));
  const reusable = previous.find(
    (s) =>
      s.status === "open" &&
      s.url &&
      s.amount === order.amount &&
      Date.now() - s.createdAt.getTime() < SESSION_REUSE_MS,
  );
  if (reusable?.url) return { kind: "redirect", url: reusable.url, sessionId: reusable.id };

  const env = getEnv();
  const items = await orderItemsOf(order.id);
  const text = checkoutText[lang];
  // Stripe has no negative lines: a discounted order is one line of its total, named after the order.
  const lines =
    order.discount > 0
      ? [
          {
            name: `${text.mail.orderLabel} ${shortOrderId(order.id)}: ${order.serviceType} (${order.couponCode ?? ""} −${formatMoney(order.discount, "en")})`.slice(
              0,
              250,
            ),
            unitAmount: order.amount,
            quantity: 1,
          },
        ]
      : items.map((item) => ({
          name: `${order.serviceType.includes(",") ? "" : `${order.serviceType} · `}${localTierName(item, "en")}`,
          unitAmount: item.unitPrice,
          quantity: item.quantity,
        }));
  // Our own pages are linked by path for the built-in provider (same host as the visitor);
  // Stripe needs absolute URLs.
  const base = provider.name === "stripe" ? env.SITE_URL : "";
  const successUrl = `${base}${localizePath(lang, "/payment-success")}?session_id={CHECKOUT_SESSION_ID}`;
  const cancelUrl = `${base}${localizePath(lang, `/orders/${order.id}/pay`)}?cancelled=1`;
  const created = await provider.createSession({
    orderId: order.id,
    lines,
    customerEmail: order.email ?? "",
    successUrl,
    cancelUrl,
    idempotencyKey: `order-${order.id}-attempt-${previous.length + 1}`,
    lang,
  });
  await db.transaction(async (tx) => {
    await tx
      .insert(paymentSessions)
      .values({
        id: created.id,
        orderId: order.id,
        provider: provider.name,
        status: "open",
        amount: order.amount,
        currency: "AED",
        url: created.url,
      })
      .onConflictDoNothing();
    await tx
      .update(orders)
      .set({ paymentProvider: provider.name, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
  });
  return { kind: "redirect", url: created.url, sessionId: created.id };
}

/** The success URL of a test session (what Stripe does with {CHECKOUT_SESSION_ID}). */
export function testSuccessUrl(sessionId: string, lang: Lang) {
  return `${localizePath(lang, "/payment-success")}?session_id=${encodeURIComponent(sessionId)}`;
}

type PaidReport = {
  orderId: string;
  provider: ProviderName | null;
  sessionId: string | null;
  amountTotal: number | null;
  currency: string | null;
  /** The provider's payment (Stripe PaymentIntent) that refunds go against. */
  paymentId?: string | null;
};

export type MarkPaidResult = "paid" | "already-paid" | "amount-mismatch" | "unknown-order";

/**
 * The one way an order becomes paid, used by the webhook, the success page, the test page and a
 * free order's checkout. The conditional update makes it happen once whatever the order and number
 * of calls: only the call that flips the row marks the coupon use paid, issues the tax invoice,
 * writes the history and queues the e-mails (the client's with the invoice attached). A paid
 * amount that differs from the order's is flagged for staff and not accepted. A payment that
 * arrives for an order cancelled meanwhile is taken (the money is real) and flagged for staff.
 */
export async function markPaidInTransaction(tx: Transaction, report: PaidReport): Promise<MarkPaidResult> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, report.orderId)).limit(1).for("update");
  if (!order) return "unknown-order";
  if (report.sessionId) {
    await tx
      .update(paymentSessions)
      .set({ status: "complete", completedAt: new Date() })
      .where(
        and(eq(paymentSessions.id, report.sessionId), inArray(paymentSessions.status, ["open", "expired", "failed"])),
      );
  }
  if (isPaid(order.paymentStatus)) return "already-paid";
  const amountMatches = report.amountTotal === order.amount && (report.currency ?? "").toLowerCase() === "aed";
  if (!amountMatches) {
    if (order.paymentFlag !== "amount-mismatch") {
      await tx
        .update(orders)
        .set({ paymentFlag: "amount-mismatch", paidAmount: report.amountTotal, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
      await tx.insert(orderEvents).values({
        orderId: order.id,
        kind: "payment",
        fromValue: order.paymentStatus,
        toValue: order.paymentStatus,
        note: `Amount mismatch: provider reported ${report.amountTotal ?? "nothing"} ${report.currency ?? ""} for an order of ${order.amount} fils (session ${report.sessionId ?? "none"}).`,
      });
    }
    return "amount-mismatch";
  }
  const now = new Date();
  const paidWhileCancelled = order.status === "cancelled";
  const [updated] = await tx
    .update(orders)
    .set({
      paymentStatus: "paid",
      paidAt: now,
      paidAmount: report.amountTotal,
      paymentProvider: report.provider ?? order.paymentProvider,
      providerPaymentId: report.paymentId ?? order.providerPaymentId,
      paymentFlag: paidWhileCancelled ? "paid-while-cancelled" : null,
      updatedAt: now,
    })
    .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, PAYABLE_STATUSES)))
    .returning();
  if (!updated) return "already-paid";
  const how = report.sessionId
    ? `Session ${report.sessionId}`
    : report.amountTotal === 0
      ? "Nothing to pay: the total is zero."
      : null;
  await tx.insert(orderEvents).values({
    orderId: order.id,
    kind: "payment",
    fromValue: order.paymentStatus,
    toValue: "paid",
    note: paidWhileCancelled
      ? `${how ?? ""} Paid after the order was cancelled: refund it or open it again.`.trim()
      : how,
  });
  // Work starts once paid: the promised turnaround counts from now (not for an order cancelled meanwhile).
  if (!paidWhileCancelled) await startTurnaroundClock(tx, order.id, now);
  await markCouponRedemptionPaid(tx, order.id);
  const invoice = await ensureInvoice(tx, order.id, now);
  if (updated.email)
    await queueMail(tx, {
      to: updated.email,
      kind: "payment-received",
      attachments: [{ kind: "tax-document", id: invoice.id }],
      ...paymentReceivedMail(updated, invoice.documentNumber),
    });
  await queueMail(tx, { to: getEnv().STAFF_EMAIL, kind: "staff-order-paid", ...staffOrderPaidMail(updated) });
  return "paid";
}

/** Staff hear of every paid order (in English): the work can start. */
function staffOrderPaidMail(order: Order) {
  const env = getEnv();
  return renderEmail({
    subject: `New paid order ${shortOrderId(order.id)}: ${order.serviceType}`,
    paragraphs: ["A client has paid for an order. It is waiting in the admin order list."],
    details: [
      ["Order", shortOrderId(order.id)],
      ["Client", `${order.legalName ?? ""} <${order.email ?? ""}>`],
      ["Phone", order.phone ?? ""],
      ["Service", `${order.serviceType} · ${order.tierName}`],
      ["Amount", formatMoney(order.amount, "en") + (order.couponCode ? ` (coupon ${order.couponCode})` : "")],
    ],
    action: { label: "Open the order", url: `${env.SITE_URL}/admin/orders/${order.id}` },
  });
}

function paymentReceivedMail(order: Order, invoiceNumber: string) {
  const lang = order.lang;
  const text = checkoutText[lang].mail;
  const env = getEnv();
  return renderEmail(
    {
      subject: fill(text.paidSubject, { id: shortOrderId(order.id) }),
      greeting: fill(text.greeting, { name: order.legalName ?? "" }),
      paragraphs: [
        order.amount === 0
          ? fill(text.confirmationFreeBody, { site: siteName(lang, env) })
          : fill(text.paidBody, { amount: formatMoney(order.amount, lang) }),
        fill(text.invoiceAttached, { number: invoiceNumber }),
      ],
      details: [
        [text.orderLabel, shortOrderId(order.id)],
        [text.totalLabel, formatMoney(order.amount, lang)],
        [text.invoiceLabel, invoiceNumber],
      ],
      action: { label: text.dashboardAction, url: env.SITE_URL + localizePath(lang, `/dashboard/orders/${order.id}`) },
    },
    lang,
  );
}

/** A provider event about a Checkout Session (from Stripe's webhook or the test page). */
export type PaymentEvent = {
  id: string;
  provider: ProviderName;
  type:
    | "checkout.session.completed"
    | "checkout.session.async_payment_succeeded"
    | "checkout.session.async_payment_failed"
    | "checkout.session.expired";
  session: ProviderSession;
};

export const HANDLED_EVENT_TYPES: ReadonlyArray<PaymentEvent["type"]> = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
];

export type EventOutcome = "duplicate" | "ignored" | MarkPaidResult | "failed" | "expired" | "awaiting-payment";

/**
 * Handles one provider event exactly once: its id is recorded in the same transaction as its
 * effect, so a redelivery changes nothing, and a failure leaves no record (the provider retries).
 * Events may arrive in any order: a late "expired" or "failed" never undoes a payment.
 */
export async function handlePaymentEvent(event: PaymentEvent): Promise<EventOutcome> {
  return db.transaction(async (tx) => {
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, provider: event.provider, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!recorded) return "duplicate";
    const orderId = event.session.orderId;
    if (!orderId || !isUuid(orderId)) return "ignored";
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!order) return "ignored";
    switch (event.type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded": {
        if (event.session.paymentStatus === "unpaid") {
          // A delayed payment method: the money is not there yet; async_payment_succeeded follows.
          return "awaiting-payment";
        }
        return markPaidInTransaction(tx, {
          orderId,
          provider: event.provider,
          sessionId: event.session.id,
          amountTotal: event.session.amountTotal,
          currency: event.session.currency,
          paymentId: event.session.paymentIntentId,
        });
      }
      case "checkout.session.async_payment_failed": {
        await tx
          .update(paymentSessions)
          .set({ status: "failed" })
          .where(and(eq(paymentSessions.id, event.session.id), eq(paymentSessions.status, "open")));
        const [failed] = await tx
          .update(orders)
          .set({ paymentStatus: "failed", updatedAt: new Date() })
          .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "unpaid")))
          .returning({ id: orders.id });
        if (failed)
          await tx.insert(orderEvents).values({
            orderId,
            kind: "payment",
            fromValue: "unpaid",
            toValue: "failed",
            note: `Session ${event.session.id}`,
          });
        return "failed";
      }
      case "checkout.session.expired": {
        await tx
          .update(paymentSessions)
          .set({ status: "expired" })
          .where(and(eq(paymentSessions.id, event.session.id), eq(paymentSessions.status, "open")));
        return "expired";
      }
    }
  });
}

/** Checks a Stripe webhook's signature on the raw body; returns the event or undefined when it is not genuine. */
export function verifyStripeWebhook(rawBody: string, signature: string | null): Stripe.Event | undefined {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret || !signature) return undefined;
  try {
    return stripeSdk().webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    return undefined;
  }
}

/** Turns a verified Stripe event into ours; undefined for event types we do not handle. */
export function paymentEventFromStripe(event: Stripe.Event): PaymentEvent | undefined {
  if (!(HANDLED_EVENT_TYPES as readonly string[]).includes(event.type)) return undefined;
  const session = event.data.object as Stripe.Checkout.Session;
  return {
    id: event.id,
    provider: "stripe",
    type: event.type as PaymentEvent["type"],
    session: fromStripeSession(session),
  };
}

export type Verification = { kind: "paid"; order: Order } | { kind: "failed" } | { kind: "error" };

/**
 * The success page's check: the session must belong to an order of this user; the provider is
 * asked, and a paid session marks the order paid through the same function as the webhook.
 * "failed" tells nothing about sessions of other users.
 */
export async function verifyPayment(sessionId: string, userId: string): Promise<Verification> {
  if (!/^[\w-]{1,255}$/.test(sessionId)) return { kind: "failed" };
  const [row] = await db
    .select({ session: paymentSessions, order: orders })
    .from(paymentSessions)
    .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
    .where(eq(paymentSessions.id, sessionId))
    .limit(1);
  if (!row || row.order.userId !== userId) return { kind: "failed" };
  if (isPaid(row.order.paymentStatus)) return { kind: "paid", order: row.order };
  const provider = providerNamed(row.session.provider);
  if (!provider) return { kind: "error" };
  let remote: ProviderSession;
  try {
    remote = await provider.retrieveSession(sessionId);
  } catch {
    return { kind: "error" };
  }
  if (remote.orderId !== row.order.id || remote.paymentStatus === "unpaid") return { kind: "failed" };
  const outcome = await db.transaction((tx) =>
    markPaidInTransaction(tx, {
      orderId: row.order.id,
      provider: row.session.provider,
      sessionId,
      amountTotal: remote.amountTotal,
      currency: remote.currency,
      paymentId: remote.paymentIntentId,
    }),
  );
  if (outcome !== "paid" && outcome !== "already-paid") return { kind: "failed" };
  const [order] = await db.select().from(orders).where(eq(orders.id, row.order.id)).limit(1);
  return { kind: "paid", order: order! };
}

/** A test session with its order, for the test page. */
export async function findTestSession(sessionId: string, tx: Queryable = db) {
  if (!/^test_[0-9a-f]{32}$/.test(sessionId)) return undefined;
  const [row] = await tx
    .select({ session: paymentSessions, order: orders })
    .from(paymentSessions)
    .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
    .where(and(eq(paymentSessions.id, sessionId), eq(paymentSessions.provider, "test")))
    .limit(1);
  return row;
}

/** The test page's Pay: the same event path as Stripe's webhook (checkout.session.completed). */
export async function completeTestSession(sessionId: string): Promise<EventOutcome> {
  const row = await findTestSession(sessionId);
  if (!row || row.session.status !== "open") return "ignored";
  return handlePaymentEvent({
    id: `evt_${sessionId}_completed`,
    provider: "test",
    type: "checkout.session.completed",
    session: {
      id: sessionId,
      orderId: row.order.id,
      status: "complete",
      paymentStatus: "paid",
      amountTotal: row.session.amount,
      currency: "aed",
      paymentIntentId: `test_pi_${sessionId.slice(5)}`,
    },
  });
}

/** How many payment events were recorded (tests and diagnostics). */
export async function countPaymentEvents(tx: Queryable = db) {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(paymentEvents);
  return Number(row?.n ?? 0);
}

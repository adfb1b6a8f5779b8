import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderEvents, orders, outbox, paymentSessions, rateLimits, refunds, taxDocuments } from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { handleCheckout } from "../../app/orders/checkout.server";
import { adminOrderStats, clientOrderStats } from "../../app/orders/order-stats.server";
import {
  completeTestSession,
  handlePaymentEvent,
  paymentEventFromStripe,
  verifyStripeWebhook,
} from "../../app/payments/payments.server";
import {
  handleRefundEvent,
  parseRefundAmount,
  reconcilePendingRefunds,
  refundUpdatesFromStripe,
  requestRefund,
} from "../../app/payments/refunds.server";
import { checkoutRequest, insertClient, travelBanBasic, validFields } from "../support/checkout-request";
import { startFakeStripe, useFakeStripe } from "../support/fake-stripe";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const WEBHOOK_SECRET = "whsec_refundsecret";

describe(`refunds on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let stripeFake: Awaited<ReturnType<typeof startFakeStripe>>;
  let stripe: Stripe;
  let admin: string;

  const useStripe = (on: boolean) => useFakeStripe(on ? stripeFake : null, WEBHOOK_SECRET, resetEnvForTests);
  const orderRow = async (id: string) => (await t.handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const refundRows = (orderId: string) => t.handle.db.select().from(refunds).where(eq(refunds.orderId, orderId));
  const creditNotes = async (orderId: string) =>
    (await t.handle.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId))).filter(
      (d) => d.kind === "credit_note",
    );
  const refund = (
    orderId: string,
    amount: unknown,
    reason: unknown = "Service could not be delivered",
    requestKey: unknown = crypto.randomUUID(),
  ) => requestRefund({ orderId, amount, reason, requestKey, actorId: admin });

  /** A stripe event, signed and sent through what the webhook route does. */
  const deliver = async (id: string, type: string, object: object) => {
    const payload = JSON.stringify({
      id,
      object: "event",
      type,
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const event = verifyStripeWebhook(
      payload,
      stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    if (!event) throw new Error("signature refused");
    const payment = paymentEventFromStripe(event);
    if (payment) return handlePaymentEvent(payment);
    const updates = await refundUpdatesFromStripe(event);
    return updates ? handleRefundEvent(event.id, updates) : "unhandled";
  };

  /** A client's order, paid through the test provider (or Stripe's fake, with its webhook). */
  async function paidOrder(userId: string, via: "test" | "stripe" = "test") {
    useStripe(via === "stripe");
    const outcome = await handleCheckout({
      request: checkoutRequest({ ...validFields, intent: "pay" }),
      userId,
      cart: travelBanBasic,
      lang: "ar",
    });
    if (outcome.kind !== "pay") throw new Error(`not placed: ${outcome.kind}`);
    const sessionId = outcome.url.split("/").pop()!;
    if (via === "test") {
      expect(await completeTestSession(sessionId)).toBe("paid");
      return { orderId: outcome.orderId, paymentIntent: null };
    }
    const session = stripeFake.complete(sessionId);
    expect(await deliver(`evt_paid_${sessionId}`, "checkout.session.completed", session)).toBe("paid");
    return { orderId: outcome.orderId, paymentIntent: session.payment_intent! };
  }

  beforeAll(async () => {
    stripeFake = await startFakeStripe();
    stripe = new Stripe("sk_test_fake123", {
      host: stripeFake.host,
      port: stripeFake.port,
      protocol: "http",
      maxNetworkRetries: 0,
    });
    process.env.SESSION_SECRET = "x".repeat(32);
    process.env.SITE_URL = "https://sanad.example";
    resetEnvForTests();
    admin = await insertClient(t, "refund-admin@example.com", "Mariam Staff", "admin");
  });
  beforeEach(async () => {
    useStripe(false);
    stripeFake.control.refundStatus = "succeeded";
    await t.handle.db.delete(rateLimits);
  });
  afterAll(async () => {
    useStripe(false);
    delete process.env.SITE_URL;
    resetEnvForTests();
    await stripeFake.close();
  });

  it("reads amounts in AED strictly", () => {
    expect(parseRefundAmount("150")).toBe(15_000);
    expect(parseRefundAmount(" 150.5 ")).toBe(15_050);
    expect(parseRefundAmount("1,250.00")).toBe(125_000);
    for (const bad of [
      "-5",
      "0",
      "0.00",
      "abc",
      "1e3",
      "12.345",
      "",
      "NaN",
      "Infinity",
      "1.2.3",
      "99999999999",
      null,
      5,
      "١٢",
    ])
      expect(parseRefundAmount(bad)).toBeNull();
  });

  describe("with the built-in test provider", () => {
    it("a partial refund, then the rest: statuses, credit notes, client mails in their language, who and why, totals net of refunds", async () => {
      const client = await insertClient(t, "partial@example.com", "Layla");
      const { orderId } = await paidOrder(client);
      const before = await adminOrderStats();
      const first = await refund(orderId, "200.00", "Part of the service was cancelled");
      expect(first).toMatchObject({
        ok: true,
        refund: { status: "succeeded", amount: 20_000, provider: "test", actorId: admin },
      });
      expect(await orderRow(orderId)).toMatchObject({
        paymentStatus: "partially_refunded",
        refundedAmount: 20_000,
        paidAmount: 65_000,
      });
      expect(await clientOrderStats(client)).toMatchObject({ totalSpent: 45_000 });
      expect((await adminOrderStats()).totalRevenue).toBe(before.totalRevenue - 20_000);

      const second = await refund(orderId, "450", "Client asked to cancel");
      expect(second).toMatchObject({ ok: true, refund: { status: "succeeded", amount: 45_000 } });
      expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "refunded", refundedAmount: 65_000 });
      expect(await clientOrderStats(client)).toMatchObject({ totalSpent: 0 });
      expect((await adminOrderStats()).totalRevenue).toBe(before.totalRevenue - 65_000);

      const notes = await creditNotes(orderId);
      expect(notes.map((n) => n.total).sort((a, b) => a - b)).toEqual([20_000, 45_000]);
      const [invoice] = (await t.handle.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId))).filter(
        (d) => d.kind === "invoice",
      );
      // Refunded in full: the credit notes take back exactly the invoice's VAT.
      expect(notes.reduce((sum, n) => sum + n.totalVat, 0)).toBe(invoice!.totalVat);
      expect(notes.every((n) => n.invoiceId === invoice!.id && n.lang === "ar")).toBe(true);

      const history = (await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter(
        (e) => e.kind === "refund",
      );
      expect(history).toHaveLength(2);
      expect(history.every((e) => e.actorId === admin)).toBe(true);
      expect(history.map((e) => e.note).sort()).toEqual([
        "AED 200 refunded: Part of the service was cancelled",
        "AED 450 refunded: Client asked to cancel",
      ]);
      const mails = (await t.handle.db.select().from(outbox)).filter(
        (m) => m.kind === "refund" && m.toAddress === "aisha@example.com" && m.subject.includes(orderId.slice(0, 8)),
      );
      expect(mails).toHaveLength(2);
      // The order was placed in Arabic: so are its refund mails, with the credit note attached.
      expect(mails.map((m) => m.subject).join(" ")).toContain("استرداد مبلغ");
      expect(mails.flatMap((m) => m.attachments.map((a) => a.id)).sort()).toEqual(notes.map((n) => n.id).sort());

      // Nothing left: a further refund is refused, nothing changes.
      expect(await refund(orderId, "1")).toMatchObject({ ok: false, error: "nothing-left" });
    });

    it("refuses bad refunds with nothing changed: unpaid order, above what was paid, negative or non-numeric amounts, no reason, the same form twice", async () => {
      const client = await insertClient(t, "bad-refunds@example.com");
      useStripe(false);
      const unpaid = await handleCheckout({
        request: checkoutRequest({ ...validFields, intent: "pay" }),
        userId: client,
        cart: travelBanBasic,
        lang: "en",
      });
      if (unpaid.kind !== "pay") throw new Error("not placed");
      expect(await refund(unpaid.orderId, "10")).toMatchObject({ ok: false, error: "not-paid" });
      const { orderId } = await paidOrder(client);
      const snapshot = async () => ({
        order: await orderRow(orderId),
        refunds: await refundRows(orderId),
        notes: await creditNotes(orderId),
      });
      const before = await snapshot();
      expect(await refund(orderId, "650.01")).toMatchObject({ ok: false, error: "exceeds", refundable: 65_000 });
      for (const amount of ["-50", "abc", "0", "", "1e2", null])
        expect(await refund(orderId, amount)).toMatchObject({ ok: false, error: "amount" });
      expect(await refund(orderId, "10", "  ")).toMatchObject({ ok: false, error: "reason" });
      expect(await refund(crypto.randomUUID(), "10")).toMatchObject({ ok: false, error: "not-found" });
      expect(await refund("not-a-uuid", "10")).toMatchObject({ ok: false, error: "not-found" });
      expect(await snapshot()).toEqual(before);
      const key = crypto.randomUUID();
      expect(await refund(orderId, "10", "First", key)).toMatchObject({ ok: true });
      expect(await refund(orderId, "10", "First", key)).toMatchObject({ ok: false, error: "duplicate" });
      expect(await refundRows(orderId)).toHaveLength(1);
    });

    it("two full refunds at once: one goes through, the other is refused; refunded once", async () => {
      const client = await insertClient(t, "twice@example.com");
      const { orderId } = await paidOrder(client);
      const outcomes = await Promise.all([refund(orderId, "650"), refund(orderId, "650"), refund(orderId, "650")]);
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      for (const outcome of outcomes) if (!outcome.ok) expect(["exceeds", "nothing-left"]).toContain(outcome.error);
      expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "refunded", refundedAmount: 65_000 });
      expect(await refundRows(orderId)).toHaveLength(1);
      expect(await creditNotes(orderId)).toHaveLength(1);
    });
  });

  describe("with Stripe (the fake API at the SDK's network edge)", () => {
    it("a full refund through Stripe's refund API; the webhooks that follow (twice each) change nothing", async () => {
      const client = await insertClient(t, "stripe-full@example.com");
      const { orderId, paymentIntent } = await paidOrder(client, "stripe");
      expect(await orderRow(orderId)).toMatchObject({ providerPaymentId: paymentIntent, paymentProvider: "stripe" });
      const outcome = await refund(orderId, "650");
      expect(outcome).toMatchObject({ ok: true, refund: { status: "succeeded", provider: "stripe" } });
      const request = stripeFake.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds").at(-1)!;
      expect(request.body).toMatchObject({
        payment_intent: paymentIntent,
        amount: "65000",
        reason: "requested_by_customer",
        metadata: { orderId },
      });
      if (!outcome.ok) return;
      expect(request.idempotencyKey).toBe(`refund-${outcome.refund.id}`);
      const remote = stripeFake.refunds.get(outcome.refund.providerRefundId!)!;
      for (let i = 0; i < 2; i++) {
        expect(await deliver("evt_full_refund_created", "refund.created", remote)).toBe(
          i === 0 ? "applied" : "duplicate",
        );
        expect(await deliver("evt_full_charge_refunded", "charge.refunded", stripeFake.charge(paymentIntent!))).toBe(
          i === 0 ? "applied" : "duplicate",
        );
      }
      expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "refunded", refundedAmount: 65_000 });
      expect(await refundRows(orderId)).toHaveLength(1);
      expect(await creditNotes(orderId)).toHaveLength(1);
      expect(await clientOrderStats(client)).toMatchObject({ totalSpent: 0 });
    });

    it("a partial refund Stripe confirms later: events out of order (succeeded before created) settle it once", async () => {
      const client = await insertClient(t, "stripe-late@example.com");
      const { orderId, paymentIntent } = await paidOrder(client, "stripe");
      stripeFake.control.refundStatus = "pending";
      const outcome = await refund(orderId, "150.50", "Goodwill");
      expect(outcome).toMatchObject({ ok: true, refund: { status: "pending" } });
      if (!outcome.ok) return;
      // While pending, its amount is held: at most 499.50 more can be refunded.
      expect(await refund(orderId, "500")).toMatchObject({ ok: false, error: "exceeds", refundable: 49_950 });
      expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "paid", refundedAmount: 0 });
      const remote = stripeFake.refunds.get(outcome.refund.providerRefundId!)!;
      remote.status = "succeeded";
      expect(await deliver("evt_late_updated", "refund.updated", remote)).toBe("applied");
      // refund.created (pending) arrives after: it never undoes the success.
      expect(await deliver("evt_late_created", "refund.created", { ...remote, status: "pending" })).toBe("applied");
      expect(await deliver("evt_late_charge", "charge.refunded", stripeFake.charge(paymentIntent!))).toBe("applied");
      expect(await deliver("evt_late_updated", "refund.updated", remote)).toBe("duplicate");
      expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "partially_refunded", refundedAmount: 15_050 });
      expect(await refundRows(orderId)).toMatchObject([{ status: "succeeded", amount: 15_050 }]);
      expect(await creditNotes(orderId)).toHaveLength(1);
      expect(await clientOrderStats(client)).toMatchObject({ totalSpent: 65_000 - 15_050 });
    });

    it("a refund made in Stripe's dashboard arrives by charge.refunded and is recorded, credited and mailed once", async () => {
      const client = await insertClient(t, "dashboard@example.com");
      const { orderId, paymentIntent } = await paidOrder(client, "stripe");
      stripeFake.refundInDashboard(paymentIntent!, 10_000);
      const charge = stripeFake.charge(paymentIntent!);
      expect(await deliver("evt_dash_1", "charge.refunded", charge)).toBe("applied");
      expect(await deliver("evt_dash_2", "charge.refunded", charge)).toBe("applied");
      expect(await refundRows(orderId)).toMatchObject([
        { status: "succeeded", amount: 10_000, actorId: null, reason: "Refunded in the Stripe dashboard" },
      ]);
      expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "partially_refunded", refundedAmount: 10_000 });
      expect(await creditNotes(orderId)).toHaveLength(1);
    });

    it("Stripe refuses: the refund fails and its amount is free again; Stripe unreachable: it stays pending and is sent again with the same key", async () => {
      const client = await insertClient(t, "stripe-errors@example.com");
      const { orderId } = await paidOrder(client, "stripe");
      stripeFake.failNext(400);
      const refused = await refund(orderId, "650");
      expect(refused).toMatchObject({ ok: true, refund: { status: "failed", failureReason: "Fake failure" } });
      expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "paid", refundedAmount: 0 });

      stripeFake.failNext(500);
      const unreachable = await refund(orderId, "100");
      expect(unreachable).toMatchObject({ ok: true, refund: { status: "pending", providerRefundId: null } });
      expect(await refund(orderId, "600")).toMatchObject({ ok: false, error: "exceeds" });
      expect(await reconcilePendingRefunds({ olderThanMs: 0 })).toBe(1);
      expect(await refundRows(orderId)).toMatchObject([{ status: "failed" }, { status: "succeeded", amount: 10_000 }]);
      expect(await orderRow(orderId)).toMatchObject({ paymentStatus: "partially_refunded", refundedAmount: 10_000 });
      // Both attempts for the second refund used one idempotency key: Stripe refunded once.
      const keys = stripeFake.requests
        .filter((r) => r.method === "POST" && r.path === "/v1/refunds")
        .map((r) => r.idempotencyKey);
      const second = (await refundRows(orderId))[1]!;
      expect(keys.filter((k) => k === `refund-${second.id}`)).toHaveLength(2);
      expect([...stripeFake.refunds.values()].filter((r) => r.metadata.refundId === second.id)).toHaveLength(1);
    });

    it("an order paid before payment ids were kept is refunded against its session's PaymentIntent", async () => {
      const client = await insertClient(t, "legacy@example.com");
      const { orderId, paymentIntent } = await paidOrder(client, "stripe");
      await t.handle.db.update(orders).set({ providerPaymentId: null }).where(eq(orders.id, orderId));
      expect(await refund(orderId, "50")).toMatchObject({ ok: true, refund: { status: "succeeded" } });
      expect(await orderRow(orderId)).toMatchObject({ providerPaymentId: paymentIntent });
      const [session] = await t.handle.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId));
      expect(session!.status).toBe("complete");
    });
  });
});

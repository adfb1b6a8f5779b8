import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  couponRedemptions,
  orderEvents,
  orders,
  outbox,
  paymentSessions,
  rateLimits,
  taxDocuments,
} from "../../db/schema";
import { listCoupons } from "../../app/admin/coupons.server";
import { resetEnvForTests } from "../../app/env.server";
import { handleCheckout, type CheckoutOutcome } from "../../app/orders/checkout.server";
import { insertCoupon } from "../../app/orders/coupons.server";
import { expireUnpaidOrders } from "../../app/orders/expiry.server";
import { computeTotals, CouponUnavailable, createOrder } from "../../app/orders/orders.server";
import { changeOrderStatus } from "../../app/orders/order-status.server";
import { completeTestSession, handlePaymentEvent } from "../../app/payments/payments.server";
import { checkoutRequest, insertClient, travelBanBasic, validFields } from "../support/checkout-request";
import { startFakeStripe } from "../support/fake-stripe";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

// Free orders, and coupon limits that hold: a use is reserved when the order is created (under the
// coupon's row lock), paid with the order, and given back when an unpaid order is cancelled or expires.
describe(`coupons and free orders on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let stripeFake: Awaited<ReturnType<typeof startFakeStripe>>;
  let admin: string;
  let client: string;

  const checkout = (userId: string, fields: Record<string, string> = {}, cart = travelBanBasic) =>
    handleCheckout({
      request: checkoutRequest({ ...validFields, intent: "pay", ...fields }),
      userId,
      cart,
      lang: "en",
    });
  const orderRow = async (id: string) => (await t.handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const uses = async (orderId: string) =>
    (await t.handle.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId))).map(
      (r) => r.status,
    );
  const orderOf = (outcome: CheckoutOutcome) => {
    if (outcome.kind === "reply") throw new Error(`no order: ${JSON.stringify(outcome.lastResult.error)}`);
    return outcome.orderId;
  };

  beforeAll(async () => {
    stripeFake = await startFakeStripe();
    process.env.SESSION_SECRET = "x".repeat(32);
    process.env.SITE_URL = "https://sanad.example";
    resetEnvForTests();
    admin = await insertClient(t, "coupon-admin@example.com", "Staff", "admin");
    client = await insertClient(t, "aisha@example.com", "Aisha Rahman");
  });
  beforeEach(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_API_BASE;
    resetEnvForTests();
    await t.handle.db.delete(rateLimits);
  });
  afterAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_API_BASE;
    delete process.env.SITE_URL;
    resetEnvForTests();
    await stripeFake.close();
  });

  describe("a total of zero", () => {
    it("a 100 % coupon: the order is paid at once, with no payment provider asked, mails, history and a tax invoice", async () => {
      process.env.STRIPE_SECRET_KEY = "sk_test_fake123";
      process.env.STRIPE_API_BASE = stripeFake.apiBase;
      resetEnvForTests();
      await insertCoupon({ code: "FREE100", kind: "percent", value: 100 }, t.handle.db);
      const requestsBefore = stripeFake.requests.length;
      const outcome = await checkout(client, { couponCode: "free100" });
      expect(outcome.kind).toBe("paid");
      const orderId = orderOf(outcome);
      expect(stripeFake.requests.length).toBe(requestsBefore);
      expect(await t.handle.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId))).toEqual([]);
      expect(await orderRow(orderId)).toMatchObject({
        amount: 0,
        subtotal: 65_000,
        discount: 65_000,
        couponCode: "FREE100",
        status: "pending",
        paymentStatus: "paid",
        paidAmount: 0,
        paymentProvider: null,
      });
      expect(await uses(orderId)).toEqual(["paid"]);
      const history = await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
      expect(history.map((e) => e.kind).sort()).toEqual(["created", "invoice", "payment"]);
      expect(history.find((e) => e.kind === "payment")).toMatchObject({
        fromValue: "unpaid",
        toValue: "paid",
        note: "Nothing to pay: the total is zero.",
      });
      const mails = (await t.handle.db.select().from(outbox)).filter((m) => m.subject.includes(orderId.slice(0, 8)));
      expect(mails.map((m) => m.kind).sort()).toEqual(["order-confirmation", "payment-received", "staff-order-paid"]);
      expect(mails.find((m) => m.kind === "order-confirmation")!.textBody).toContain("nothing to pay");
      const [invoice] = await t.handle.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
      expect(invoice).toMatchObject({ kind: "invoice", total: 0, totalVat: 0, discount: 65_000 });
      expect(mails.find((m) => m.kind === "payment-received")!.attachments).toEqual([
        { kind: "tax-document", id: invoice!.id },
      ]);
    });

    it("a fixed coupon above the subtotal is a free order too (never a negative total)", async () => {
      await insertCoupon({ code: "BIGGER", kind: "fixed", value: 10_000_000 }, t.handle.db);
      const outcome = await checkout(client, { couponCode: "BIGGER" });
      expect(outcome.kind).toBe("paid");
      expect(await orderRow(orderOf(outcome))).toMatchObject({ amount: 0, discount: 65_000, paymentStatus: "paid" });
    });

    it("an empty cart is still refused with the spec's message", async () => {
      const outcome = await checkout(client, {}, []);
      expect(outcome).toMatchObject({
        kind: "reply",
        status: 400,
        lastResult: { error: { "": ["Invalid Order: Order total must be greater than zero."] } },
      });
    });
  });

  describe("limits that hold", () => {
    it("20 clients check out at once with a coupon that has one use left: exactly one gets it", async () => {
      await insertCoupon({ code: "LASTONE", kind: "percent", value: 50, maxRedemptions: 1 }, t.handle.db);
      const racers = await Promise.all(Array.from({ length: 20 }, (_, i) => insertClient(t, `racer-${i}@example.com`)));
      const outcomes = await Promise.all(
        racers.map((userId) => checkout(userId, { couponCode: "LASTONE", email: "racer@example.com" })),
      );
      const placed = outcomes.filter((o) => o.kind !== "reply");
      expect(placed).toHaveLength(1);
      // Everyone else is told, with the price re-shown without the coupon, and nothing was created for them.
      for (const outcome of outcomes.filter((o) => o.kind === "reply")) {
        expect(outcome).toMatchObject({
          kind: "reply",
          status: 409,
          couponApplied: false,
          summary: { discount: null, totalFils: 65_000 },
        });
        if (outcome.kind === "reply")
          expect(outcome.lastResult.error?.[""]?.[0]).toContain("Coupon LASTONE is no longer available");
      }
      const withCoupon = await t.handle.db.select().from(orders).where(eq(orders.couponCode, "LASTONE"));
      expect(withCoupon).toHaveLength(1);
      const [coupon] = (await listCoupons()).filter((c) => c.code === "LASTONE");
      expect(coupon).toMatchObject({ reserved: 1, paid: 0, released: 0 });
    });

    it("the reservation itself holds: 20 orders created at once, all priced while one use was left, one keeps the coupon", async () => {
      await insertCoupon({ code: "LOCKED", kind: "percent", value: 25, maxRedemptions: 1 }, t.handle.db);
      // Every checkout passed the price check before any order was written.
      const totals = await computeTotals(travelBanBasic, "LOCKED", "en");
      expect(totals).toMatchObject({ couponCode: "LOCKED", discount: 16_250, couponInvalid: false });
      const racers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => insertClient(t, `locked-${i}@example.com`)),
      );
      const details = { legalName: "Racer", email: "racer@example.com", phone: "+971501234567" };
      const results = await Promise.allSettled(
        racers.map((userId) => createOrder({ userId, lang: "en", details, totals, files: [] })),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const failed of results.filter((r): r is PromiseRejectedResult => r.status === "rejected")) {
        expect(failed.reason).toBeInstanceOf(CouponUnavailable);
        expect(failed.reason).toMatchObject({ code: "LOCKED", problem: "used-up" });
      }
      // Nothing half-written for the losers: no order, no use.
      expect(await t.handle.db.select().from(orders).where(eq(orders.couponCode, "LOCKED"))).toHaveLength(1);
      expect((await listCoupons()).find((c) => c.code === "LOCKED")).toMatchObject({ reserved: 1 });
    });

    it("a per-client limit: one use per client, another client may still use it", async () => {
      await insertCoupon({ code: "ONCEEACH", kind: "percent", value: 10, maxPerClient: 1 }, t.handle.db);
      const first = await checkout(client, { couponCode: "ONCEEACH" });
      expect(first.kind).toBe("pay");
      const second = await checkout(client, { couponCode: "ONCEEACH" });
      expect(second).toMatchObject({ kind: "reply", status: 409 });
      const applied = await handleCheckout({
        request: checkoutRequest({ intent: "apply-coupon", couponCode: "ONCEEACH" }),
        userId: client,
        cart: travelBanBasic,
        lang: "en",
      });
      expect(applied).toMatchObject({ kind: "reply", status: 400, couponApplied: false });
      const other = await insertClient(t, "other-once@example.com");
      expect((await checkout(other, { couponCode: "ONCEEACH" })).kind).toBe("pay");
    });

    it("a coupon switched off between Apply and Pay: re-priced with a notice, no order created", async () => {
      const coupon = await insertCoupon({ code: "SWITCHOFF", kind: "percent", value: 20 }, t.handle.db);
      const applied = await handleCheckout({
        request: checkoutRequest({ intent: "apply-coupon", couponCode: "SWITCHOFF" }),
        userId: client,
        cart: travelBanBasic,
        lang: "en",
      });
      expect(applied).toMatchObject({ kind: "reply", status: 200, summary: { totalFils: 52_000 } });
      const { coupons } = await import("../../db/schema");
      await t.handle.db.update(coupons).set({ active: false }).where(eq(coupons.id, coupon.id));
      const before = (await t.handle.db.select().from(orders)).length;
      const paid = await checkout(client, { couponCode: "SWITCHOFF" });
      expect(paid).toMatchObject({
        kind: "reply",
        status: 409,
        summary: { discount: null, totalFils: 65_000 },
        lastResult: { initialValue: { couponCode: "" } },
      });
      if (paid.kind === "reply")
        expect(paid.lastResult.error?.[""]).toEqual([
          "Coupon SWITCHOFF is no longer available, so your order was not placed. The summary now shows the price without it: please check the new total and confirm again.",
        ]);
      expect((await t.handle.db.select().from(orders)).length).toBe(before);
      // A coupon deleted after Apply: the form says which code it showed applied, so the notice is the same.
      const gone = await insertCoupon({ code: "DELETED", kind: "percent", value: 20 }, t.handle.db);
      await t.handle.db.delete(coupons).where(eq(coupons.id, gone.id));
      const deleted = await checkout(client, { couponCode: "DELETED", appliedCoupon: "DELETED" });
      expect(deleted).toMatchObject({ kind: "reply", status: 409, summary: { totalFils: 65_000 } });
      // A code typed straight into the field and never applied is just invalid.
      expect(await checkout(client, { couponCode: "NEVERWAS" })).toMatchObject({
        kind: "reply",
        status: 400,
        lastResult: { error: { couponCode: ["Invalid or expired coupon"] } },
      });
      // Confirming again (the coupon field now empty) places the order at the full price.
      expect(await orderRow(orderOf(await checkout(client)))).toMatchObject({ amount: 65_000, couponCode: null });
    });
  });

  describe("uses given back", () => {
    it("an unpaid order that expires releases its use; paid and processing orders are left alone", async () => {
      await insertCoupon({ code: "EXPIRING", kind: "percent", value: 10, maxRedemptions: 1 }, t.handle.db);
      const orderId = orderOf(await checkout(client, { couponCode: "EXPIRING" }));
      const paidOrder = orderOf(await checkout(client));
      const paidSession = (
        await t.handle.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, paidOrder))
      )[0]!;
      await completeTestSession(paidSession.id);
      const worked = orderOf(await checkout(client));
      await changeOrderStatus({ orderId: worked, status: "processing", actorId: admin });
      // Not yet: 71 hours later nothing happens (the default expiry is 72 hours).
      expect(await expireUnpaidOrders({ now: new Date(Date.now() + 71 * 3_600_000) })).toBe(0);
      const expired = await expireUnpaidOrders({ now: new Date(Date.now() + 73 * 3_600_000) });
      expect(expired).toBeGreaterThanOrEqual(1);
      expect(await orderRow(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "unpaid" });
      expect(await uses(orderId)).toEqual(["released"]);
      expect(await orderRow(paidOrder)).toMatchObject({ status: "pending", paymentStatus: "paid" });
      expect(await orderRow(worked)).toMatchObject({ status: "processing" });
      const [session] = await t.handle.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId));
      expect(session!.status).toBe("expired");
      const [event] = await t.handle.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.kind, "status")));
      expect(event).toMatchObject({ fromValue: "pending", toValue: "cancelled", actorId: null });
      expect(event!.note).toContain("Not paid within 72 hours");
      expect(
        (await t.handle.db.select().from(outbox)).filter(
          (m) => m.kind === "order-expired" && m.subject.includes(orderId.slice(0, 8)),
        ),
      ).toHaveLength(1);
      // Running again (another instance, the next tick) changes nothing more.
      await expireUnpaidOrders({ now: new Date(Date.now() + 74 * 3_600_000) });
      expect(
        (await t.handle.db.select().from(outbox)).filter(
          (m) => m.kind === "order-expired" && m.subject.includes(orderId.slice(0, 8)),
        ),
      ).toHaveLength(1);
      // The use is free again: someone else gets it.
      const other = await insertClient(t, "after-expiry@example.com");
      expect((await checkout(other, { couponCode: "EXPIRING" })).kind).toBe("pay");
      // The test page no longer takes a payment; one that still arrives from a provider is taken
      // (the money is real), its coupon use counted even past the limit, and staff are told.
      expect(await completeTestSession(session!.id)).toBe("ignored");
      const late = await handlePaymentEvent({
        id: `evt_late_${orderId}`,
        provider: "test",
        type: "checkout.session.completed",
        session: {
          id: session!.id,
          orderId,
          status: "complete",
          paymentStatus: "paid",
          amountTotal: session!.amount,
          currency: "aed",
          paymentIntentId: null,
        },
      });
      expect(late).toBe("paid");
      expect(await orderRow(orderId)).toMatchObject({
        status: "cancelled",
        paymentStatus: "paid",
        paymentFlag: "paid-while-cancelled",
      });
      expect(await uses(orderId)).toEqual(["paid"]);
    });

    it("an admin cancelling an unpaid order releases the use; opening it again takes it back only if the coupon allows", async () => {
      await insertCoupon({ code: "CANCELME", kind: "fixed", value: 5_000, maxRedemptions: 1 }, t.handle.db);
      const orderId = orderOf(await checkout(client, { couponCode: "CANCELME" }));
      expect(await changeOrderStatus({ orderId, status: "cancelled", actorId: admin })).toMatchObject({
        ok: true,
        changed: true,
      });
      expect(await uses(orderId)).toEqual(["released"]);
      expect(await changeOrderStatus({ orderId, status: "pending", actorId: admin })).toMatchObject({
        ok: true,
        changed: true,
      });
      expect(await uses(orderId)).toEqual(["reserved"]);
      await changeOrderStatus({ orderId, status: "cancelled", actorId: admin });
      const other = await insertClient(t, "took-it@example.com");
      expect((await checkout(other, { couponCode: "CANCELME" })).kind).toBe("pay");
      expect(await changeOrderStatus({ orderId, status: "pending", actorId: admin })).toEqual({
        ok: false,
        error: "coupon-gone",
      });
      expect(await orderRow(orderId)).toMatchObject({ status: "cancelled" });
      const [coupon] = (await listCoupons()).filter((c) => c.code === "CANCELME");
      expect(coupon).toMatchObject({ reserved: 1, paid: 0, released: 1 });
    });

    it("the admin list tells reserved from paid uses", async () => {
      await insertCoupon({ code: "COUNTED", kind: "percent", value: 5, maxRedemptions: 3 }, t.handle.db);
      const paidOrder = orderOf(await checkout(client, { couponCode: "COUNTED" }));
      orderOf(await checkout(client, { couponCode: "COUNTED" }));
      const session = (
        await t.handle.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, paidOrder))
      )[0]!;
      expect(await completeTestSession(session.id)).toBe("paid");
      const [coupon] = (await listCoupons()).filter((c) => c.code === "COUNTED");
      expect(coupon).toMatchObject({ reserved: 1, paid: 1, maxRedemptions: 3 });
    });
  });
});

import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  couponRedemptions,
  orderDocuments,
  rateLimits,
  orderEvents,
  orderItems,
  orders,
  outbox,
  paymentEvents,
  paymentSessions,
  users,
} from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { checkoutText } from "../../app/content/checkout.server";
import { handleCheckout } from "../../app/orders/checkout.server";
import { insertCoupon, seedDemoCoupon, DEMO_COUPON } from "../../app/orders/coupons.server";
import { computeTotals, priceCart, type CartLineInput } from "../../app/orders/orders.server";
import {
  completeTestSession,
  handlePaymentEvent,
  paymentEventFromStripe,
  startPayment,
  verifyPayment,
  verifyStripeWebhook,
} from "../../app/payments/payments.server";
import { checkoutRequest, travelBanBasic, validFields } from "../support/checkout-request";
import { startFakeStripe, useFakeStripe } from "../support/fake-stripe";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const WEBHOOK_SECRET = "whsec_testsecret123";
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(2048, 0x20), Buffer.from("\n%%EOF\n")]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(512, 1)]);
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(1024, 0x90)]);

describe(`checkout, orders and payments on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let userId: string;
  let otherUserId: string;
  let stripeFake: Awaited<ReturnType<typeof startFakeStripe>>;
  let stripe: Stripe;

  const useStripe = (on: boolean) => useFakeStripe(on ? stripeFake : null, WEBHOOK_SECRET, resetEnvForTests);

  const signedWebhook = (event: object) => {
    const payload = JSON.stringify(event);
    return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
  };

  const stripeEvent = (id: string, type: string, session: object) => ({
    id,
    object: "event",
    type,
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });

  /** What the webhook route does: verify, convert, handle. */
  const deliver = async (event: object, signatureOverride?: string) => {
    const { payload, signature } = signedWebhook(event);
    const verified = verifyStripeWebhook(payload, signatureOverride ?? signature);
    if (!verified) return "bad-signature";
    const ours = paymentEventFromStripe(verified);
    return ours ? handlePaymentEvent(ours) : "unhandled";
  };

  const orderRow = async (id: string) => (await t.handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const mailsTo = async (to: string, kind: string) =>
    (await t.handle.db.select().from(outbox).where(eq(outbox.toAddress, to))).filter((m) => m.kind === kind);

  async function placeOrder(fields: Record<string, string> = {}, cart: CartLineInput[] = travelBanBasic) {
    const outcome = await handleCheckout({
      request: checkoutRequest({ ...validFields, intent: "pay", ...fields }),
      userId,
      cart,
      lang: "en",
    });
    if (outcome.kind !== "pay")
      throw new Error(`expected a payment redirect, got ${JSON.stringify(outcome).slice(0, 300)}`);
    return outcome;
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
    const [user] = await t.handle.db
      .insert(users)
      .values({ email: "aisha@example.com", passwordHash: "x", fullName: "Aisha Rahman" })
      .returning();
    const [other] = await t.handle.db
      .insert(users)
      .values({ email: "omar@example.com", passwordHash: "x" })
      .returning();
    userId = user!.id;
    otherUserId = other!.id;
    await seedDemoCoupon(t.handle.db);
  });
  beforeEach(async () => {
    useStripe(false);
    // Each test places orders as the same client: start every test under the hourly order limit.
    await t.handle.db.delete(rateLimits);
  });
  afterAll(async () => {
    useStripe(false);
    delete process.env.SITE_URL;
    resetEnvForTests();
    await stripeFake.close();
  });

  describe("pricing", () => {
    it("prices lines from the catalogue only, merging repeats and dropping unknown tiers", () => {
      const priced = priceCart([
        { serviceType: "travel-ban", tierId: "basic", quantity: 1 },
        { serviceType: "travel-ban", tierId: "basic", quantity: 2 },
        { serviceType: "travel-ban", tierId: "no-such-tier", quantity: 1 },
        { serviceType: "labor-ban", tierId: "basic", quantity: 0 },
      ]);
      expect(priced.lines).toHaveLength(1);
      expect(priced.lines[0]).toMatchObject({ tierName: "Basic", unitPrice: 65_000, quantity: 3, lineTotal: 195_000 });
      expect(priced.subtotal).toBe(195_000);
    });

    it("ignores a price sent in the form: the order is charged the catalogue amount", async () => {
      const { orderId } = await placeOrder({ amount: "1", price: "1", total: "1" });
      const order = await orderRow(orderId);
      expect(order).toMatchObject({
        amount: 65_000,
        subtotal: 65_000,
        discount: 0,
        status: "pending",
        paymentStatus: "unpaid",
        currency: "AED",
      });
      const [session] = await t.handle.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, orderId));
      expect(session!.amount).toBe(65_000);
    });
  });

  describe("repeated submissions and quoted speeds", () => {
    it("makes one order for a Pay sent twice with one key (a retry after the answer was lost), another for another client", async () => {
      const submissionId = crypto.randomUUID();
      const first = await placeOrder({ submissionId });
      const again = await placeOrder({ submissionId });
      expect(again.orderId).toBe(first.orderId);
      expect(await t.handle.db.select().from(orders).where(eq(orders.id, first.orderId))).toHaveLength(1);
      expect(
        (await mailsTo("aisha@example.com", "order-confirmation")).filter((m) =>
          m.subject.includes(first.orderId.slice(0, 8)),
        ),
      ).toHaveLength(1);
      // The same token from another client is that client's own checkout.
      const [third] = await t.handle.db
        .insert(users)
        .values({ email: "layla@example.com", passwordHash: "x" })
        .returning();
      const theirs = await handleCheckout({
        request: checkoutRequest({ ...validFields, email: "layla@example.com", intent: "pay", submissionId }),
        userId: third!.id,
        cart: travelBanBasic,
        lang: "en",
      });
      expect(theirs.kind).toBe("pay");
      expect(theirs.kind === "pay" ? theirs.orderId : "").not.toBe(first.orderId);
    });

    it("charges a quoted speed: the line keeps it, priced with the multiplier and named in the mail", async () => {
      const outcome = await placeOrder({}, [
        { serviceType: "labor-ban", tierId: "comprehensive", speed: "express", quantity: 1 },
      ]);
      const order = await orderRow(outcome.orderId);
      expect(order.amount).toBe(142_500);
      expect(order.tierName).toBe("Comprehensive, Express (×1.5)");
      const [item] = await t.handle.db.select().from(orderItems).where(eq(orderItems.orderId, outcome.orderId));
      expect(item).toMatchObject({
        tierId: "comprehensive",
        tierName: "Comprehensive",
        speed: "express",
        unitPrice: 142_500,
      });
      const [mail] = (await mailsTo("aisha@example.com", "order-confirmation")).filter((m) =>
        m.subject.includes(outcome.orderId.slice(0, 8)),
      );
      expect(mail!.textBody).toContain("Comprehensive, Express (×1.5)");
      expect(mail!.textBody).toContain("AED 1,425");
    });
  });

  describe("coupons", () => {
    it("applies a percent coupon, rejects unknown, inactive, expired and used-up codes", async () => {
      await insertCoupon(
        { code: "old", kind: "percent", value: 50, expiresAt: new Date(Date.now() - 1000) },
        t.handle.db,
      );
      await insertCoupon({ code: "off", kind: "percent", value: 50, active: false }, t.handle.db);
      const gone = await insertCoupon({ code: "gone", kind: "fixed", value: 1000, maxRedemptions: 1 }, t.handle.db);
      const [someone] = await t.handle.db
        .insert(users)
        .values({ email: "first-to-use@example.com", passwordHash: "x" })
        .returning();
      const [used] = await t.handle.db
        .insert(orders)
        .values({ userId: someone!.id, amount: 64_000, subtotal: 65_000, discount: 1000, couponCode: "GONE" })
        .returning();
      await t.handle.db
        .insert(couponRedemptions)
        .values({ couponId: gone.id, orderId: used!.id, userId: someone!.id, status: "reserved" });
      const ok = await computeTotals(travelBanBasic, " welcome10 ", "en");
      expect(ok).toMatchObject({
        subtotal: 65_000,
        discount: 6_500,
        total: 58_500,
        couponCode: DEMO_COUPON.code,
        couponInvalid: false,
      });
      for (const code of ["NOPE", "old", "OFF", "gone"]) {
        expect((await computeTotals(travelBanBasic, code, "en")).couponInvalid).toBe(true);
      }
    });

    it("never takes the total below zero", async () => {
      await insertCoupon({ code: "BIG", kind: "fixed", value: 10_000_000 }, t.handle.db);
      expect(await computeTotals(travelBanBasic, "big", "en")).toMatchObject({ discount: 65_000, total: 0 });
    });

    it("the apply-coupon intent re-renders the summary with the discount and keeps the typed fields", async () => {
      const outcome = await handleCheckout({
        request: checkoutRequest({ legalName: "Half typed", intent: "apply-coupon", couponCode: "welcome10" }),
        userId,
        cart: travelBanBasic,
        lang: "en",
      });
      expect(outcome).toMatchObject({
        kind: "reply",
        status: 200,
        couponApplied: true,
        summary: { discount: "AED 65", total: "AED 585", couponCode: "WELCOME10" },
      });
      if (outcome.kind === "reply") expect(outcome.lastResult.initialValue).toMatchObject({ legalName: "Half typed" });
      const bad = await handleCheckout({
        request: checkoutRequest({ intent: "apply-coupon", couponCode: "nope" }),
        userId,
        cart: travelBanBasic,
        lang: "en",
      });
      expect(bad).toMatchObject({
        kind: "reply",
        status: 400,
        couponApplied: false,
        lastResult: { error: { couponCode: ["Invalid or expired coupon"] } },
      });
    });

    it("reserves a use when the order is created and marks it paid once when the payment succeeds", async () => {
      const { orderId, url } = await placeOrder({ couponCode: "WELCOME10" });
      expect((await orderRow(orderId)).amount).toBe(58_500);
      const use = async () =>
        await t.handle.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
      expect((await use()).map((r) => r.status)).toEqual(["reserved"]);
      const sessionId = url.split("/").pop()!;
      await completeTestSession(sessionId);
      await completeTestSession(sessionId);
      await verifyPayment(sessionId, userId);
      expect((await use()).map((r) => r.status)).toEqual(["paid"]);
    });
  });

  describe("validation", () => {
    it("reports the spec's messages and keeps what was typed", async () => {
      const outcome = await handleCheckout({
        request: checkoutRequest({
          intent: "pay",
          legalName: "  ",
          email: "not-an-email",
          phone: "050 123",
          documentLink: "ftp://x",
          state: "S".repeat(51),
        }),
        userId,
        cart: travelBanBasic,
        lang: "en",
      });
      expect(outcome.kind).toBe("reply");
      if (outcome.kind !== "reply") return;
      expect(outcome.status).toBe(400);
      expect(outcome.lastResult.error).toMatchObject({
        legalName: ["Please enter a valid legal name."],
        email: ["Please enter a valid email address."],
        phone: ["Please enter a valid phone number."],
        state: ["Must be at most 50 characters."],
        documentLink: ["Please enter a link that starts with http:// or https://."],
      });
      expect(outcome.lastResult.initialValue).toMatchObject({ email: "not-an-email", phone: "050 123" });
    });

    it("accepts local UAE numbers and international ones (spaces, a leading +, up to 16 digits), and keeps them as E.164", async () => {
      const { checkoutSchema } = await import("../../app/orders/checkout-form.server");
      const schema = checkoutSchema(checkoutText.en);
      const parse = (phone: string) => {
        const result = schema.safeParse({ ...validFields, phone });
        return result.success ? result.data.phone : false;
      };
      expect(parse("+971 50 123 4567")).toBe("+971501234567");
      expect(parse("050 123 4567")).toBe("+971501234567");
      expect(parse("04 123 4567")).toBe("+97141234567");
      expect(parse("1234567890123456")).toBe("+1234567890123456");
      expect(parse("+44 20 7946 0958")).toBe("+442079460958");
      expect(parse("12345678901234567")).toBe(false);
      expect(parse("+0 50 123")).toBe(false);
      expect(parse("050 123")).toBe(false);
    });

    it("cleans script tags, javascript: and on-event attributes from text", async () => {
      const { orderId } = await placeOrder({
        legalName: "Aisha <script>alert(1)</script>Rahman",
        description: 'See <a href="javascript:alert(1)" onclick="x()">this</a>',
      });
      const order = await orderRow(orderId);
      expect(order.legalName).toBe("Aisha Rahman");
      expect(order.description).not.toMatch(/javascript:|onclick|<script/i);
    });

    it("refuses an empty or unpriceable cart: 'Invalid Order'", async () => {
      const outcome = await handleCheckout({
        request: checkoutRequest({ ...validFields, intent: "pay" }),
        userId,
        cart: [{ serviceType: "travel-ban", tierId: "free", quantity: 1 }],
        lang: "en",
      });
      expect(outcome).toMatchObject({
        kind: "reply",
        lastResult: { error: { "": ["Invalid Order: Order total must be greater than zero."] } },
      });
    });

    it("answers in Arabic on /ar", async () => {
      const outcome = await handleCheckout({
        request: checkoutRequest({ intent: "pay", ...validFields, email: "x" }),
        userId,
        cart: travelBanBasic,
        lang: "ar",
      });
      expect(outcome).toMatchObject({
        kind: "reply",
        lastResult: { error: { email: [checkoutText.ar.errors.email] } },
      });
    });
  });

  describe("orders and documents", () => {
    it("stores the order, its lines, its documents (by content) and history, and queues the confirmation, in one go", async () => {
      const outcome = await handleCheckout({
        request: checkoutRequest({ ...validFields, intent: "pay" }, [
          { name: "passport.pdf", data: PDF, type: "application/pdf" },
          { name: "photo.png", data: PNG, type: "image/png" },
        ]),
        userId,
        cart: [...travelBanBasic, { serviceType: "labor-ban", tierId: "basic", quantity: 2 }],
        lang: "en",
      });
      expect(outcome.kind).toBe("pay");
      if (outcome.kind !== "pay") return;
      const order = await orderRow(outcome.orderId);
      expect(order).toMatchObject({
        userId,
        legalName: "Aisha Rahman",
        phone: "+971501234567",
        email: "aisha@example.com",
        state: "Dubai",
        amount: 195_000,
        serviceType: "Travel Ban Check, Labor Ban Check",
        tierName: "Basic",
      });
      const items = await t.handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      expect(items.map((i) => [i.serviceKey, i.tierId, i.unitPrice, i.quantity]).sort()).toEqual([
        ["labor-ban-check", "basic", 65_000, 2],
        ["travel-ban-check", "basic", 65_000, 1],
      ]);
      const documents = await t.handle.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, order.id));
      expect(documents.map((d) => [d.fileName, d.contentType, d.sizeBytes]).sort()).toEqual([
        ["passport.pdf", "application/pdf", PDF.length],
        ["photo.png", "image/png", PNG.length],
      ]);
      expect(Buffer.compare(documents.find((d) => d.fileName === "passport.pdf")!.data!, PDF)).toBe(0);
      const events = await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(events.map((e) => e.kind)).toEqual(["created"]);
      const confirmation = (await mailsTo("aisha@example.com", "order-confirmation")).find((m) =>
        m.subject.includes(order.id.slice(0, 8)),
      );
      expect(confirmation?.textBody).toContain("AED 1,950");
    });

    it("keeps the request wizard's details on the order", async () => {
      const outcome = await handleCheckout({
        request: checkoutRequest({ ...validFields, intent: "pay" }),
        userId,
        cart: [{ serviceType: "travel-ban-quick", tierId: "quick-check", quantity: 1 }],
        lang: "en",
        extra: { requestReference: "RC-1234", emiratesId: "784-1990-1234567-1" },
      });
      expect(outcome.kind).toBe("pay");
      if (outcome.kind !== "pay") return;
      expect(await orderRow(outcome.orderId)).toMatchObject({
        amount: 20_000,
        details: { requestReference: "RC-1234", emiratesId: "784-1990-1234567-1" },
      });
    });

    it("refuses a renamed executable and an oversized file with the spec's messages, creating nothing", async () => {
      const count = async () => (await t.handle.db.select().from(orders)).length;
      const before = await count();
      const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(11 * 1024 * 1024)]);
      const outcome = await handleCheckout({
        request: checkoutRequest({ ...validFields, intent: "pay" }, [
          { name: "contract.pdf", data: EXE, type: "application/pdf" },
          { name: "big.pdf", data: big, type: "application/pdf" },
        ]),
        userId,
        cart: travelBanBasic,
        lang: "en",
      });
      expect(outcome).toMatchObject({
        kind: "reply",
        filesDropped: true,
        lastResult: {
          error: {
            documents: [
              "Invalid File Type: contract.pdf is not a supported file type.",
              "File Too Large: big.pdf exceeds the 10MB limit.",
            ],
          },
        },
      });
      expect(await count()).toBe(before);
    });
  });

  describe("limits", () => {
    it("stops a flood of new orders from one client with a clear message, creating nothing", async () => {
      const { hitRateLimit } = await import("../../app/http/rate-limit.server");
      const { ORDER_RATE_LIMIT } = await import("../../app/orders/checkout.server");
      for (let i = 0; i < ORDER_RATE_LIMIT.limit; i++) await hitRateLimit(ORDER_RATE_LIMIT, otherUserId);
      const outcome = await handleCheckout({
        request: checkoutRequest({ ...validFields, intent: "pay" }),
        userId: otherUserId,
        cart: travelBanBasic,
        lang: "en",
      });
      expect(outcome).toMatchObject({ kind: "reply", status: 429 });
      expect((await t.handle.db.select().from(orders).where(eq(orders.userId, otherUserId))).length).toBe(0);
    });

    it("a cancelled order cannot be paid", async () => {
      const { orderId } = await placeOrder();
      await t.handle.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, orderId));
      expect(await startPayment(await orderRow(orderId), "en")).toEqual({ kind: "not-payable" });
    });
  });

  describe("Stripe Checkout against the fake API", () => {
    it("creates a session with the order's lines in fils, e-mail, reference, metadata and an idempotency key", async () => {
      useStripe(true);
      const { orderId, url } = await placeOrder();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
      const request = stripeFake.requests.filter((r) => r.method === "POST").at(-1)!;
      expect(request.idempotencyKey).toBe(`order-${orderId}-attempt-1`);
      expect(request.body).toMatchObject({
        mode: "payment",
        customer_email: "aisha@example.com",
        client_reference_id: orderId,
        metadata: { orderId },
        success_url: "https://sanad.example/payment-success?session_id={CHECKOUT_SESSION_ID}",
        cancel_url: `https://sanad.example/orders/${orderId}/pay?cancelled=1`,
        line_items: [
          {
            quantity: "1",
            price_data: { currency: "aed", unit_amount: "65000", product_data: { name: "Travel Ban Check · Basic" } },
          },
        ],
      });
      // A second attempt while the session is open reuses it instead of opening another.
      const again = await startPayment(await orderRow(orderId), "en");
      expect(again).toMatchObject({ kind: "redirect", url });
    });

    it("a failing Stripe leaves the order unpaid and payable later", async () => {
      useStripe(true);
      stripeFake.failNext(500);
      const outcome = await handleCheckout({
        request: checkoutRequest({ ...validFields, intent: "pay" }),
        userId,
        cart: travelBanBasic,
        lang: "en",
      });
      expect(outcome).toMatchObject({ kind: "payment-error", unavailable: false });
      if (outcome.kind !== "payment-error") return;
      expect(await orderRow(outcome.orderId)).toMatchObject({ paymentStatus: "unpaid", status: "pending" });
      const retry = await startPayment(await orderRow(outcome.orderId), "en");
      expect(retry.kind).toBe("redirect");
    });

    it("rejects a webhook with a bad signature", async () => {
      useStripe(true);
      const { orderId, url } = await placeOrder();
      const sessionId = url.split("/").pop()!;
      const session = stripeFake.complete(sessionId);
      expect(await deliver(stripeEvent("evt_bad_1", "checkout.session.completed", session), "t=1,v1=deadbeef")).toBe(
        "bad-signature",
      );
      expect((await orderRow(orderId)).paymentStatus).toBe("unpaid");
    });

    it("marks paid once: replayed webhook, success page first or last, late expired event", async () => {
      useStripe(true);
      const { orderId, url } = await placeOrder();
      const sessionId = url.split("/").pop()!;
      // Not paid yet: the success page says so.
      expect(await verifyPayment(sessionId, userId)).toEqual({ kind: "failed" });
      const session = stripeFake.complete(sessionId);
      // Success page first, then the webhook twice, then a late expiry.
      expect((await verifyPayment(sessionId, userId)).kind).toBe("paid");
      expect(await deliver(stripeEvent(`evt_${sessionId}_1`, "checkout.session.completed", session))).toBe(
        "already-paid",
      );
      expect(await deliver(stripeEvent(`evt_${sessionId}_1`, "checkout.session.completed", session))).toBe("duplicate");
      expect(
        await deliver(stripeEvent(`evt_${sessionId}_2`, "checkout.session.expired", { ...session, status: "expired" })),
      ).toBe("expired");
      expect(await deliver(stripeEvent(`evt_${sessionId}_3`, "checkout.session.async_payment_failed", session))).toBe(
        "failed",
      );
      const order = await orderRow(orderId);
      expect(order).toMatchObject({
        paymentStatus: "paid",
        paidAmount: 65_000,
        paymentProvider: "stripe",
        paymentFlag: null,
      });
      const history = await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
      expect(history.filter((e) => e.kind === "payment")).toHaveLength(1);
      const paidMails = (await mailsTo("aisha@example.com", "payment-received")).filter((m) =>
        m.subject.includes(orderId.slice(0, 8)),
      );
      expect(paidMails).toHaveLength(1);
      const staffMails = (await t.handle.db.select().from(outbox)).filter(
        (m) => m.kind === "staff-order-paid" && m.subject.includes(orderId.slice(0, 8)),
      );
      expect(staffMails).toHaveLength(1);
      expect(
        (
          await t.handle.db
            .select()
            .from(paymentEvents)
            .where(eq(paymentEvents.id, `evt_${sessionId}_1`))
        ).length,
      ).toBe(1);
    });

    it("webhook first, then the success page: still one payment", async () => {
      useStripe(true);
      const { orderId, url } = await placeOrder();
      const sessionId = url.split("/").pop()!;
      const session = stripeFake.complete(sessionId);
      expect(await deliver(stripeEvent(`evt_${sessionId}_a`, "checkout.session.completed", session))).toBe("paid");
      expect(await verifyPayment(sessionId, userId)).toMatchObject({ kind: "paid" });
      expect(
        (await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter(
          (e) => e.kind === "payment",
        ),
      ).toHaveLength(1);
    });

    it("webhook, its redelivery and the success page at the same moment: paid once", async () => {
      useStripe(true);
      const { orderId, url } = await placeOrder();
      const sessionId = url.split("/").pop()!;
      const session = stripeFake.complete(sessionId);
      const event = stripeEvent(`evt_${sessionId}_race`, "checkout.session.completed", session);
      const outcomes = await Promise.all([
        deliver(event),
        deliver(event),
        verifyPayment(sessionId, userId),
        deliver(stripeEvent(`evt_${sessionId}_race2`, "checkout.session.completed", session)),
      ]);
      // At most one webhook delivery flips the order (else the success page did); the rest see it paid.
      expect(outcomes.filter((o) => o === "paid").length).toBeLessThanOrEqual(1);
      expect(outcomes[2]).toMatchObject({ kind: "paid" });
      const history = await t.handle.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
      expect(history.filter((e) => e.kind === "payment")).toHaveLength(1);
      expect(
        (await mailsTo("aisha@example.com", "payment-received")).filter((m) => m.subject.includes(orderId.slice(0, 8))),
      ).toHaveLength(1);
      expect((await orderRow(orderId)).paymentStatus).toBe("paid");
    });

    it("waits for delayed payment methods, then takes async_payment_succeeded", async () => {
      useStripe(true);
      const { orderId, url } = await placeOrder();
      const sessionId = url.split("/").pop()!;
      const pending = { ...stripeFake.sessions.get(sessionId)!, status: "complete", payment_status: "unpaid" };
      expect(await deliver(stripeEvent(`evt_${sessionId}_c`, "checkout.session.completed", pending))).toBe(
        "awaiting-payment",
      );
      expect((await orderRow(orderId)).paymentStatus).toBe("unpaid");
      const paid = stripeFake.complete(sessionId);
      expect(await deliver(stripeEvent(`evt_${sessionId}_s`, "checkout.session.async_payment_succeeded", paid))).toBe(
        "paid",
      );
    });

    it("flags a paid amount that differs from the order instead of accepting it", async () => {
      useStripe(true);
      const { orderId, url } = await placeOrder();
      const sessionId = url.split("/").pop()!;
      const session = stripeFake.complete(sessionId, 100);
      expect(await deliver(stripeEvent(`evt_${sessionId}_m`, "checkout.session.completed", session))).toBe(
        "amount-mismatch",
      );
      expect(await orderRow(orderId)).toMatchObject({
        paymentStatus: "unpaid",
        paymentFlag: "amount-mismatch",
        paidAmount: 100,
      });
    });

    it("verifying another user's session shows nothing of it", async () => {
      useStripe(true);
      const { url } = await placeOrder();
      const sessionId = url.split("/").pop()!;
      stripeFake.complete(sessionId);
      expect(await verifyPayment(sessionId, otherUserId)).toEqual({ kind: "failed" });
      expect(await verifyPayment("cs_test_unknown", userId)).toEqual({ kind: "failed" });
    });

    it("says 'unable to verify' when Stripe cannot be reached", async () => {
      useStripe(true);
      const { url } = await placeOrder();
      const sessionId = url.split("/").pop()!;
      stripeFake.failNext(500);
      expect(await verifyPayment(sessionId, userId)).toEqual({ kind: "error" });
    });
  });

  describe("the webhook route", () => {
    const post = async (body: string, signature: string | null) => {
      const { action } = await import("../../app/routes/webhooks.stripe");
      const headers = new Headers({ "Content-Type": "application/json" });
      if (signature) headers.set("stripe-signature", signature);
      const response = await action({
        request: new Request("http://localhost/webhooks/stripe", { method: "POST", body, headers }),
        params: {},
        context: {} as never,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    it("checks the signature on the raw body: 400 when missing, wrong or for another body", async () => {
      useStripe(true);
      const { url } = await placeOrder();
      const session = stripeFake.complete(url.split("/").pop()!);
      const { payload, signature } = signedWebhook(stripeEvent("evt_route_bad", "checkout.session.completed", session));
      expect((await post(payload, null)).status).toBe(400);
      expect((await post(payload, "t=1,v1=00")).status).toBe(400);
      expect((await post(payload.replace("65000", "1"), signature)).status).toBe(400);
    });

    it("handles a signed event once and answers 200 to its redelivery", async () => {
      useStripe(true);
      const { orderId, url } = await placeOrder();
      const session = stripeFake.complete(url.split("/").pop()!);
      const { payload, signature } = signedWebhook(stripeEvent("evt_route_ok", "checkout.session.completed", session));
      expect(await post(payload, signature)).toEqual({ status: 200, body: { received: true, outcome: "paid" } });
      expect(await post(payload, signature)).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
      expect((await orderRow(orderId)).paymentStatus).toBe("paid");
      const other = signedWebhook(stripeEvent("evt_route_other", "customer.created", { id: "cus_1" }));
      expect(await post(other.payload, other.signature)).toEqual({
        status: 200,
        body: { received: true, handled: false },
      });
    });
  });

  describe("the built-in test provider", () => {
    it("opens a local test page and pays through the webhook's path", async () => {
      const { orderId, url } = await placeOrder();
      expect(url).toMatch(/^\/test-checkout\/test_[0-9a-f]{32}$/);
      const sessionId = url.split("/").pop()!;
      expect(await completeTestSession(sessionId)).toBe("paid");
      expect(await completeTestSession(sessionId)).toBe("ignored");
      expect(await orderRow(orderId)).toMatchObject({
        paymentStatus: "paid",
        paymentProvider: "test",
        paidAmount: 65_000,
      });
      expect(
        (
          await t.handle.db
            .select()
            .from(paymentEvents)
            .where(eq(paymentEvents.id, `evt_${sessionId}_completed`))
        ).length,
      ).toBe(1);
      expect(await verifyPayment(sessionId, userId)).toMatchObject({ kind: "paid" });
    });

    it("is refused in production unless allowed", async () => {
      process.env.NODE_ENV = "production";
      resetEnvForTests();
      try {
        const outcome = await handleCheckout({
          request: checkoutRequest({ ...validFields, intent: "pay" }),
          userId,
          cart: travelBanBasic,
          lang: "en",
        });
        expect(outcome).toMatchObject({ kind: "payment-error", unavailable: true });
        process.env.ALLOW_TEST_PAYMENTS = "true";
        resetEnvForTests();
        expect((await placeOrder()).url).toMatch(/^\/test-checkout\//);
      } finally {
        process.env.NODE_ENV = "test";
        delete process.env.ALLOW_TEST_PAYMENTS;
        resetEnvForTests();
      }
    });
  });
});

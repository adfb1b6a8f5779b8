import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { paymentSessions } from "../../db/schema";
import { db } from "../db.server";
import { getEnv } from "../env.server";

/**
 * The two payment providers behind one interface: Stripe Checkout (STRIPE_SECRET_KEY) and a
 * built-in test page (no key; refused in production unless ALLOW_TEST_PAYMENTS=true).
 */
export type ProviderName = "stripe" | "test";

export type CheckoutSessionRequest = {
  orderId: string;
  /** Fils; names from the catalogue. */
  lines: Array<{ name: string; unitAmount: number; quantity: number }>;
  customerEmail: string;
  /** Absolute for Stripe; "{CHECKOUT_SESSION_ID}" is replaced by the session id. */
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  lang: "en" | "ar";
};

/** What a provider says about a session. */
export type ProviderSession = {
  id: string;
  orderId: string | null;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  /** Fils, as the provider will charge or has charged. */
  amountTotal: number | null;
  currency: string | null;
  /** The payment made (Stripe: the PaymentIntent id), once there is one. */
  paymentIntentId: string | null;
};

export interface PaymentProvider {
  name: ProviderName;
  createSession(request: CheckoutSessionRequest): Promise<{ id: string; url: string }>;
  retrieveSession(id: string): Promise<ProviderSession>;
}

export class PaymentsUnavailable extends Error {
  constructor() {
    super("no payment provider is configured");
  }
}

let stripeClient: { key: string; base: string | undefined; client: Stripe } | undefined;

/** The Stripe SDK, pointed at STRIPE_API_BASE when set (tests use a local fake of the API). */
export function stripeSdk(): Stripe {
  const env = getEnv();
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw new PaymentsUnavailable();
  if (stripeClient?.key === key && stripeClient.base === env.STRIPE_API_BASE) return stripeClient.client;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  const client = new Stripe(key, {
    maxNetworkRetries: base ? 0 : 2,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
  stripeClient = { key, base: env.STRIPE_API_BASE, client };
  return client;
}

const stripeProvider: PaymentProvider = {
  name: "stripe",
  async createSession(request) {
    const session = await stripeSdk().checkout.sessions.create(
      {
        mode: "payment",
        line_items: request.lines.map((line) => ({
          quantity: line.quantity,
          price_data: { currency: "aed", unit_amount: line.unitAmount, product_data: { name: line.name } },
        })),
        customer_email: request.customerEmail,
        client_reference_id: request.orderId,
        metadata: { orderId: request.orderId },
        payment_intent_data: { metadata: { orderId: request.orderId } },
        locale: request.lang === "ar" ? "auto" : "en",
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!session.url) throw new Error("Stripe returned a session without a URL");
    return { id: session.id, url: session.url };
  },
  async retrieveSession(id) {
    return fromStripeSession(await stripeSdk().checkout.sessions.retrieve(id));
  },
};

export function fromStripeSession(session: Stripe.Checkout.Session): ProviderSession {
  return {
    id: session.id,
    orderId: session.metadata?.orderId ?? session.client_reference_id ?? null,
    status: session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open",
    paymentStatus:
      session.payment_status === "paid"
        ? "paid"
        : session.payment_status === "no_payment_required"
          ? "no_payment_required"
          : "unpaid",
    amountTotal: session.amount_total,
    currency: session.currency,
    paymentIntentId:
      typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null),
  };
}

/**
 * The built-in test provider: its "hosted page" is /test-checkout/<id> on this site, and the
 * session lives in payment_sessions (written by the payment module right after creation).
 */
const testProvider: PaymentProvider = {
  name: "test",
  async createSession(request) {
    const id = `test_${crypto.randomBytes(16).toString("hex")}`;
    const prefix = request.lang === "ar" ? "/ar" : "";
    return { id, url: `${prefix}/test-checkout/${id}` };
  },
  async retrieveSession(id) {
    const [row] = await db.select().from(paymentSessions).where(eq(paymentSessions.id, id)).limit(1);
    if (!row || row.provider !== "test") throw new Error(`no test session ${id}`);
    return {
      id: row.id,
      orderId: row.orderId,
      status: row.status === "complete" ? "complete" : row.status === "open" ? "open" : "expired",
      paymentStatus: row.status === "complete" ? "paid" : "unpaid",
      amountTotal: row.amount,
      currency: "aed",
      paymentIntentId: row.status === "complete" ? `test_pi_${row.id.slice(5)}` : null,
    };
  },
};

/** Whether the built-in test page may take "payments" here. */
export function testPaymentsAllowed() {
  const env = getEnv();
  return !env.isProduction || env.ALLOW_TEST_PAYMENTS;
}

/** The provider new payments go to: Stripe when configured, else the test page where allowed. */
export function configuredProvider(): PaymentProvider | undefined {
  if (getEnv().STRIPE_SECRET_KEY) return stripeProvider;
  return testPaymentsAllowed() ? testProvider : undefined;
}

/** The provider that made a session (to verify it), if it is still usable here. */
export function providerNamed(name: ProviderName): PaymentProvider | undefined {
  if (name === "stripe") return getEnv().STRIPE_SECRET_KEY ? stripeProvider : undefined;
  return testPaymentsAllowed() ? testProvider : undefined;
}

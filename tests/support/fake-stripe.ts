import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeCheckoutSession = {
  id: string;
  object: "checkout.session";
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string | null;
  mode: string;
  line_items: Array<{ name: string; unit_amount: number; quantity: number; currency: string }>;
  payment_intent: string | null;
};

export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  status: "pending" | "succeeded" | "failed" | "canceled" | "requires_action";
  payment_intent: string;
  charge: string;
  reason: string | null;
  metadata: Record<string, string>;
  failure_reason: string | null;
  created: number;
};

/** Parses Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      if (last) {
        node[part] = value;
      } else {
        const nextIsIndex = /^\d+$/.test(parts[index + 1]!);
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

/**
 * A local stand-in for the parts of the Stripe API our payment module uses, talked to by the real
 * `stripe` SDK (`host`, `port`, `protocol: "http"`): create and retrieve Checkout Sessions, with
 * Idempotency-Key replay like Stripe's; refunds against a session's PaymentIntent (never more than
 * was paid, like Stripe), listed and retrieved. `complete(id)` marks a session paid as a card
 * payment would; `failNext(status)` makes the next request fail; `refundStatus` sets the status new
 * refunds get ("succeeded" by default; "pending" as for slow payment methods).
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeCheckoutSession>();
  const idempotency = new Map<string, string>();
  const refunds = new Map<string, FakeRefund>();
  const control: { refundStatus: FakeRefund["status"] } = { refundStatus: "succeeded" };
  const paidBy = (intent: string) =>
    [...sessions.values()].find((session) => session.payment_intent === intent && session.payment_status === "paid");
  const requests: Array<{ method: string; path: string; body: Record<string, unknown>; idempotencyKey?: string }> = [];
  let failNext: number | undefined;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const body = parseStripeForm(raw);
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      requests.push({ method: req.method ?? "GET", path: url.pathname, body, idempotencyKey });
      const json = (status: number, data: unknown) =>
        res
          .writeHead(status, {
            "content-type": "application/json",
            "request-id": `req_${crypto.randomBytes(6).toString("hex")}`,
          })
          .end(JSON.stringify(data));
      if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_")) {
        json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        return;
      }
      if (failNext) {
        const status = failNext;
        failNext = undefined;
        json(status, {
          error: { type: status >= 500 ? "api_error" : "invalid_request_error", message: "Fake failure" },
        });
        return;
      }
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        if (idempotencyKey && idempotency.has(idempotencyKey)) {
          json(200, sessions.get(idempotency.get(idempotencyKey)!));
          return;
        }
        const lineItems = ((body.line_items as Array<Record<string, unknown>>) ?? []).map((item) => {
          const priceData = item.price_data as Record<string, unknown>;
          const product = priceData.product_data as Record<string, unknown>;
          return {
            name: String(product.name),
            unit_amount: Number(priceData.unit_amount),
            quantity: Number(item.quantity),
            currency: String(priceData.currency),
          };
        });
        const id = `cs_test_${crypto.randomBytes(12).toString("hex")}`;
        const session: FakeCheckoutSession = {
          id,
          object: "checkout.session",
          url: `http://127.0.0.1:${port}/pay/${id}`,
          status: "open",
          payment_status: "unpaid",
          amount_total: lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0),
          currency: lineItems[0]?.currency ?? "aed",
          customer_email: (body.customer_email as string | undefined) ?? null,
          client_reference_id: (body.client_reference_id as string | undefined) ?? null,
          metadata: (body.metadata as Record<string, string> | undefined) ?? {},
          success_url: String(body.success_url ?? ""),
          cancel_url: (body.cancel_url as string | undefined) ?? null,
          mode: String(body.mode ?? "payment"),
          line_items: lineItems,
          payment_intent: null,
        };
        sessions.set(id, session);
        if (idempotencyKey) idempotency.set(idempotencyKey, id);
        json(200, session);
        return;
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (req.method === "POST" && expire) {
        const session = sessions.get(decodeURIComponent(expire[1]!));
        if (!session) json(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        else if (session.status !== "open")
          json(400, {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
            },
          });
        else {
          session.status = "expired";
          json(200, session);
        }
        return;
      }
      if (req.method === "POST" && url.pathname === "/v1/refunds") {
        if (idempotencyKey && idempotency.has(idempotencyKey)) {
          json(200, refunds.get(idempotency.get(idempotencyKey)!));
          return;
        }
        const intent = String(body.payment_intent ?? "");
        const session = paidBy(intent);
        if (!session) {
          json(400, { error: { type: "invalid_request_error", message: `No such payment_intent: '${intent}'` } });
          return;
        }
        const already = [...refunds.values()]
          .filter((r) => r.payment_intent === intent && r.status !== "failed" && r.status !== "canceled")
          .reduce((sum, r) => sum + r.amount, 0);
        const amount = body.amount === undefined ? session.amount_total - already : Number(body.amount);
        if (amount > session.amount_total - already) {
          json(400, {
            error: {
              type: "invalid_request_error",
              code: "charge_already_refunded",
              message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${session.amount_total - already})`,
            },
          });
          return;
        }
        const refund: FakeRefund = {
          id: `re_${crypto.randomBytes(12).toString("hex")}`,
          object: "refund",
          amount,
          currency: session.currency,
          status: control.refundStatus,
          payment_intent: intent,
          charge: `ch_${intent.slice(3)}`,
          reason: (body.reason as string | undefined) ?? null,
          metadata: (body.metadata as Record<string, string> | undefined) ?? {},
          failure_reason: null,
          created: Math.floor(Date.now() / 1000),
        };
        refunds.set(refund.id, refund);
        if (idempotencyKey) idempotency.set(idempotencyKey, refund.id);
        json(200, refund);
        return;
      }
      if (req.method === "GET" && url.pathname === "/v1/refunds") {
        const intent = url.searchParams.get("payment_intent");
        const data = [...refunds.values()].filter((r) => !intent || r.payment_intent === intent);
        json(200, { object: "list", data, has_more: false, url: "/v1/refunds" });
        return;
      }
      const refundMatch = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && refundMatch) {
        const refund = refunds.get(decodeURIComponent(refundMatch[1]!));
        if (!refund) json(404, { error: { type: "invalid_request_error", message: "No such refund" } });
        else json(200, refund);
        return;
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        if (!session) json(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        else json(200, session);
        return;
      }
      json(404, {
        error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method} ${url.pathname})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    host: "127.0.0.1",
    port,
    apiBase: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    /** Marks a session paid (as if the card payment succeeded) and returns it. */
    complete(id: string, amountTotal?: number) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent ??= `pi_${crypto.randomBytes(12).toString("hex")}`;
      if (amountTotal !== undefined) session.amount_total = amountTotal;
      return session;
    },
    refunds,
    control,
    /** A refund made in Stripe's dashboard (not through the API with our metadata). */
    refundInDashboard(paymentIntent: string, amount: number) {
      const refund: FakeRefund = {
        id: `re_${crypto.randomBytes(12).toString("hex")}`,
        object: "refund",
        amount,
        currency: "aed",
        status: "succeeded",
        payment_intent: paymentIntent,
        charge: `ch_${paymentIntent.slice(3)}`,
        reason: null,
        metadata: {},
        failure_reason: null,
        created: Math.floor(Date.now() / 1000),
      };
      refunds.set(refund.id, refund);
      return refund;
    },
    /** The charge of a paid session as charge.refunded would carry it (without its refund list, as Stripe sends it now). */
    charge(paymentIntent: string) {
      const session = paidBy(paymentIntent)!;
      const refunded = [...refunds.values()]
        .filter((r) => r.payment_intent === paymentIntent && r.status === "succeeded")
        .reduce((sum, r) => sum + r.amount, 0);
      return {
        id: `ch_${paymentIntent.slice(3)}`,
        object: "charge",
        amount: session.amount_total,
        amount_refunded: refunded,
        refunded: refunded >= session.amount_total,
        payment_intent: paymentIntent,
        currency: session.currency,
      };
    },
    expire(id: string) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.status = "expired";
      return session;
    },
    failNext(status: number) {
      failNext = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Points the app's Stripe adapter at a fake (its API base, a test key and a webhook secret), or
 * back to no Stripe at all (null): the built-in test provider.
 */
export function useFakeStripe(fake: { apiBase: string } | null, webhookSecret: string, resetEnv: () => void) {
  if (fake) {
    process.env.STRIPE_SECRET_KEY = "sk_test_fake123";
    process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
    process.env.STRIPE_API_BASE = fake.apiBase;
  } else {
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.STRIPE_API_BASE;
  }
  resetEnv();
}

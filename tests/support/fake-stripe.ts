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
 * Idempotency-Key replay like Stripe's. `complete(id)` marks a session paid as a card payment would;
 * `failNext(status)` makes the next request fail.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeCheckoutSession>();
  const idempotency = new Map<string, string>();
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
      const json = (status: number, data: unknown) => res.writeHead(status, { "content-type": "application/json", "request-id": `req_${crypto.randomBytes(6).toString("hex")}` }).end(JSON.stringify(data));
      if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_")) {
        json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
        return;
      }
      if (failNext) {
        const status = failNext;
        failNext = undefined;
        json(status, { error: { type: status >= 500 ? "api_error" : "invalid_request_error", message: "Fake failure" } });
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
          return { name: String(product.name), unit_amount: Number(priceData.unit_amount), quantity: Number(item.quantity), currency: String(priceData.currency) };
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
        };
        sessions.set(id, session);
        if (idempotencyKey) idempotency.set(idempotencyKey, id);
        json(200, session);
        return;
      }
      const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === "GET" && match) {
        const session = sessions.get(decodeURIComponent(match[1]!));
        if (!session) json(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        else json(200, session);
        return;
      }
      json(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method} ${url.pathname})` } });
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
      if (amountTotal !== undefined) session.amount_total = amountTotal;
      return session;
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

import type { ActionFunctionArgs } from "@remix-run/node";
import { handlePaymentEvent, paymentEventFromStripe, verifyStripeWebhook } from "../payments/payments.server";
import { handleRefundEvent, refundUpdatesFromStripe } from "../payments/refunds.server";

const json = (status: number, body: object) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
  });

/** Stripe only POSTs here. */
export function loader() {
  return json(405, { error: "method not allowed" });
}

/**
 * Stripe's webhook: the signature is checked on the raw body; a handled event answers 200 (also
 * when it was seen before), an unexpected failure 500 so Stripe delivers it again.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return json(405, { error: "method not allowed" });
  // Checkout events are a few kilobytes; refuse anything large before reading it.
  if (Number(request.headers.get("Content-Length") ?? "0") > 512 * 1024)
    return json(413, { error: "payload too large" });
  const raw = await request.text();
  const event = verifyStripeWebhook(raw, request.headers.get("stripe-signature"));
  if (!event) return json(400, { error: "invalid signature" });
  try {
    const payment = paymentEventFromStripe(event);
    if (payment) return json(200, { received: true, outcome: await handlePaymentEvent(payment) });
    const refundUpdates = await refundUpdatesFromStripe(event);
    if (refundUpdates) return json(200, { received: true, outcome: await handleRefundEvent(event.id, refundUpdates) });
    return json(200, { received: true, handled: false });
  } catch (error) {
    console.error(`stripe webhook ${event.id} (${event.type}) failed:`, error instanceof Error ? error.message : error);
    return json(500, { error: "not handled, retry" });
  }
}

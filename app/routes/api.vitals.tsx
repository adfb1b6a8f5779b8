import type { ActionFunctionArgs } from "@remix-run/node";
import { MAX_BEACON_BYTES, parseVitalsBeacon, recordVitals } from "../analytics/vitals.server";
import { readBodyText } from "../http/read-body.server";
import { getEnv } from "../env.server";
import { hitRateLimit } from "../http/rate-limit.server";

// Core Web Vitals beacons from browsers (navigator.sendBeacon). Anonymous by design: nothing but
// the route pattern, metric name and value is stored. Answers 204 whatever happens to a valid
// request, so a page never waits on it; invalid bodies get 400, floods 429.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const limit = await hitRateLimit(
    { name: "vitals-ip", limit: getEnv().VITALS_RATE_LIMIT, windowSeconds: 60 },
    context.clientAddress,
  );
  if (!limit.allowed)
    return new Response(null, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  const body = await readBodyText(request, MAX_BEACON_BYTES);
  if (body === null) return new Response(null, { status: 413 });
  const records = parseVitalsBeacon(body);
  if (!records) return new Response(null, { status: 400 });
  await recordVitals(records);
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}

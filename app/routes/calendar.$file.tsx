import type { LoaderFunctionArgs } from "@remix-run/node";
import { consultantFeed } from "../consultations/feed.server";
import { notFound } from "../http/http.server";

// A consultant's private calendar feed, /calendar/<token>.ics (decision 099): the secret in the
// address is the only key, so calendar apps can subscribe; an unknown or revoked token is 404.
export async function loader({ params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  if (!file.endsWith(".ics")) notFound();
  const text = await consultantFeed(file.slice(0, -".ics".length));
  if (!text) notFound();
  return new Response(text, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });
}

import { MAX_BEACON_BYTES } from "../analytics/vitals.server";
import { MESSAGE_UPLOAD_LIMITS, REPORT_UPLOAD_LIMITS, UPLOAD_LIMITS } from "../orders/uploads.server";

/**
 * How large a request body may be, by route (the path without /ar, ".data" or a trailing slash,
 * lower case: app/http/request-url.server.ts). server.ts's request gate enforces it before any
 * route runs (app/http/request-body.server.ts); docs/configuration.md lists these figures.
 *
 * `form`: any body that is not an upload (urlencoded, JSON, text, multipart without files) is read
 * whole, up to this many bytes. Sized from the longest form the route takes: every character a
 * field allows counted at 9 bytes (a three-byte UTF-8 character percent-encoded), plus the hidden
 * fields, rounded up generously. tests/unit/body-limits.test.ts checks the figures against the
 * field limits they come from.
 * `upload`: a multipart body with files, streamed to the route's own parser (which keeps its limits
 * per file and in total, refuses a declared length over the total without reading, and answers
 * with the form's own messages); cut off here only once the bytes streamed pass it.
 * `raw`: passed on as sent (the route checks a signature over the exact bytes): not cleaned, and
 * not subject to the same-origin check.
 */
export type BodyRule = { form: number; upload?: number; raw?: boolean };

const KiB = 1024;

/** Short forms: sign-in (password up to 1,000 characters), registration, settings, cart, coupons, status changes. */
export const DEFAULT_FORM_BYTES = 16 * KiB;

export const BODY_RULES: ReadonlyArray<{ route: RegExp; rule: BodyRule; why: string }> = [
  {
    route: /^\/webhooks\/stripe$/,
    rule: { form: 512 * KiB, raw: true },
    why: "Stripe events (a few KB; room for long line item lists)",
  },
  { route: /^\/api\/vitals$/, rule: { form: MAX_BEACON_BYTES }, why: "Web Vitals beacons" },
  // A message of 1,000 characters and the contact fields (about 1,500 characters in all).
  {
    route: /^\/(inquiry|travel-check|request-check)$/,
    rule: { form: 32 * KiB },
    why: "lead forms: a message of 1,000 characters and the contact fields",
  },
  // A question of 2,000 characters.
  {
    route: /^\/(assistant|api\/assistant)$/,
    rule: { form: 32 * KiB },
    why: "the assistant: a question of 2,000 characters",
  },
  // The internal note or a message (5,000 characters); the report upload (one PDF), a message's documents (5 of 10 MB).
  {
    route: /^\/admin\/orders\/[^/]+$/,
    rule: {
      form: 64 * KiB,
      upload: Math.max(REPORT_UPLOAD_LIMITS.maxTotalBytes, MESSAGE_UPLOAD_LIMITS.maxTotalBytes) + 64 * KiB,
    },
    why: "a case in the back office: a note or message of 5,000 characters; a report of 10 MB; a message's documents, 50 MB in all",
  },
  // The client's case: a message or a request (5,000 characters), a message's documents (5 of 10 MB).
  {
    route: /^\/dashboard\/orders\/[^/]+$/,
    rule: { form: 64 * KiB, upload: MESSAGE_UPLOAD_LIMITS.maxTotalBytes + 64 * KiB },
    why: "the client's case: a message of 5,000 characters with documents, 50 MB in all",
  },
  // Documents: up to 10 files of 10 MB, 50 MB in all; the details (with company name and TRN) when sent without files.
  {
    route: /^\/checkout$/,
    rule: { form: 32 * KiB, upload: UPLOAD_LIMITS.maxTotalBytes + 64 * KiB },
    why: "the checkout: documents up to 50 MB in all",
  },
];

export function bodyRule(routePath: string): BodyRule {
  return BODY_RULES.find(({ route }) => route.test(routePath))?.rule ?? { form: DEFAULT_FORM_BYTES };
}

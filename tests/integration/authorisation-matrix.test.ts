import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  SEEDED_STAFF_TOTP_SECRETS,
  startServerWithAccounts,
  type SeededAccounts,
  type ServerWithAccounts,
} from "../support/seed-accounts";
import { signInOverHttp } from "../support/sign-in";
import type { RunningServer } from "../support/server-process";
import { testDbKind } from "../support/test-db";

// Every route module in app/routes × anonymous, a client, another client, a member of staff (who
// works the client's order), another member of staff (who does not) and an admin, against the
// production build running with NODE_ENV=production. A route file without an entry here fails.

type Role = "anonymous" | "client" | "otherClient" | "staff" | "otherStaff" | "admin";
const ROLES: Role[] = ["anonymous", "client", "otherClient", "staff", "otherStaff", "admin"];

/** A status code, "login" (redirect to the sign-in page with a way back) or { redirect: path prefix }. */
type Expected = number | "login" | { redirect: string };
type Probe = {
  method: "GET" | "POST";
  /**
   * Path, with :order, :document, :noteDocument (a staff-only note's), :queueOrder (unassigned) and
   * :inquiry replaced by the seeded ids (orders of "client"; :order is assigned to "staff").
   */
  path: string;
  /** Form fields for a POST (sent as a same-origin form post). */
  form?: Record<string, string>;
  /** Per role; a role left out is not requested (e.g. a POST that would change the owner's data). */
  expect: Partial<Record<Role, Expected>>;
  /** Sign in afresh for this probe (the request ends the session). */
  freshSession?: boolean;
};

const all = (expected: Expected): Partial<Record<Role, Expected>> => ({
  anonymous: expected,
  client: expected,
  otherClient: expected,
  staff: expected,
  otherStaff: expected,
  admin: expected,
});
const page = (p: string): Probe[] => [{ method: "GET", path: p, expect: all(200) }];
// Users, coupons, inquiries, performance, the export: admins only; staff go back to their cases.
const adminOnly = {
  anonymous: "login",
  client: { redirect: "/dashboard" },
  otherClient: { redirect: "/dashboard" },
  staff: { redirect: "/admin" },
  otherStaff: { redirect: "/admin" },
  admin: 200,
} as const;
// A crafted admin POST from a client or staff is refused outright (403, nothing changed), not redirected.
const adminOnlyPost = { anonymous: "login", client: 403, otherClient: 403, staff: 403, otherStaff: 403 } as const;
const signedIn = {
  anonymous: "login",
  client: 200,
  otherClient: 200,
  staff: 200,
  otherStaff: 200,
  admin: 200,
} as const;

const MATRIX: Record<string, Probe[]> = {
  "($lang).$.tsx": [
    { method: "GET", path: "/no-such-page", expect: all(404) },
    { method: "GET", path: "/ar/no-such-page", expect: all(404) },
  ],
  "($lang)._index.tsx": [...page("/"), ...page("/ar")],
  "($lang).tsx": [...page("/ar/about"), { method: "GET", path: "/xx/about", expect: all(404) }],
  "($lang).about.tsx": page("/about"),
  "($lang).ask-lawyer.tsx": page("/ask-lawyer"),
  "($lang).attorney-network.tsx": page("/attorney-network"),
  "($lang).ban-checks.court-police-case-check.tsx": page("/ban-checks/court-police-case-check"),
  "($lang).ban-checks.labor-ban-check.tsx": page("/ban-checks/labor-ban-check"),
  "($lang).ban-checks.travel-ban-appeal.tsx": page("/ban-checks/travel-ban-appeal"),
  "($lang).ban-checks.travel-ban-check.tsx": page("/ban-checks/travel-ban-check"),
  "($lang).careers.tsx": page("/careers"),
  "($lang).contact.tsx": page("/contact"),
  "($lang).data-retention-policy.tsx": page("/data-retention-policy"),
  "($lang).for-business.background-checks-gcc.tsx": page("/for-business/background-checks-gcc"),
  "($lang).for-business.background-checks.tsx": page("/for-business/background-checks"),
  "($lang).for-business.client-credit-check.tsx": page("/for-business/client-credit-check"),
  "($lang).for-business.contracts-review.tsx": page("/for-business/contracts-review"),
  "($lang).for-business.employee-check.tsx": page("/for-business/employee-check"),
  "($lang).for-business.receivable-management.tsx": page("/for-business/receivable-management"),
  "($lang).partner-agreement.tsx": page("/partner-agreement"),
  "($lang).partners.tsx": page("/partners"),
  "($lang).privacy-policy.tsx": page("/privacy-policy"),
  "($lang).quote.tsx": page("/quote"),
  "($lang).refund-policy.tsx": page("/refund-policy"),
  "($lang).services.compliance-audit.tsx": page("/services/compliance-audit"),
  "($lang).services.document-authentication.tsx": page("/services/document-authentication"),
  "($lang).services.legal-consultation.tsx": page("/services/legal-consultation"),
  "($lang).startup-uae.company-formation.tsx": page("/startup-uae/company-formation"),
  "($lang).technology.tsx": page("/technology"),
  "($lang).terms-of-service.tsx": page("/terms-of-service"),
  "robots[.]txt.ts": page("/robots.txt"),
  "sitemap[.]xml.ts": page("/sitemap.xml"),

  // Public forms: anyone may load and post them (an empty post answers with field errors, never 5xx).
  // The no-JavaScript endpoints of forms placed in other pages send the visitor back there (with
  // the errors in a flash cookie).
  "($lang).inquiry.tsx": [
    { method: "GET", path: "/inquiry", expect: all({ redirect: "/contact#inquiry-form" }) },
    { method: "POST", path: "/inquiry", form: {}, expect: all({ redirect: "/#inquiry-form" }) },
  ],
  "($lang).request-check.tsx": [
    ...page("/request-check"),
    { method: "POST", path: "/request-check", form: {}, expect: all(400) },
  ],
  "($lang).travel-check.tsx": [
    { method: "GET", path: "/travel-check", expect: all({ redirect: "/ban-checks/travel-ban-check" }) },
    { method: "POST", path: "/travel-check", form: {}, expect: all({ redirect: "/#check" }) },
  ],
  "($lang).chat.tsx": [
    ...page("/chat"),
    { method: "POST", path: "/chat", form: {}, expect: all({ redirect: "/chat#chat-input-page" }) },
  ],
  "($lang).assistant.tsx": [
    { method: "GET", path: "/assistant", expect: all({ redirect: "/ask-lawyer#assistant" }) },
    { method: "POST", path: "/assistant", form: {}, expect: all({ redirect: "/ask-lawyer#assistant" }) },
  ],
  "($lang).cart.tsx": [
    ...page("/cart"),
    { method: "POST", path: "/cart", form: {}, expect: all({ redirect: "/cart" }) },
  ],
  // Remembers a language choice (the suggestion's dismiss) and goes back; anyone may.
  "language.tsx": [
    {
      method: "POST",
      path: "/language",
      form: { lang: "en", redirectTo: "/about" },
      expect: all({ redirect: "/about" }),
    },
    { method: "GET", path: "/language", expect: all({ redirect: "/" }) },
  ],
  "cart.update.tsx": [{ method: "POST", path: "/cart/update", form: {}, expect: all({ redirect: "/cart" }) }],
  "api.assistant.ts": [{ method: "POST", path: "/api/assistant", form: {}, expect: all(400) }],
  "api.vitals.tsx": [{ method: "POST", path: "/api/vitals", form: {}, expect: all(400) }],
  "($lang).password-reset.tsx": [
    ...page("/password-reset"),
    { method: "POST", path: "/password-reset", form: {}, expect: all(400) },
  ],
  "($lang).client-login.tsx": [
    {
      method: "GET",
      path: "/client-login",
      expect: {
        anonymous: 200,
        client: { redirect: "/" },
        otherClient: { redirect: "/" },
        staff: { redirect: "/" },
        otherStaff: { redirect: "/" },
        admin: { redirect: "/" },
      },
    },
    { method: "POST", path: "/client-login", form: { intent: "login" }, expect: { anonymous: 400 } },
  ],
  "($lang).logout.tsx": [
    { method: "POST", path: "/logout", form: {}, expect: all({ redirect: "/" }), freshSession: true },
  ],

  // Signed-in clients (and admins) only.
  "($lang).dashboard._index.tsx": [
    {
      method: "GET",
      path: "/dashboard",
      expect: {
        ...signedIn,
        staff: { redirect: "/admin" },
        otherStaff: { redirect: "/admin" },
        admin: { redirect: "/admin" },
      },
    },
  ],
  "($lang).dashboard.settings.tsx": [
    { method: "GET", path: "/dashboard/settings", expect: signedIn },
    {
      method: "POST",
      path: "/dashboard/settings",
      form: {},
      expect: { anonymous: "login", client: 400, otherClient: 400, staff: 400, admin: 400 },
    },
    // Naming a session of another account ends nothing (the answer is the same as for one's own).
    {
      method: "POST",
      path: "/dashboard/settings",
      form: { intent: "end-session", sessionId: crypto.randomUUID() },
      expect: { anonymous: "login", client: { redirect: "/dashboard/settings" } },
    },
    // Closing an account: a missing password is a field error; the team cannot close theirs here.
    {
      method: "POST",
      path: "/dashboard/settings",
      form: { intent: "close-account" },
      expect: { anonymous: "login", client: 400, otherClient: 400, staff: 403, admin: 403 },
    },
  ],
  // A "Download my data" archive: its own signed-in account only (an unknown or another's id is 404).
  "data-exports.$id.tsx": [
    {
      method: "GET",
      path: `/data-exports/${crypto.randomUUID()}`,
      expect: { anonymous: "login", client: 404, otherClient: 404, staff: 404, admin: 404 },
    },
    { method: "GET", path: "/data-exports/not-a-uuid", expect: { client: 404 } },
  ],
  "($lang).dashboard.settings_.two-factor.tsx": [
    { method: "GET", path: "/dashboard/settings/two-factor", expect: signedIn },
    {
      method: "POST",
      path: "/dashboard/settings/two-factor",
      form: {},
      expect: { anonymous: "login", client: 400, otherClient: 400, admin: 400 },
    },
    // Staff keep two-factor sign-in on.
    {
      method: "POST",
      path: "/dashboard/settings/two-factor",
      form: { intent: "disable", code: "000000" },
      expect: { staff: 403, admin: 403 },
    },
  ],
  // The second sign-in step exists only half-way through a sign-in.
  "($lang).client-login_.two-factor.tsx": [
    {
      method: "GET",
      path: "/client-login/two-factor",
      expect: {
        anonymous: { redirect: "/client-login" },
        client: { redirect: "/" },
        otherClient: { redirect: "/" },
        staff: { redirect: "/" },
        admin: { redirect: "/" },
      },
    },
    {
      method: "POST",
      path: "/client-login/two-factor",
      form: { code: "123456" },
      expect: all({ redirect: "/client-login" }),
    },
  ],
  "($lang).checkout.tsx": [
    { method: "GET", path: "/checkout", expect: signedIn },
    { method: "POST", path: "/checkout", form: {}, expect: { anonymous: "login" } },
  ],
  "($lang).payment-success.tsx": [
    // The generic thank-you page is public; verifying a payment session needs its owner.
    ...page("/payment-success"),
    { method: "GET", path: "/payment-success?session_id=cs_test_unknown", expect: { anonymous: "login" } },
  ],
  "($lang).verify-email.tsx": [{ method: "POST", path: "/verify-email", form: {}, expect: { anonymous: "login" } }],

  // Owned by "client": the owner sees it, another client gets 404 (as for an id that does not exist).
  // The client's page is the owner's alone: staff work the case from the back office.
  "($lang).dashboard.orders.$id.tsx": [
    {
      method: "GET",
      path: "/dashboard/orders/:order",
      expect: { anonymous: "login", client: 200, otherClient: 404, staff: 404, admin: 404 },
    },
    { method: "GET", path: `/dashboard/orders/${crypto.randomUUID()}`, expect: { client: 404 } },
    { method: "GET", path: "/dashboard/orders/not-a-uuid", expect: { client: 404 } },
    // A message to the case: the owner gets the empty-message notice; nobody else learns the order exists.
    {
      method: "POST",
      path: "/dashboard/orders/:order",
      form: { intent: "message", body: " " },
      expect: { anonymous: "login", client: 400, otherClient: 404, staff: 404, otherStaff: 404, admin: 404 },
    },
    {
      method: "POST",
      path: "/dashboard/orders/:order?intent=message",
      form: { body: "" },
      expect: { client: 400, otherClient: 404 },
    },
  ],
  // Booking a session of the order: the owner only. The seeded order includes no session: its page
  // is 404 like any order without one, and a booking is refused with the reason (no credit).
  "($lang).dashboard.orders.$id_.book.tsx": [
    {
      method: "GET",
      path: "/dashboard/orders/:order/book",
      expect: { anonymous: "login", client: 404, otherClient: 404, staff: 404, admin: 404 },
    },
    { method: "GET", path: "/dashboard/orders/not-a-uuid/book", expect: { client: 404 } },
    {
      method: "POST",
      path: "/dashboard/orders/:order/book",
      form: { mode: "video", slot: "x" },
      expect: { anonymous: "login", client: 400, otherClient: 404, staff: 404, otherStaff: 404, admin: 404 },
    },
    {
      method: "POST",
      path: "/dashboard/orders/:order/book",
      form: { intent: "cancel", booking: crypto.randomUUID() },
      expect: { client: 404, otherClient: 404 },
    },
  ],
  // A booked session's calendar invite: the client's own sessions only (an unknown id is 404).
  "($lang).dashboard.orders.$id_.sessions.$booking.invite[.ics].tsx": [
    {
      method: "GET",
      path: `/dashboard/orders/:order/sessions/${crypto.randomUUID()}/invite.ics`,
      expect: { anonymous: "login", client: 404, otherClient: 404, staff: 404, admin: 404 },
    },
  ],
  "documents.$id.tsx": [
    {
      method: "GET",
      path: "/documents/:document",
      expect: { anonymous: "login", client: 200, otherClient: 404, staff: 200, otherStaff: 404, admin: 200 },
    },
    // A document of a staff-only note: never the client's.
    {
      method: "GET",
      path: "/documents/:noteDocument",
      expect: { client: 404, otherClient: 404, staff: 200, otherStaff: 404, admin: 200 },
    },
    { method: "GET", path: `/documents/${crypto.randomUUID()}`, expect: { client: 404, admin: 404 } },
  ],
  // A tax invoice or credit note PDF: the order's owner and admins (an unknown id is 404 for everyone).
  "tax-documents.$id.tsx": [
    {
      method: "GET",
      path: `/tax-documents/${crypto.randomUUID()}`,
      expect: { anonymous: "login", client: 404, admin: 404 },
    },
    { method: "GET", path: "/tax-documents/not-a-uuid", expect: { client: 404 } },
  ],
  "($lang).orders.$orderId.pay.tsx": [
    {
      method: "GET",
      path: "/orders/:order/pay",
      expect: { anonymous: "login", client: 200, otherClient: 404, staff: 404, admin: 404 },
    },
    {
      method: "POST",
      path: "/orders/:order/pay",
      form: {},
      expect: { anonymous: "login", otherClient: 404, staff: 404, admin: 404 },
    },
  ],
  // Live updates: the version of a page's data, for the page's own viewer only.
  "live.dashboard.ts": [{ method: "GET", path: "/live/dashboard", expect: signedIn }],
  "live.orders.$id.ts": [
    {
      method: "GET",
      path: "/live/orders/:order",
      expect: { anonymous: "login", client: 200, otherClient: 404, staff: 404, otherStaff: 404, admin: 404 },
    },
    {
      method: "GET",
      path: "/live/orders/:order?as=staff",
      expect: { anonymous: "login", client: 404, otherClient: 404, staff: 200, otherStaff: 404, admin: 200 },
    },
    {
      method: "GET",
      path: "/live/orders/:queueOrder?as=staff",
      expect: { client: 404, staff: 200, otherStaff: 200, admin: 200 },
    },
    { method: "GET", path: `/live/orders/${crypto.randomUUID()}`, expect: { client: 404, admin: 404 } },
  ],

  // The case list: staff (their cases and the queue) and admins; anonymous visitors to the sign-in page, clients away to their dashboard.
  "($lang).admin._index.tsx": [
    { method: "GET", path: "/admin", expect: { ...adminOnly, staff: 200, otherStaff: 200 } },
    {
      method: "GET",
      path: "/ar/admin",
      expect: {
        ...adminOnly,
        client: { redirect: "/ar/dashboard" },
        otherClient: { redirect: "/ar/dashboard" },
        staff: 200,
        otherStaff: 200,
      },
    },
    // An empty status change: refused with a notice, back to the list.
    {
      method: "POST",
      path: "/admin",
      form: {},
      expect: { anonymous: "login", client: 403, otherClient: 403, staff: { redirect: "/admin" } },
    },
  ],
  // "My agenda": staff and admins; a session that is not the viewer's (or does not exist) is 404.
  // A consultant's calendar feed: the secret in the address is the key; a wrong one is 404 for everyone.
  "calendar.$file.tsx": [
    { method: "GET", path: `/calendar/${"A".repeat(43)}.ics`, expect: all(404) },
    { method: "GET", path: "/calendar/not-a-feed", expect: all(404) },
  ],
  "($lang).admin.agenda.tsx": [
    { method: "GET", path: "/admin/agenda", expect: { ...adminOnly, staff: 200, otherStaff: 200 } },
    {
      method: "GET",
      path: "/ar/admin/agenda",
      expect: { anonymous: "login", client: { redirect: "/ar/dashboard" }, staff: 200, admin: 200 },
    },
    {
      method: "POST",
      path: "/admin/agenda",
      form: { intent: "cancel", booking: crypto.randomUUID(), reason: "Not mine" },
      expect: { anonymous: "login", client: 403, otherClient: 403, staff: 404, otherStaff: 404, admin: 404 },
    },
    {
      method: "POST",
      path: "/admin/agenda",
      form: { intent: "held", booking: crypto.randomUUID() },
      expect: { client: 403, staff: { redirect: "/admin/agenda" }, admin: { redirect: "/admin/agenda" } },
    },
    {
      method: "POST",
      path: "/admin/agenda",
      form: { intent: "feed-revoke" },
      expect: { anonymous: "login", client: 403, otherClient: 403, staff: { redirect: "/admin/agenda" } },
    },
  ],
  "($lang).admin.bookings.tsx": [
    { method: "GET", path: "/admin/bookings", expect: adminOnly },
    { method: "GET", path: "/admin/bookings?from=2026-02-30&to=x&consultant=1", expect: { admin: 400 } },
  ],
  "($lang).admin.consultants.tsx": [
    { method: "GET", path: "/admin/consultants", expect: adminOnly },
    { method: "GET", path: `/admin/consultants?consultant=${crypto.randomUUID()}`, expect: { admin: 404 } },
    { method: "POST", path: "/admin/consultants", form: {}, expect: { ...adminOnlyPost, admin: 404 } },
  ],
  "($lang).admin.coupons.tsx": [
    { method: "GET", path: "/admin/coupons", expect: adminOnly },
    { method: "POST", path: "/admin/coupons", form: {}, expect: adminOnlyPost },
  ],
  "($lang).admin.inquiries.tsx": [
    { method: "GET", path: "/admin/inquiries", expect: adminOnly },
    { method: "POST", path: "/admin/inquiries", form: {}, expect: adminOnlyPost },
  ],
  "($lang).admin.inquiries_.$id.tsx": [
    { method: "GET", path: "/admin/inquiries/:inquiry", expect: adminOnly },
    { method: "GET", path: `/admin/inquiries/${crypto.randomUUID()}`, expect: { admin: 404 } },
  ],
  // A case: the staff it is assigned to and admins; other staff get 404 (and the queue is everyone's).
  "($lang).admin.orders.$id.tsx": [
    { method: "GET", path: "/admin/orders/:order", expect: { ...adminOnly, staff: 200, otherStaff: 404 } },
    {
      method: "GET",
      path: "/admin/orders/:queueOrder",
      expect: { client: { redirect: "/dashboard" }, staff: 200, otherStaff: 200, admin: 200 },
    },
    {
      method: "POST",
      path: "/admin/orders/:order",
      form: {},
      expect: { anonymous: "login", client: 403, otherClient: 403, otherStaff: 404 },
    },
    {
      method: "POST",
      path: "/admin/orders/:order",
      form: { intent: "message", body: "" },
      expect: { anonymous: "login", client: 403, staff: 400, otherStaff: 404, admin: 400 },
    },
    {
      method: "POST",
      path: "/admin/orders/:order?intent=message",
      form: { kind: "note", body: "" },
      expect: { staff: 400, otherStaff: 404 },
    },
    {
      method: "POST",
      path: "/admin/orders/:order",
      form: { intent: "assign", assigneeId: "me" },
      expect: { client: 403, otherStaff: 404 },
    },
    { method: "GET", path: `/admin/orders/${crypto.randomUUID()}`, expect: { staff: 404, admin: 404 } },
  ],
  "($lang).admin.orders[.csv].tsx": [{ method: "GET", path: "/admin/orders.csv", expect: adminOnly }],
  "($lang).admin.invoices.tsx": [
    { method: "GET", path: "/admin/invoices", expect: adminOnly },
    { method: "GET", path: "/admin/invoices?from=2026-02-30&to=x", expect: { admin: 400 } },
  ],
  "($lang).admin.invoices[.csv].tsx": [
    { method: "GET", path: "/admin/invoices.csv?from=2026-01-01&to=2026-01-31", expect: adminOnly },
    { method: "GET", path: "/admin/invoices.csv?from=2026-02-01&to=2026-01-01", expect: { admin: 400 } },
  ],
  "($lang).admin.performance.tsx": [{ method: "GET", path: "/admin/performance", expect: adminOnly }],
  "($lang).admin.privacy.tsx": [{ method: "GET", path: "/admin/privacy", expect: adminOnly }],
  "($lang).admin.access-log[.csv].tsx": [{ method: "GET", path: "/admin/access-log.csv", expect: adminOnly }],
  "($lang).admin.holidays.tsx": [
    { method: "GET", path: "/admin/holidays", expect: adminOnly },
    { method: "POST", path: "/admin/holidays", form: {}, expect: adminOnlyPost },
    {
      method: "POST",
      path: "/admin/holidays",
      form: { intent: "remove", day: "2026-02-30" },
      expect: { client: 403, staff: 403, admin: { redirect: "/admin/holidays" } },
    },
  ],
  "($lang).admin.users.tsx": [
    { method: "GET", path: "/admin/users", expect: adminOnly },
    { method: "POST", path: "/admin/users", form: {}, expect: adminOnlyPost },
  ],

  // The one-time first-admin set-up: without a valid token there is nothing to see.
  "($lang).setup.tsx": [
    { method: "GET", path: "/setup", expect: all(404) },
    { method: "GET", path: "/setup?token=forged-token", expect: all(404) },
    { method: "POST", path: "/setup", form: { token: "forged-token" }, expect: all(404) },
  ],
  // Development and test helpers: absent in production.
  "($lang).test-checkout.$sessionId.tsx": [
    { method: "GET", path: `/test-checkout/${crypto.randomUUID()}`, expect: all(404) },
  ],
  "dev.mailbox.tsx": [{ method: "GET", path: "/dev/mailbox", expect: all(404) }],
  "test-hooks.error.tsx": [{ method: "GET", path: "/test-hooks/error", expect: all(404) }],
  // Signed by Stripe, not by a session: an unsigned post is refused whoever sends it.
  "webhooks.stripe.tsx": [{ method: "POST", path: "/webhooks/stripe", form: {}, expect: all(400) }],
};

const PASSWORD = "matrix-password-2026";
const kind = testDbKind();

/** `location` is `target` (a path, maybe with a #fragment), give or take a query string or fragment. */
function redirectsTo(location: string, target: string) {
  if (location === target) return true;
  const [targetPath, targetHash] = target.split("#");
  const url = new URL(location, "http://site.test");
  return url.pathname === targetPath && (targetHash === undefined || url.hash === `#${targetHash}`);
}

/** The "name=value" pairs of the Set-Cookie headers of a response. */

describe(`authorisation matrix on the production build (${kind})`, () => {
  let server: RunningServer;
  let seeded: SeededAccounts;
  const emails = {
    client: `matrix-client-${Date.now()}@example.com`,
    otherClient: `matrix-other-${Date.now()}@example.com`,
    admin: `matrix-admin-${Date.now()}@example.com`,
    staff: `matrix-staff-${Date.now()}@example.com`,
    otherStaff: `matrix-other-staff-${Date.now()}@example.com`,
  };
  const sessions: Partial<Record<Role, string>> = {};
  /** Every Set-Cookie header the server sent during this file. */
  const setCookies: string[] = [];

  async function request(
    method: string,
    pathname: string,
    { cookie, form }: { cookie?: string; form?: Record<string, string> } = {},
  ) {
    const headers = new Headers();
    if (cookie) headers.set("Cookie", cookie);
    if (method !== "GET") {
      headers.set("Origin", server.url);
      headers.set("Content-Type", "application/x-www-form-urlencoded");
    }
    const response = await fetch(`${server.url}${pathname}`, {
      method,
      headers,
      redirect: "manual",
      body: method === "GET" ? undefined : new URLSearchParams(form ?? {}).toString(),
    });
    setCookies.push(...response.headers.getSetCookie());
    return response;
  }

  /** A new session of the account that plays `role`, its authenticator's code included. */
  async function signInAs(role: Exclude<Role, "anonymous">) {
    return signInOverHttp(
      server.url,
      emails[role],
      PASSWORD,
      role === "staff" || role === "otherStaff" ? SEEDED_STAFF_TOTP_SECRETS[role] : undefined,
    );
  }

  let running: ServerWithAccounts;
  beforeAll(async () => {
    running = await startServerWithAccounts({}, emails, PASSWORD);
    ({ server, seeded } = running);
    for (const role of ["client", "otherClient", "staff", "otherStaff", "admin"] as const)
      sessions[role] = await signInAs(role);
  }, 180_000);

  afterAll(async () => {
    await running?.stop();
  });

  it("has an entry for every route module, and none for a module that is gone", () => {
    const routeFiles = fs.readdirSync(path.resolve("app/routes")).filter((name) => /\.(tsx?|jsx?)$/.test(name));
    const missing = routeFiles.filter((name) => !(name in MATRIX));
    const stale = Object.keys(MATRIX).filter((name) => !routeFiles.includes(name));
    expect(
      missing,
      `route modules without an entry in the authorisation matrix (add who may request them): ${missing.join(", ")}`,
    ).toEqual([]);
    expect(stale, `matrix entries for route modules that no longer exist: ${stale.join(", ")}`).toEqual([]);
  });

  it("answers every route as expected for anonymous visitors, clients, another client, staff on and off the case, and admins", async () => {
    const failures: string[] = [];
    for (const [file, probes] of Object.entries(MATRIX)) {
      for (const probe of probes) {
        const target = probe.path
          .replace(":order", seeded.order)
          .replace(":queueOrder", seeded.queueOrder)
          .replace(":noteDocument", seeded.noteDocument)
          .replace(":document", seeded.document)
          .replace(":inquiry", seeded.inquiry);
        for (const role of ROLES) {
          const expected = probe.expect[role];
          if (expected === undefined) continue;
          const cookie = role === "anonymous" ? undefined : probe.freshSession ? await signInAs(role) : sessions[role];
          const response = await request(probe.method, target, { cookie, form: probe.form });
          await response.arrayBuffer();
          const location = (response.headers.get("location") ?? "").replace(server.url, "");
          const isRedirect = response.status >= 300 && response.status < 400;
          const ok =
            expected === "login"
              ? isRedirect &&
                location.startsWith(
                  `${target.startsWith("/ar/") || target === "/ar" ? "/ar" : ""}/client-login?redirectTo=`,
                )
              : typeof expected === "number"
                ? response.status === expected
                : isRedirect && redirectsTo(location, expected.redirect);
          if (!ok)
            failures.push(
              `${file}: ${probe.method} ${target} as ${role}: expected ${JSON.stringify(expected)}, got ${response.status}${location ? ` → ${location}` : ""}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("sends every cookie HttpOnly, SameSite=Lax and Secure in production", async () => {
    // A few more requests that set the other cookies (cart, form flash, toasts) on top of the matrix's.
    await request("POST", "/cart/update", {
      form: { intent: "add", serviceKey: "travel-ban-check", tierId: "standard" },
    });
    await request("POST", "/inquiry", { form: { fullName: "x" } });
    const names = new Set(setCookies.map((header) => header.split("=")[0]));
    expect(names).toContain("__session");
    // Several kinds of cookie seen (session, cart, flash, toast…), so the check below covers more than one.
    expect(names.size, [...names].join(", ")).toBeGreaterThanOrEqual(3);
    for (const header of setCookies) {
      const attributes = header.split(";").map((part) => part.trim().toLowerCase());
      expect(attributes, header).toContain("httponly");
      expect(attributes, header).toContain("samesite=lax");
      expect(attributes, header).toContain("secure");
    }
  });
});

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits, users } from "../../db/schema";
import { ORDER_RATE_LIMIT } from "../../app/orders/checkout.server";
import { formFields, rawRequest } from "../support/raw-http";
import { validFields } from "../support/checkout-request";
import {
  openServerDatabase,
  seedAccounts,
  SEEDED_ADMIN_TOTP_SECRET,
  type SeededAccounts,
} from "../support/seed-accounts";
import { signInOverHttp } from "../support/sign-in";
import { postForm, type FormPostOptions } from "../support/http";
import { NGINX, startNginx, type RunningNginx } from "../support/nginx";
import { freePort, startServer, type RunningServer } from "../support/server-process";
import { dropPostgresDatabase, testDbKind } from "../support/test-db";
import { unusedTotpCode } from "../support/totp";

// The production build behind what sits in front of it in real life: redirect targets written to
// leave the site through dot segments at every place that redirects to one, form posts whose Host
// is not their Origin (a proxy rewriting Host, an untrusted X-Forwarded-Host), `Origin: null`,
// a real nginx in front (with and without X-Forwarded-Host), and the Retry-After of a 429 whose
// limit runs for an hour. docs/decisions/031, 032 and 077.

const kind = testDbKind();
const PASSWORD = "proxy-password-2026";
const unique = () => crypto.randomBytes(4).toString("hex");
const EMAILS = {
  client: `proxy-client-${unique()}@example.com`,
  otherClient: `proxy-other-${unique()}@example.com`,
  admin: `proxy-admin-${unique()}@example.com`,
};

/** Targets that only leave the site once the URL parser has resolved their dot segments (or backslashes). */
const PAYLOADS = [
  "/.//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example/x",
  "/a/..//evil.example",
  "/a/%2e%2e/%2e%2e//evil.example?x=1",
  "/./\\evil.example",
  "/.\\/evil.example",
  "/%2e/%5Cevil.example",
];

let server: RunningServer;
let seeded: SeededAccounts;
let databaseUrl: string | undefined;
let clientId: string;
/** The public address the site is configured for (SITE_URL): where nginx listens. */
let publicPort: number;
let publicUrl: string;
const cookies = { client: "", admin: "" };

/** Where a redirect sends the browser, resolved as a browser resolves it against a deep page of ours (redirects carry absolute addresses on SITE_URL: decision 079). */
function landing(location: string | null) {
  expect(location, "a redirect").toBeTruthy();
  return new URL(location!, `${server.url}/some/deep/page`);
}

/** "name=value" pairs of a response's Set-Cookie headers, merged into `cookie`. */
function withCookies(cookie: string, response: { headers: Headers } | { setCookies: string[] }) {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  const setCookies = "setCookies" in response ? response.setCookies : response.headers.getSetCookie();
  for (const header of setCookies) {
    const pair = header.split(";")[0]!;
    jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return [...jar.values()].join("; ");
}

describe(`redirects and proxies on the production build (${kind})`, () => {
  beforeAll(async () => {
    publicPort = await freePort();
    publicUrl = `http://127.0.0.1:${publicPort}`;
    const opened = await openServerDatabase("sanad-proxy-");
    databaseUrl = opened.databaseUrl;
    try {
      seeded = await seedAccounts(opened.handle, EMAILS, PASSWORD);
      const [client] = await opened.handle.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, EMAILS.client));
      clientId = client!.id;
      // The client has placed as many orders as the hour allows: the next one meets the limit.
      const windowMs = ORDER_RATE_LIMIT.windowSeconds * 1000;
      const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
      await opened.handle.db.insert(rateLimits).values({
        key: `${ORDER_RATE_LIMIT.name}:${clientId}`,
        windowStart,
        count: ORDER_RATE_LIMIT.limit,
        expiresAt: new Date(windowStart.getTime() + windowMs),
      });
    } finally {
      await opened.handle.close();
    }
    // Configured for the public address nginx serves; TRUST_PROXY unset (0): no forwarded header is believed.
    server = await startServer({
      NODE_ENV: "production",
      LOG_REQUESTS: "false",
      SITE_URL: publicUrl,
      INQUIRY_RATE_LIMIT: "1000000",
      ALLOW_TEST_PAYMENTS: "true",
      DATA_DIR: opened.dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    cookies.client = await signInOverHttp(server.url, EMAILS.client, PASSWORD);
    cookies.admin = await signInOverHttp(server.url, EMAILS.admin, PASSWORD);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  describe("redirect targets with dot segments, at every place that redirects to one", () => {
    it("covers every route module that redirects to a target taken from input", () => {
      const covered = new Set([
        "($lang).client-login.tsx",
        "($lang).client-login_.two-factor.tsx",
        "language.tsx",
        "($lang).admin._index.tsx",
        "($lang).admin.users.tsx",
        "($lang).admin.inquiries.tsx",
        "($lang).verify-email.tsx",
      ]);
      const sinks = fs
        .readdirSync("app/routes")
        .filter((file) => /safeRedirectPath\(/.test(fs.readFileSync(path.join("app/routes", file), "utf8")));
      for (const sink of sinks) expect(covered, `${sink} redirects to input: add its payloads here`).toContain(sink);
    });

    it("the login page, signed in already (GET), in both languages", async () => {
      for (const payload of PAYLOADS) {
        for (const page of [
          "/client-login",
          "/ar/client-login",
          "/client-login/two-factor",
          "/ar/client-login/two-factor",
        ]) {
          const response = await fetch(`${server.url}${page}?redirectTo=${encodeURIComponent(payload)}`, {
            headers: { Cookie: cookies.client },
            redirect: "manual",
          });
          expect(response.status, `${page} ${payload}`).toBe(302);
          expect(landing(response.headers.get("location")).origin, `${page} ${payload}`).toBe(publicUrl);
        }
      }
    });

    it("signing in (POST), with the target in the form and in the address", async () => {
      for (const payload of PAYLOADS) {
        const response = await postForm(server.url, `/client-login?redirectTo=${encodeURIComponent(payload)}`, {
          intent: "login",
          email: EMAILS.client,
          password: PASSWORD,
          redirectTo: payload,
        });
        expect(response.status, payload).toBe(302);
        expect(landing(response.headers.get("location")).origin, payload).toBe(publicUrl);
      }
    });

    it("the two-factor step (POST): the target carried from the login form", async () => {
      const payload = PAYLOADS[0]!;
      const first = await postForm(server.url, `/client-login?redirectTo=${encodeURIComponent(payload)}`, {
        intent: "login",
        email: EMAILS.admin,
        password: PASSWORD,
        redirectTo: payload,
      });
      expect(first.status).toBe(302);
      const pending = withCookies("", first);
      const second = await postForm(
        server.url,
        "/client-login/two-factor",
        { code: await unusedTotpCode(SEEDED_ADMIN_TOTP_SECRET), redirectTo: payload },
        { cookie: pending },
      );
      expect(second.status).toBe(302);
      expect(landing(second.headers.get("location")).origin).toBe(publicUrl);
      expect(second.headers.get("location")).toBe(`${publicUrl}/dashboard`);
    });

    it("the language switch, the back office's status, role and inquiry forms (returnTo), and the resend of a verification mail", async () => {
      const userId = /name="userId" value="([^"]+)"/.exec(
        await (await fetch(`${server.url}/admin/users`, { headers: { Cookie: cookies.admin } })).text(),
      )?.[1];
      expect(userId).toBeTruthy();
      for (const payload of PAYLOADS) {
        const answers = [
          await postForm(server.url, "/language", { lang: "ar", redirectTo: payload }),
          await postForm(
            server.url,
            "/admin",
            { orderId: seeded.order, status: "pending", returnTo: payload },
            { cookie: cookies.admin },
          ),
          await postForm(
            server.url,
            "/ar/admin/users",
            { userId: userId!, role: "client", returnTo: payload },
            { cookie: cookies.admin },
          ),
          await postForm(
            server.url,
            "/admin/inquiries",
            { id: seeded.inquiry, status: "contacted", returnTo: payload },
            { cookie: cookies.admin },
          ),
          await postForm(server.url, "/cart", { intent: "clear", redirectTo: payload }),
          await postForm(server.url, "/verify-email", { redirectTo: payload }, { cookie: cookies.client }),
        ];
        for (const [index, response] of answers.entries()) {
          expect([302, 303], `sink ${index} ${payload}`).toContain(response.status);
          expect(landing(response.headers.get("location")).origin, `sink ${index} ${payload}`).toBe(publicUrl);
        }
      }
    });
  });

  describe("form posts whose Host is not their Origin", () => {
    const inquiry = () => ({
      mode: "fetch",
      fullName: "Proxy Tester",
      email: `proxy-${unique()}@example.com`,
      phone: "+971 50 123 4567",
      country: "UAE",
      serviceType: "legal-consultation",
      message: "A question through a proxy.",
      consent: "on",
      sourcePage: "/contact",
    });

    /** A POST written byte for byte, so Host and X-Forwarded-Host can be anything. */
    function rawPost(target: string, headers: string[], body: string) {
      return rawRequest(
        server.port,
        [
          `POST ${target} HTTP/1.1`,
          ...headers,
          "Content-Type: application/x-www-form-urlencoded",
          `Content-Length: ${Buffer.byteLength(body)}`,
          "Connection: close",
        ],
        body,
      );
    }

    it("a proxy that rewrites Host, or sends an X-Forwarded-Host nobody trusts: the post is ours and is answered, never an empty 500", async () => {
      const body = new URLSearchParams(inquiry()).toString();
      const variants: string[][] = [
        // The proxy sends the backend's address as Host and no X-Forwarded-Host; the browser's Origin is the site's.
        [`Host: 127.0.0.1:${server.port}`, `Origin: ${publicUrl}`],
        [`Host: backend.internal:3000`, `Origin: ${publicUrl}`],
        // An X-Forwarded-Host that TRUST_PROXY=0 does not believe, naming neither.
        [`Host: 127.0.0.1:${server.port}`, "X-Forwarded-Host: cdn.example", `Origin: ${publicUrl}`],
        [`Host: 127.0.0.1:${server.port}`, "X-Forwarded-Host: cdn.example", `Origin: http://127.0.0.1:${server.port}`],
      ];
      for (const headers of variants) {
        for (const target of ["/inquiry", "/inquiry.data"]) {
          const response = await rawPost(target, headers, body);
          // Stored: the page's redirect to its thank-you notice, or the data request's 200.
          expect(
            target === "/inquiry" ? [302, 303] : [200],
            `${target} ${headers.join(" | ")}: ${response.text.slice(0, 200)}`,
          ).toContain(response.status);
        }
      }
      // Signing in, and its redirect, behind the same proxy.
      const login = await rawPost(
        "/client-login",
        [`Host: backend.internal:3000`, `Origin: ${publicUrl}`],
        new URLSearchParams({ intent: "login", email: EMAILS.client, password: PASSWORD }).toString(),
      );
      expect(login.status).toBe(302);
      expect(login.headers.get("location")?.[0]).toBe(`${publicUrl}/dashboard`);
    });

    it("a foreign Origin is refused with the 403 page, whatever Host and X-Forwarded-Host say", async () => {
      const body = new URLSearchParams(inquiry()).toString();
      for (const headers of [
        [`Host: 127.0.0.1:${server.port}`, "Origin: https://evil.example"],
        [`Host: 127.0.0.1:${server.port}`, "X-Forwarded-Host: evil.example", "Origin: https://evil.example"],
        [`Host: backend.internal:3000`, "Origin: null", "Referer: https://evil.example/page"],
      ]) {
        const response = await rawPost("/inquiry", headers, body);
        expect(response.status, headers.join(" | ")).toBe(403);
        expect(response.text).toContain("<html");
      }
    });

    it("Origin: null is no origin: with the visitor's form token the post goes through (the inquiry, the account settings), without it a 403 page", async () => {
      // A visitor's form cookie and token, from a page rendered for the visitor (a shared page carries none, decision 091).
      const page = await fetch(`${server.url}/contact?from=proxy`);
      const anonymous = withCookies("", page);
      const token = formFields(await page.text(), /(?:)/)?._csrf;
      expect(token).toBeTruthy();
      for (const target of ["/inquiry", "/inquiry.data"]) {
        const withToken = await postForm(
          server.url,
          target,
          { ...inquiry(), _csrf: token! },
          { origin: "null", cookie: anonymous },
        );
        expect(target === "/inquiry" ? [302, 303] : [200], target).toContain(withToken.status);
        const without = await postForm(server.url, target, inquiry(), { origin: "null", cookie: anonymous });
        expect(without.status, target).toBe(403);
      }
      const settings = await fetch(`${server.url}/dashboard/settings`, { headers: { Cookie: cookies.client } });
      const signedIn = withCookies(cookies.client, settings);
      const settingsToken = formFields(await settings.text(), /(?:)/)?._csrf;
      expect(settingsToken).toBeTruthy();
      const renamed = await postForm(
        server.url,
        "/dashboard/settings",
        { intent: "name", name: "Renamed Behind Proxy", _csrf: settingsToken! },
        { origin: "null", cookie: signedIn },
      );
      expect(renamed.status).toBe(302);
      expect(
        await (await fetch(`${server.url}/dashboard/settings`, { headers: { Cookie: cookies.client } })).text(),
      ).toContain("Renamed Behind Proxy");
    });

    it("the signed webhook with a foreign Origin is checked by its signature, not answered with a 500", async () => {
      for (const target of ["/webhooks/stripe", "/webhooks/stripe.data"]) {
        const response = await fetch(`${server.url}${target}`, {
          method: "POST",
          headers: {
            Origin: "https://evil.example",
            "Content-Type": "application/json",
            "Stripe-Signature": "t=1,v1=00",
          },
          body: "{}",
        });
        expect(response.status, target).toBe(400);
      }
    });
  });

  describe("Retry-After", () => {
    it("a checkout over its hourly limit says the real wait of that hour, not a minute", async () => {
      let cart = "";
      const added = await postForm(server.url, "/cart", {
        intent: "add",
        serviceType: "travel-ban",
        tierId: "basic",
        redirectTo: "/checkout",
      });
      cart = withCookies(cart, added);
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...validFields, intent: "pay" })) form.append(name, value);
      form.append("documents", new File([], "", { type: "application/octet-stream" }));
      const response = await fetch(`${server.url}/checkout`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, Cookie: withCookies(cookies.client, { setCookies: cart.split("; ") }) },
        body: form,
      });
      expect(response.status, (await response.clone().text()).slice(0, 300)).toBe(429);
      const windowMs = ORDER_RATE_LIMIT.windowSeconds * 1000;
      const remaining = Math.ceil((Math.floor(Date.now() / windowMs) * windowMs + windowMs - Date.now()) / 1000);
      const retryAfter = Number(response.headers.get("retry-after"));
      expect(
        Math.abs(retryAfter - remaining),
        `Retry-After ${retryAfter}, the window ends in ${remaining} s`,
      ).toBeLessThanOrEqual(5);
    });
  });

  describe.runIf(NGINX)("behind nginx", () => {
    let nginx: RunningNginx | undefined;

    /** nginx on the public port, in front of the server; `forwardHost` adds X-Forwarded-Host. */
    async function startProxy({ forwardHost }: { forwardHost: boolean }) {
      nginx = await startNginx({
        port: publicPort,
        workerConnections: 64,
        server: `    location / {
      proxy_pass http://127.0.0.1:${server.port};
      proxy_http_version 1.1;
      ${forwardHost ? "proxy_set_header X-Forwarded-Host $http_host;" : "# Host is rewritten to the backend's address ($proxy_host), and nothing says what it was."}
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }`,
      });
    }

    async function stopNginx() {
      await nginx?.stop();
      nginx = undefined;
    }

    afterAll(stopNginx);

    for (const forwardHost of [false, true]) {
      it(`form posts through nginx ${forwardHost ? "with" : "without"} X-Forwarded-Host: the inquiry, signing in and the settings are answered, a foreign Origin is a 403 page`, async () => {
        await startProxy({ forwardHost });
        try {
          // Posted to nginx's address, as a browser on the public site does.
          const through = (target: string, fields: Record<string, string>, options?: FormPostOptions) =>
            postForm(publicUrl, target, fields, options);
          const lead = {
            mode: "fetch",
            fullName: "Nginx Tester",
            email: `nginx-${unique()}@example.com`,
            phone: "+971 50 123 4567",
            country: "UAE",
            serviceType: "legal-consultation",
            message: "Sent through nginx.",
            consent: "on",
            sourcePage: "/contact",
          };
          expect([302, 303]).toContain((await through("/inquiry", lead)).status);
          expect((await through("/inquiry.data", lead)).status).toBe(200);
          const login = await through("/client-login", {
            intent: "login",
            email: EMAILS.client,
            password: PASSWORD,
            redirectTo: "/.//evil.example",
          });
          expect(login.status).toBe(302);
          expect(login.headers.get("location")).toBe(`${publicUrl}/dashboard`);
          const renamed = await through(
            "/dashboard/settings",
            { intent: "name", name: `Through nginx ${forwardHost}` },
            { cookie: cookies.client },
          );
          expect(renamed.status).toBe(302);
          const refused = await through("/inquiry", lead, { origin: "https://evil.example" });
          expect(refused.status).toBe(403);
          expect(await refused.text()).toContain("<html");
          expect(server.output()).not.toMatch(/does not match `origin` header|Aborting the action/);
        } finally {
          await stopNginx();
        }
      });
    }
  });
});

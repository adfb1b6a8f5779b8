import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInCookie, startServerWithAccounts, type ServerWithAccounts } from "../support/seed-accounts";
import { startServer, type RunningServer } from "../support/server-process";
import { testDbKind } from "../support/test-db";

// The anonymous page cache (app/http/page-cache.server.ts, docs/decisions/054) in the
// production build: what it shares, what it never shares, and that a shared page is the page.

const kind = testDbKind();
const PASSWORD = "cache-password-2026";
const unique = () => crypto.randomBytes(4).toString("hex");
const EMAILS = { client: `cache-client-${unique()}@example.com`, otherClient: `cache-other-${unique()}@example.com`, admin: `cache-admin-${unique()}@example.com` };
const SERVICE_PAGE = "/ban-checks/travel-ban-check";

let running: ServerWithAccounts;
let server: RunningServer;
let uncached: RunningServer;

beforeAll(async () => {
  [running, uncached] = await Promise.all([startServerWithAccounts({ INQUIRY_RATE_LIMIT: "1000000" }, EMAILS, PASSWORD), startServer({ NODE_ENV: "production", LOG_REQUESTS: "false", PAGE_CACHE: "false" })]);
  server = running.server;
});
afterAll(async () => {
  await Promise.all([running?.stop(), uncached?.stop()]);
});

type Page = { status: number; headers: Headers; html: string };

async function get(base: RunningServer, pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<Page> {
  const response = await fetch(base.url + pathname, { headers, redirect: "manual", method });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** What differs per response: the CSP nonce, the request id, the submission key and the visitor's form token. */
function perResponseValues(page: Page) {
  const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
  const requestId = page.headers.get("x-request-id");
  // Root data in the page's script, as Remix writes it (escaped quotes inside a string).
  const formToken = /formToken\\",\\"([^\\"]+)/.exec(page.html)?.[1];
  const csrfToken = /csrfToken\\",\\"([^\\"]+)/.exec(page.html)?.[1];
  expect(nonce && requestId && formToken && csrfToken, "a page carries all four per-response values").toBeTruthy();
  return { nonce: nonce!, requestId: requestId!, formToken: formToken!, csrfToken: csrfToken! };
}

/** The page with its per-response values replaced by their names. */
function shared(page: Page) {
  let html = page.html;
  for (const [name, value] of Object.entries(perResponseValues(page))) html = html.split(value).join(`{{${name}}}`);
  return html;
}

/** The name=value of a cookie the page set; "csrf" is `__Host-csrf` in production. */
const cookieOf = (page: Page, name: string) =>
  page.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((pair) => pair.startsWith(`${name}=`) || pair.startsWith(`__Host-${name}=`));

describe(`the anonymous page cache (${kind})`, () => {
  it("a crawl of pages not cached yet, by browsers and crawlers, GET and HEAD, logs no render error (pages the cache drops stop quietly)", async () => {
    const pages = ["/request-check", "/ar/request-check", "/quote", "/ar/quote", "/contact", "/about", "/ar/about", "/careers"];
    const agents = ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"];
    for (const agent of agents) {
      for (const pathname of pages) {
        for (const method of ["GET", "HEAD"]) expect((await get(server, pathname, { "User-Agent": agent }, method)).status, `${method} ${pathname}`).toBe(200);
      }
    }
    // Dropped renders end on the next turns of the event loop: give them a moment before reading the log.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.output()).not.toMatch(/render error|Controller is already closed/);
  });

  it("gives two anonymous visitors the same page but for the per-response values, each of them fresh", async () => {
    for (const pathname of ["/", SERVICE_PAGE, "/ar", "/no-such-page"]) {
      const first = await get(server, pathname);
      const second = await get(server, pathname);
      expect(second.status).toBe(pathname === "/no-such-page" ? 404 : 200);
      expect(shared(second)).toBe(shared(first));
      const a = perResponseValues(first);
      const b = perResponseValues(second);
      for (const name of ["nonce", "requestId", "formToken", "csrfToken"] as const) expect(b[name], `${pathname}: ${name}`).not.toBe(a[name]);
      // No placeholder of the template is ever sent.
      expect(second.html).not.toMatch(/pc(nonce|request|form|csrf)[0-9a-f]{24}/);
      // A new visitor gets the cookie its form token belongs to, and a page no cache may keep.
      expect(cookieOf(second, "csrf")).toBeTruthy();
      expect(second.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("sends a nonce in the policy that is the nonce of every script of the served page", async () => {
    for (const pathname of ["/", "/ar", "/no-such-page"]) {
      await get(server, pathname);
      const page = await get(server, pathname);
      const { nonce } = perResponseValues(page);
      const scripts = page.html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      expect(page.html.match(/nonce="([^"]*)"/g)?.every((attribute) => attribute === `nonce="${nonce}"`)).toBe(true);
    }
  });

  it("serves the very page the server renders without the cache, in both languages, with the suggestion and for crawlers", async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ["/", {}],
      ["/ar", {}],
      [SERVICE_PAGE, {}],
      ["/ar" + SERVICE_PAGE, {}],
      ["/no-such-page", {}],
      ["/ar/no-such-page", {}],
      ["/", { "Accept-Language": "ar-AE,ar;q=0.9,en;q=0.5" }],
      ["/about", { Cookie: "lang=ar", "Accept-Language": "ar" }],
      ["/", { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
    ];
    for (const [pathname, headers] of cases) {
      await get(server, pathname, headers);
      const fromCache = await get(server, pathname, headers);
      const rendered = await get(uncached, pathname, headers);
      expect(fromCache.status, pathname).toBe(rendered.status);
      expect(fromCache.headers.get("etag"), `${pathname} comes from the cache`).toBeTruthy();
      expect(rendered.headers.get("etag")).toBeNull();
      // The two servers have different addresses (ports): the site's own address is not what is compared.
      const normalise = (page: Page, base: RunningServer) => shared(page).split(base.url).join("{{site}}");
      expect(normalise(fromCache, server), `${pathname} ${JSON.stringify(headers)}`).toBe(normalise(rendered, uncached));
      if (headers["Accept-Language"]?.startsWith("ar-AE")) expect(fromCache.html).toContain('hrefLang="ar"');
    }
    // A visitor who chose Arabic and asks for an unknown English address is sent to the Arabic one, as without the cache.
    const redirected = await get(server, "/no-such-page", { Cookie: "lang=ar" });
    expect(redirected.status).toBe((await get(uncached, "/no-such-page", { Cookie: "lang=ar" })).status);
    expect(redirected.headers.get("location")).toBe("/ar/no-such-page");
  });

  it("never serves from the cache a request with a session, a cart, a flashed form, another cookie or a query string", async () => {
    const session = await signInCookie(server, EMAILS.client, PASSWORD);
    const signedIn = await get(server, "/", { Cookie: session });
    expect(signedIn.headers.get("etag")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.html).toContain(EMAILS.client);

    const added = await fetch(`${server.url}/cart/update`, { method: "POST", redirect: "manual", headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" }, body: "intent=add&serviceType=travel-ban&tierId=basic" });
    const cart = added.headers.getSetCookie().find((cookie) => cookie.startsWith("__cart="))!.split(";")[0]!;
    const withCart = await get(server, SERVICE_PAGE, { Cookie: cart });
    expect(withCart.headers.get("etag")).toBeNull();
    expect(withCart.html).toMatch(/cartCount\\",1/);

    const failed = await fetch(`${server.url}/inquiry`, { method: "POST", redirect: "manual", headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" }, body: "fullName=&email=not-an-address&sourcePage=/" });
    expect(failed.status).toBe(303);
    const flash = failed.headers.getSetCookie().find((cookie) => cookie.startsWith("__form="))!.split(";")[0]!;
    const withFlash = await get(server, "/", { Cookie: flash });
    expect(withFlash.headers.get("etag")).toBeNull();
    expect(withFlash.html).toContain("not-an-address");

    for (const [pathname, headers] of [
      ["/", { Cookie: "someone-elses=1" }],
      ["/?utm_source=mail", {}],
    ] as const) {
      expect((await get(server, pathname, headers)).headers.get("etag"), pathname).toBeNull();
    }
    // Meanwhile an anonymous visitor sees none of it.
    const anonymous = await get(server, "/");
    expect(anonymous.headers.get("etag")).toBeTruthy();
    expect(anonymous.html).not.toContain(EMAILS.client);
    expect(anonymous.html).not.toContain("not-an-address");
    expect(anonymous.html).toMatch(/cartCount\\",0/);
  });

  it("answers 304 to the same visitor's copy (without a new policy), and the page to another visitor or after a change", async () => {
    const firstVisit = await get(server, SERVICE_PAGE);
    const visitor = cookieOf(firstVisit, "csrf")!;
    const page = await get(server, SERVICE_PAGE, { Cookie: visitor });
    const etag = page.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+"$/);
    expect(page.headers.get("cache-control")).toBe("private, no-cache");
    expect(page.headers.get("vary")).toMatch(/Cookie/);
    expect(page.headers.get("vary")).toMatch(/Accept-Language/);
    // The token in the kept copy is this visitor's own.
    expect(perResponseValues(page).csrfToken).toBe(perResponseValues(firstVisit).csrfToken);

    const revalidated = await fetch(server.url + SERVICE_PAGE, { headers: { Cookie: visitor, "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();

    const other = cookieOf(await get(server, SERVICE_PAGE), "csrf")!;
    expect((await fetch(server.url + SERVICE_PAGE, { headers: { Cookie: other, "If-None-Match": etag } })).status).toBe(200);
    expect((await fetch(server.url + "/ar" + SERVICE_PAGE, { headers: { Cookie: visitor, "If-None-Match": etag } })).status).toBe(200);

    const head = await get(server, SERVICE_PAGE, { Cookie: visitor }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.html).toBe("");
    expect(head.headers.get("etag")).toBe(etag);
  });

  it("renders a page once for many visitors arriving together, and each gets a whole page of its own", async () => {
    const pathname = "/about";
    const pages = await Promise.all(Array.from({ length: 24 }, () => get(server, pathname)));
    const expected = shared(pages[0]!);
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(shared(page)).toBe(expected);
    }
    expect(new Set(pages.map((page) => perResponseValues(page).nonce)).size).toBe(pages.length);
  });

  it("a submission from a page the browser kept is stored as its own, a repeat of it is not", async () => {
    const visitor = cookieOf(await get(server, "/"), "csrf")!;
    const kept = perResponseValues(await get(server, "/", { Cookie: visitor }));
    const sender = (n: number) => `Kept Page Sender ${unique()} ${n}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
    const [first, second] = [sender(1), sender(2)];
    /** Sends the inquiry form of the kept page, as a browser without JavaScript does. */
    const send = async (fullName: string) => {
      const answer = await fetch(`${server.url}/inquiry`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, Cookie: visitor, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ fullName, email: "kept.page@example.com", phone: "+971501234567", country: "UAE", serviceType: "travel-ban-check", message: "A question about my visa status.", consent: "on", sourcePage: "/", submissionId: kept.formToken, _csrf: kept.csrfToken }),
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/#inquiry-form");
    };
    // The same form sent twice (a double click, a retry), then another inquiry from the same kept page.
    for (const name of [first, first, second]) await send(name);
    const admin = await signInCookie(server, EMAILS.admin, PASSWORD);
    const list = (await get(server, "/admin/inquiries", { Cookie: admin })).html;
    // However many times the list shows one inquiry's name, it shows each sender's as often: both were stored once.
    const shown = (name: string) => list.split(`>${name}<`).length - 1;
    expect(shown(second)).toBeGreaterThan(0);
    expect(shown(first)).toBe(shown(second));
  });
});

// A new build is a new process with a new cache; a browser's kept copy (ETag) must not survive it either.
describe.runIf(kind === "pglite")("a rebuilt server with a changed price", () => {
  let copy: string;
  let rebuilt: RunningServer;
  beforeAll(async () => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-rebuilt-"));
    for (const entry of fs.readdirSync(".")) {
      if (["app", "build", "public", ".git", "test-results", "data"].includes(entry)) continue;
      fs.symlinkSync(path.resolve(entry), path.join(copy, entry));
    }
    fs.cpSync("app", path.join(copy, "app"), { recursive: true });
    fs.mkdirSync(path.join(copy, "public"));
    for (const entry of fs.readdirSync("public")) if (entry !== "build") fs.symlinkSync(path.resolve("public", entry), path.join(copy, "public", entry));
    const plans = path.join(copy, "app/catalogue/plans.ts");
    const source = fs.readFileSync(plans, "utf8");
    const changed = source.replace(/(key: "travel-ban",[\s\S]*?tier\("basic", )650,/, "$1777,");
    expect(changed).not.toBe(source);
    fs.writeFileSync(plans, changed);
    const build = spawnSync(process.execPath, ["scripts/build.js"], { cwd: copy, encoding: "utf8", timeout: 240_000, env: { ...process.env, NODE_ENV: "production" } });
    expect(build.status, build.stderr).toBe(0);
    rebuilt = await startServer({ NODE_ENV: "production", LOG_REQUESTS: "false" }, { cwd: copy });
  }, 300_000);
  afterAll(async () => {
    await rebuilt?.stop();
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  it("shows the new price, also to a browser asking whether its copy of the old page is still good", async () => {
    const visitor = cookieOf(await get(server, SERVICE_PAGE), "csrf")!;
    const old = await get(server, SERVICE_PAGE, { Cookie: visitor });
    expect(old.html).toContain('"price":"650"');
    // The same secret gives the visitor the same form token on the new server.
    const after = await fetch(rebuilt.url + SERVICE_PAGE, { headers: { Cookie: visitor, "If-None-Match": old.headers.get("etag")! } });
    expect(after.status, rebuilt.output()).toBe(200);
    const html = await after.text();
    expect(html).toContain('"price":"777"');
    expect(html).not.toContain('"price":"650"');
    expect(after.headers.get("etag")).not.toBe(old.headers.get("etag"));
  });
});

import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom, postForm } from "../support/http";
import { publicPaths } from "../../app/content/public-routes";
import { buildChangedCopy, changeTravelBanPrice } from "../support/rebuilt-copy";
import { startServerWithAccounts, type ServerWithAccounts } from "../support/seed-accounts";
import { signInOverHttp } from "../support/sign-in";
import { startServer, type RunningServer } from "../support/server-process";
import { testDbKind } from "../support/test-db";

// The anonymous page cache (app/http/page-cache.server.ts, docs/decisions/054) in the
// production build: what it shares, what it never shares, and that a shared page is the page.

const kind = testDbKind();
const PASSWORD = "cache-password-2026";
const unique = () => crypto.randomBytes(4).toString("hex");
const EMAILS = {
  client: `cache-client-${unique()}@example.com`,
  otherClient: `cache-other-${unique()}@example.com`,
  admin: `cache-admin-${unique()}@example.com`,
};
const SERVICE_PAGE = "/ban-checks/travel-ban-check";

let running: ServerWithAccounts;
let server: RunningServer;
let uncached: RunningServer;

beforeAll(async () => {
  [running, uncached] = await Promise.all([
    startServerWithAccounts({ INQUIRY_RATE_LIMIT: "1000000" }, EMAILS, PASSWORD),
    startServer({ NODE_ENV: "production", LOG_REQUESTS: "false", PAGE_CACHE: "false" }),
  ]);
  server = running.server;
});
afterAll(async () => {
  await Promise.all([running?.stop(), uncached?.stop()]);
});

type Page = { status: number; headers: Headers; html: string };

async function get(
  base: RunningServer,
  pathname: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<Page> {
  const response = await fetch(base.url + pathname, { headers, redirect: "manual", method });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/**
 * A page's markup with what a per-request render adds removed (nonce attributes, the form-token
 * field) and what differs per render named (the submission key, script text, the site's address):
 * a shared page and the page rendered for one visitor must then be the same page.
 */
function markup(page: Page, base: RunningServer) {
  return page.html
    .replace(/ nonce="[^"]*"/g, "")
    .replace(/<input type="hidden" name="_csrf" value="[^"]*"\/?>/g, "")
    .replace(/(name="submissionId" value=")[^"]*"/g, '$1{{key}}"')
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script>/g, "<script$1></script>")
    .split(base.url)
    .join("{{site}}");
}

/** The bytes as sent, undecoded (fetch decodes them). */
function rawGet(base: RunningServer, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base.url}${pathname}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The name=value of a cookie the page set; "csrf" is `__Host-csrf` in production. */
const cookieOf = (page: Page, name: string) =>
  page.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((pair) => pair.startsWith(`${name}=`) || pair.startsWith(`__Host-${name}=`));

/** Public pages whose routes ask to stay private: never shared. */
const PAGES_OF_THEIR_OWN = ["/request-check"];

const sha256Source = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

describe(`the anonymous page cache (${kind})`, () => {
  it("a crawl of pages not cached yet, by browsers and crawlers, GET and HEAD, logs no render error (pages the cache drops stop quietly)", async () => {
    const pages = [
      "/request-check",
      "/ar/request-check",
      "/quote",
      "/ar/quote",
      "/contact",
      "/about",
      "/ar/about",
      "/careers",
    ];
    const agents = [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Safari/537.36",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    ];
    for (const agent of agents) {
      for (const pathname of pages) {
        for (const method of ["GET", "HEAD"])
          expect((await get(server, pathname, { "User-Agent": agent }, method)).status, `${method} ${pathname}`).toBe(
            200,
          );
      }
    }
    // Dropped renders end on the next turns of the event loop: give them a moment before reading the log.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.output()).not.toMatch(/render error|Controller is already closed/);
  });

  it("gives two anonymous visitors byte-identical bodies for every public page in both languages, whose policy allows exactly its inline scripts", async () => {
    const paths = [...publicPaths, "/no-such-page"].flatMap((p) => [p, p === "/" ? "/ar" : `/ar${p}`]);
    for (const pathname of paths) {
      // Each visitor new, as a shared cache's visitors are: no cookie of ours.
      const first = await get(server, pathname);
      const second = await get(server, pathname);
      if (PAGES_OF_THEIR_OWN.includes(pathname.replace(/^\/ar(?=\/)/, ""))) {
        // A page that asks to stay private (the request-check wizard keeps its own state) is rendered for each visitor, with the token.
        expect(second.headers.get("cache-control"), pathname).toBe("private, no-store");
        expect(second.html, pathname).toMatch(/name="_csrf" value="[A-Za-z0-9_-]{43}"/);
        continue;
      }
      expect(second.status, pathname).toBe(pathname.endsWith("/no-such-page") ? 404 : 200);
      expect(second.html, pathname).toBe(first.html);
      expect(second.headers.get("etag"), pathname).toBe(first.headers.get("etag"));
      expect(second.html, pathname).not.toMatch(/\snonce=|name="_csrf"|pcnonce[0-9a-f]{24}/);
      expect(second.html, pathname).not.toContain(second.headers.get("x-request-id")!);
      // No form-token cookie any more; an Arabic address remembers the language (a cookie: that answer stays private).
      expect(cookieOf(second, "csrf"), pathname).toBeUndefined();
      const setsCookie = second.headers.getSetCookie().length > 0;
      expect(second.headers.get("cache-control"), pathname).toBe(
        setsCookie ? "private, no-store" : "public, max-age=60, stale-while-revalidate=300",
      );
      const scriptSrc = (second.headers.get("content-security-policy") ?? "")
        .split(";")
        .find((d) => d.startsWith("script-src "))!
        .split(" ")
        .slice(1);
      const inline = [...second.html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
        ([, attributes]) => !/\ssrc=|application\/ld\+json/.test(attributes!),
      );
      expect(new Set(scriptSrc.filter((source) => source !== "'self'")), pathname).toEqual(
        new Set(inline.map(([, , text]) => sha256Source(text!))),
      );
    }
  }, 240_000);

  it("sends each shared page compressed as asked, decoding to the same bytes; identity, *;q=0 and garbage get the plain page", async () => {
    for (const pathname of ["/", SERVICE_PAGE, "/ar"]) {
      const plain = (await rawGet(server, pathname, { Cookie: "lang=" + (pathname === "/ar" ? "ar" : "en") })).body;
      for (const [accept, coding, decode] of [
        ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
        ["gzip", "gzip", zlib.gunzipSync],
        ["identity", undefined, (bytes: Buffer) => bytes],
        ["*;q=0", undefined, (bytes: Buffer) => bytes],
        ["q=;;,,\u00ff", undefined, (bytes: Buffer) => bytes],
      ] as const) {
        const answer = await rawGet(server, pathname, {
          "Accept-Encoding": accept,
          Cookie: "lang=" + (pathname === "/ar" ? "ar" : "en"),
        });
        expect(answer.status, `${pathname} ${accept}`).toBe(200);
        expect(answer.headers["content-encoding"], `${pathname} ${accept}`).toBe(coding);
        expect(answer.headers.vary).toMatch(/Accept-Encoding/);
        expect(answer.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
        expect(decode(answer.body).equals(plain), `${pathname} ${accept}`).toBe(true);
      }
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
      expect(markup(fromCache, server), `${pathname} ${JSON.stringify(headers)}`).toBe(markup(rendered, uncached));
      if (headers["Accept-Language"]?.startsWith("ar-AE")) expect(fromCache.html).toContain('hrefLang="ar"');
    }
    // A visitor who chose Arabic and asks for an unknown English address is sent to the Arabic one, as without the cache.
    const redirected = await get(server, "/no-such-page", { Cookie: "lang=ar" });
    expect(redirected.status).toBe((await get(uncached, "/no-such-page", { Cookie: "lang=ar" })).status);
    expect(redirected.headers.get("location")).toBe(`${server.url}/ar/no-such-page`);
  });

  it("never serves from the cache a request with a session, a cart, a flashed form, another cookie or a query string", async () => {
    const session = await signInOverHttp(server.url, EMAILS.client, PASSWORD);
    const signedIn = await get(server, "/", { Cookie: session });
    expect(signedIn.headers.get("etag")).toBeNull();
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.html).toContain(EMAILS.client);

    const added = await postForm(server.url, "/cart/update", {
      intent: "add",
      serviceType: "travel-ban",
      tierId: "basic",
    });
    const cart = cookieFrom(added, "__cart")!;
    const withCart = await get(server, SERVICE_PAGE, { Cookie: cart });
    expect(withCart.headers.get("etag")).toBeNull();
    expect(withCart.html).toMatch(/cartCount\\",1/);

    const failed = await postForm(server.url, "/inquiry", { fullName: "", email: "not-an-address", sourcePage: "/" });
    expect(failed.status).toBe(303);
    const flash = cookieFrom(failed, "__form")!;
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

  it("sends a page only the strings it can show: a signed-in page none of the content forms', a content page them, and no page the search-engine strings", async () => {
    // Keys of the dictionary as they appear in the page's loader data (app/i18n/ui-parts.ts).
    const sent = (page: Page, key: string) => page.html.includes(`\\"${key}\\"`);
    const session = await signInOverHttp(server.url, EMAILS.client, PASSWORD);
    for (const pathname of ["/dashboard", "/ar/dashboard", "/checkout"]) {
      const page = await get(server, pathname, { Cookie: session });
      expect(page.status).toBe(200);
      expect(sent(page, "skipToContent")).toBe(true);
      for (const key of ["travelCheck", "mostPopular", "contactHours", "social"])
        expect(sent(page, key), `${pathname}: ${key}`).toBe(false);
    }
    for (const pathname of [SERVICE_PAGE, "/ar/contact"]) {
      const page = await get(uncached, pathname);
      for (const key of ["skipToContent", "travelCheck", "mostPopular", "contactHours"])
        expect(sent(page, key), `${pathname}: ${key}`).toBe(true);
      expect(sent(page, "social")).toBe(false);
    }
  });

  it("answers 304 to a copy of the same page in the same encoding, with the same policy; the page to another encoding or page", async () => {
    const page = await get(server, SERVICE_PAGE, { "Accept-Encoding": "br" });
    const etag = page.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+-br"$/);
    expect(page.headers.get("cache-control")).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(page.headers.get("vary")).toBe("Accept-Encoding, Cookie, Accept-Language, User-Agent");

    const revalidated = await fetch(server.url + SERVICE_PAGE, {
      headers: { "Accept-Encoding": "br", "If-None-Match": etag },
    });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(revalidated.headers.get("content-security-policy")).toBe(page.headers.get("content-security-policy"));

    expect(
      (await fetch(server.url + SERVICE_PAGE, { headers: { "Accept-Encoding": "gzip", "If-None-Match": etag } }))
        .status,
    ).toBe(200);
    expect(
      (await fetch(server.url + "/ar" + SERVICE_PAGE, { headers: { "Accept-Encoding": "br", "If-None-Match": etag } }))
        .status,
    ).toBe(200);

    const head = await get(server, SERVICE_PAGE, { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.html).toBe("");
    expect(head.headers.get("etag")).toBe(etag);
  });

  it("answers a held page at the door with the very headers and bytes of its first, full answer: GET, HEAD and 304", async () => {
    const pathname = "/startup-uae/company-formation";
    const asked = { "Accept-Encoding": "gzip, br", Cookie: "lang=en" };
    const comparable = (headers: http.IncomingHttpHeaders) =>
      Object.fromEntries(
        Object.entries(headers).filter(
          ([name]) => !["date", "x-request-id", "connection", "keep-alive"].includes(name),
        ),
      );
    // The first br answer renders (or takes the held page) the full way; later ones come from the door.
    const answers = [];
    for (let n = 0; n < 4; n++) answers.push(await rawGet(server, pathname, asked));
    for (const answer of answers.slice(1)) {
      expect(answer.status).toBe(200);
      expect(comparable(answer.headers)).toEqual(comparable(answers[0]!.headers));
      expect(answer.body.equals(answers[0]!.body)).toBe(true);
      expect(answer.headers["x-request-id"]).toMatch(/^[0-9a-f]{16}$/);
    }
    expect(answers[0]!.headers["content-security-policy"]).toMatch(/'sha256-/);
    expect(answers[0]!.headers["permissions-policy"]).toBeTruthy();
    expect(new Set(answers.map((answer) => answer.headers["x-request-id"])).size).toBe(answers.length);
    const head = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.request(`${server.url}${pathname}`, { method: "HEAD", headers: asked }, resolve).on("error", reject).end(),
    );
    expect(comparable(head.headers)).toEqual(comparable(answers[0]!.headers));
    const notModified = await rawGet(server, pathname, { ...asked, "If-None-Match": String(answers[0]!.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers["content-security-policy"]).toBe(answers[0]!.headers["content-security-policy"]);
  });

  it("renders a page once for many visitors arriving together, and each gets the whole page", async () => {
    const pathname = "/about";
    const pages = await Promise.all(Array.from({ length: 24 }, () => get(server, pathname)));
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.html).toBe(pages[0]!.html);
    }
    expect(pages[0]!.html).toContain("</html>");
  });

  it("a submission from a page the browser kept is stored as its own, a repeat of it is not", async () => {
    // The page's submission key, in its root data (decision 054): one per shared page.
    const kept = { formToken: /formToken\\",\\"([^\\"]+)/.exec((await get(server, "/")).html)![1]! };
    const sender = (n: number) => `Kept Page Sender ${unique()} ${n}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
    const [first, second] = [sender(1), sender(2)];
    /** Sends the inquiry form of the kept page, as a browser without JavaScript does. */
    const send = async (fullName: string) => {
      const answer = await postForm(server.url, "/inquiry", {
        fullName,
        email: "kept.page@example.com",
        phone: "+971501234567",
        country: "UAE",
        serviceType: "travel-ban-check",
        message: "A question about my visa status.",
        consent: "on",
        sourcePage: "/",
        submissionId: kept.formToken,
      });
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(`${server.url}/#inquiry-form`);
    };
    // The same form sent twice (a double click, a retry), then another inquiry from the same kept page.
    for (const name of [first, first, second]) await send(name);
    const admin = await signInOverHttp(server.url, EMAILS.admin, PASSWORD);
    const list = (await get(server, "/admin/inquiries", { Cookie: admin })).html;
    // However many times the list shows one inquiry's name, it shows each sender's as often: both were stored once.
    const shown = (name: string) => list.split(`>${name}<`).length - 1;
    expect(shown(second)).toBeGreaterThan(0);
    expect(shown(first)).toBe(shown(second));
  });
});

// A new build is a new process with a new cache; a browser's kept copy (ETag) must not survive it either.
describe.runIf(kind === "pglite")("a rebuilt server with a changed price", () => {
  let copy: ReturnType<typeof buildChangedCopy> | undefined;
  let rebuilt: RunningServer;
  beforeAll(async () => {
    copy = buildChangedCopy((dir) => changeTravelBanPrice(dir, 777));
    rebuilt = await startServer({ NODE_ENV: "production", LOG_REQUESTS: "false" }, { cwd: copy.dir });
  }, 300_000);
  afterAll(async () => {
    await rebuilt?.stop();
    copy?.remove();
  });

  it("shows the new price, also to a browser asking whether its copy of the old page is still good", async () => {
    const old = await get(server, SERVICE_PAGE);
    expect(old.html).toContain('"price":"650"');
    const after = await fetch(rebuilt.url + SERVICE_PAGE, { headers: { "If-None-Match": old.headers.get("etag")! } });
    expect(after.status, rebuilt.output()).toBe(200);
    const html = await after.text();
    expect(html).toContain('"price":"777"');
    expect(html).not.toContain('"price":"650"');
    expect(after.headers.get("etag")).not.toBe(old.headers.get("etag"));
  });
});

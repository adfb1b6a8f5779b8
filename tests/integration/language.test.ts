import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postForm } from "../support/http";
import { createPostgresDatabase, dropPostgresDatabase, testDbKind } from "../support/test-db";
import { startServer, type RunningServer } from "../support/server-process";

// The remembered language (cookie "lang") and the Accept-Language suggestion, against the
// production build: the header only ever adds a notice, the cookie serves addresses without a
// language prefix. docs/decisions/017-language-cookie-and-suggestion.md

const kind = testDbKind();

describe(`the remembered language and the language suggestion on ${kind}`, () => {
  let server: RunningServer;
  let databaseUrl: string | undefined;

  beforeAll(async () => {
    if (kind === "postgres") databaseUrl = await createPostgresDatabase();
    server = await startServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  });
  afterAll(async () => {
    await server?.stop();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers, redirect: "manual" });
  const langCookie = (response: Response) =>
    response.headers.getSetCookie().find((header) => header.startsWith("lang="));

  it("suggests the Arabic page to a browser preferring Arabic, without redirecting", async () => {
    const response = await get("/ban-checks/travel-ban-check?from=ad", {
      "Accept-Language": "ar-AE,ar;q=0.9,en;q=0.8",
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toMatch(/<aside lang="ar" dir="rtl"[^>]*data-testid="language-suggestion"/);
    expect(html).toContain("هذه الصفحة متوفرة باللغة العربية.");
    expect(html).toMatch(
      /<a href="\/ar\/ban-checks\/travel-ban-check\?from=ad" hrefLang="ar"[^>]*>اقرأها بالعربية<\/a>/,
    );
    expect(html).toMatch(/<form method="post" action="\/language"/);
    // A suggestion remembers nothing.
    expect(langCookie(response)).toBeUndefined();
  });

  it("suggests nothing to English browsers, once a language is remembered, or on Arabic pages", async () => {
    const cases: [string, Record<string, string>][] = [
      ["/", { "Accept-Language": "en-US,en;q=0.9,ar;q=0.8" }],
      ["/", {}],
      ["/", { "Accept-Language": "ar", Cookie: "lang=en" }],
      ["/", { "Accept-Language": "ar", Cookie: "lang=ar" }],
      ["/ar", { "Accept-Language": "en-US" }],
      ["/ar", { "Accept-Language": "ar" }],
    ];
    for (const [path, headers] of cases) {
      const response = await get(path, headers);
      // The header never redirects, whatever the cookie says: the URL decides the page's language.
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(await response.text(), JSON.stringify(headers)).not.toContain('data-testid="language-suggestion"');
    }
  });

  it("remembers Arabic on Arabic pages, and English when the switch leads back from an Arabic page", async () => {
    const arabic = await get("/ar/about");
    expect(langCookie(arabic)).toMatch(/^lang=ar; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly$/);
    expect(langCookie(await get("/ar/about", { Cookie: "lang=ar" }))).toBeUndefined();
    // An English page on its own does not make a choice (the suggestion keeps its chance)…
    expect(langCookie(await get("/about", { Cookie: "lang=ar" }))).toBeUndefined();
    // …but coming from an Arabic page of this site (the language switch) does.
    const back = await get("/about", { Cookie: "lang=ar", Referer: `${server.url}/ar/about` });
    expect(langCookie(back)).toMatch(/^lang=en;/);
    expect(
      langCookie(await get("/about", { Cookie: "lang=ar", Referer: "https://elsewhere.example/ar/about" })),
    ).toBeUndefined();
  });

  it("the dismiss remembers the page's language and goes back, without JavaScript", async () => {
    const dismissed = await postForm(server.url, "/language", {
      lang: "en",
      redirectTo: "/services/legal-consultation?x=1",
    });
    expect(dismissed.status).toBe(303);
    expect(dismissed.headers.get("Location")).toBe(`${server.url}/services/legal-consultation?x=1`);
    expect(langCookie(dismissed)).toMatch(/^lang=en;/);
    const after = await get("/services/legal-consultation?x=1", { Cookie: "lang=en", "Accept-Language": "ar" });
    expect(await after.text()).not.toContain('data-testid="language-suggestion"');

    // Another site as the way back, or nonsense: home, never a 500.
    const offsite = await postForm(server.url, "/language", { lang: "ar", redirectTo: "//evil.example/x" });
    expect(offsite.status).toBe(303);
    expect(offsite.headers.get("Location")).toBe(`${server.url}/ar`);
    const nonsense = await postForm(server.url, "/language", { lang: "fr" });
    expect(nonsense.status).toBe(303);
    expect(nonsense.headers.get("Location")).toBe(`${server.url}/`);
    expect(langCookie(nonsense)).toBeUndefined();
    expect((await get("/language", { Cookie: "lang=ar" })).headers.get("Location")).toBe(`${server.url}/ar`);
  });

  it("addresses without a language prefix follow the remembered language", async () => {
    // The cart action's own URL and its fallback after a form that names no page.
    expect((await get("/cart/update", { Cookie: "lang=ar" })).headers.get("Location")).toBe(`${server.url}/ar/cart`);
    expect((await get("/cart/update")).headers.get("Location")).toBe(`${server.url}/cart`);
    const cleared = await postForm(server.url, "/cart/update", { intent: "clear" }, { cookie: "lang=ar" });
    expect(cleared.status).toBe(303);
    expect(cleared.headers.get("Location")).toBe(`${server.url}/ar/cart`);
    // A document link opened signed out: the login page in Arabic, with the way back.
    const document = await get("/documents/00000000-0000-4000-8000-000000000000", { Cookie: "lang=ar" });
    expect(document.headers.get("Location")).toBe(
      `${server.url}/ar/client-login?redirectTo=%2Fdocuments%2F00000000-0000-4000-8000-000000000000`,
    );
    // An address that is no page: the Arabic not-found page for a visitor who chose Arabic.
    const unknown = await get("/no-such-page?q=1", { Cookie: "lang=ar" });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Location")).toBe(`${server.url}/ar/no-such-page?q=1`);
    const arabic404 = await get("/ar/no-such-page?q=1", { Cookie: "lang=ar" });
    expect(arabic404.status).toBe(404);
    expect(await arabic404.text()).toContain("عذراً! الصفحة غير موجودة");
    expect((await get("/no-such-page", { Cookie: "lang=en" })).status).toBe(404);
    // Real English pages stay English whatever the cookie says.
    const english = await get("/about", { Cookie: "lang=ar" });
    expect(english.status).toBe(200);
    expect(await english.text()).toContain('<html lang="en" dir="ltr">');
  });
});

import { expect, ONLY_WITH_JAVASCRIPT, test } from "../support/browser";

// Shared anonymous pages carry no nonce: their policy lists the sha256 of each inline script
// (docs/decisions/091). The browser runs exactly those scripts: the page hydrates with no
// violation reported, and a page whose inline script was changed on the way is refused.

declare global {
  interface Window {
    __violations?: string[];
    __tampered?: boolean;
  }
}

test.beforeEach(async ({ page }) => {
  // The browser's own CSP report, gathered from the start of each document.
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      window.__violations!.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
});

for (const pathname of ["/", "/ar", "/ban-checks/travel-ban-check"]) {
  test(
    `${pathname}: every inline script of the shared page runs under its hash-based policy`,
    ONLY_WITH_JAVASCRIPT,
    async ({ page }) => {
      const response = await page.goto(pathname);
      expect(response!.headers()["cache-control"]).toMatch(
        /^(public, max-age=\d+, stale-while-revalidate=\d+|private, no-store)$/,
      );
      expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
      // Remix's inline module script ran: the app hydrated.
      await expect
        .poll(() => page.evaluate(() => typeof (window as unknown as { __remixRouter?: unknown }).__remixRouter))
        .toBe("object");
      expect(await page.evaluate(() => window.__violations)).toEqual([]);
    },
  );
}

test(
  "a shared page whose inline script was changed on the way is refused by the browser, with a report",
  ONLY_WITH_JAVASCRIPT,
  async ({ page }) => {
    await page.route(/\/ban-checks\/travel-ban-check$/, async (route) => {
      const original = await route.fetch();
      const html = await original.text();
      expect(html).toContain('("positions", null)</script>');
      const headers = { ...original.headers() };
      // The body is handed over decoded: its length and coding change.
      delete headers["content-encoding"];
      delete headers["content-length"];
      await route.fulfill({
        status: original.status(),
        headers,
        body: html.replace('("positions", null)</script>', '("positions", null);window.__tampered=true</script>'),
      });
    });
    await page.goto("/ban-checks/travel-ban-check");
    await expect.poll(() => page.evaluate(() => window.__violations!.length)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.__violations)).toContain("script-src-elem inline");
    expect(await page.evaluate(() => window.__tampered)).toBeUndefined();
  },
);

import type { Page } from "@playwright/test";
import { publicPaths } from "../../app/content/public-routes";
import { expect, MOBILE, ONLY_WITH_JAVASCRIPT, ONLY_WITHOUT_JAVASCRIPT, test } from "../support/browser";

// Links to a part of their own page (#fragment) on every public page in both languages.

const bothLanguages = publicPaths.flatMap((path) => [path, path === "/" ? "/ar" : `/ar${path}`]);

/** The #fragment links of the page that point into this same page, with their targets' ids. */
async function fragmentLinks(page: Page) {
  return page.locator("a[href*='#']").evaluateAll((anchors) =>
    anchors
      .map((anchor) => ({ anchor: anchor as HTMLAnchorElement, url: new URL((anchor as HTMLAnchorElement).href) }))
      .filter(
        ({ url }) =>
          url.origin === location.origin &&
          url.pathname === location.pathname &&
          url.search === location.search &&
          url.hash.length > 1,
      )
      .map(({ anchor, url }) => ({
        href: anchor.getAttribute("href")!,
        id: decodeURIComponent(url.hash.slice(1)),
        text: anchor.textContent?.trim() ?? "",
      })),
  );
}

test.describe("in-page links", () => {
  // Every link to a part of its own page lands there with JavaScript on: the part is scrolled into
  // view below the sticky header and takes the focus, whether its section has hydrated or not.
  // Pages are walked a few at a time, so one slow page cannot starve the rest of their time.
  const pagesPerWalk = 5;
  const walks = (["English", "Arabic"] as const).flatMap((name) => {
    const paths = bothLanguages.filter((path) => path.startsWith("/ar") === (name === "Arabic"));
    return Array.from({ length: Math.ceil(paths.length / pagesPerWalk) }, (_, index) => ({
      name: `${name} pages ${index * pagesPerWalk + 1}–${Math.min(paths.length, (index + 1) * pagesPerWalk)}`,
      paths: paths.slice(index * pagesPerWalk, (index + 1) * pagesPerWalk),
    }));
  });
  for (const { name, paths } of walks) {
    test(
      `every #fragment link of the public ${name} lands on its target and focuses it`,
      ONLY_WITH_JAVASCRIPT,
      async ({ page }) => {
        test.setTimeout(90_000);
        await page.setViewportSize({ width: 412, height: 915 });
        const problems: string[] = [];
        let followed = 0;
        for (const path of paths) {
          await page.goto(path);
          const links = await fragmentLinks(page);
          for (const { href, id, text } of new Map(links.map((link) => [link.href, link])).values()) {
            // The skip link is shown on focus: reached by keyboard as its users do.
            const link = page.locator(`a[href="${href}"]:visible`).first();
            if (id === "main") {
              await page.keyboard.press("Tab");
              await expect(page.locator('a[href="#main"]')).toBeFocused();
              await page.keyboard.press("Enter");
            } else if ((await link.count()) === 0) {
              // A plain-HTML fallback the page's script has replaced since (the quote's Reset link) is gone, not hidden.
              if ((await page.locator(`a[href="${href}"]`).count()) > 0)
                problems.push(`${path}: "${text}" (${href}) is never visible`);
              continue;
            } else {
              await page.evaluate(() => window.scrollTo(0, 0));
              // The plain-HTML Reset link is swapped for its button when its section hydrates: a click
              // on its way then finds no link, which is not a fault (and must not wait for one forever).
              const clicked = await link.click({ timeout: 10_000 }).then(
                () => true,
                () => false,
              );
              if (!clicked) {
                if ((await page.locator(`a[href="${href}"]`).count()) > 0)
                  problems.push(`${path}: "${text}" (${href}) could not be clicked`);
                continue;
              }
            }
            followed++;
            const landed = await page
              .waitForFunction(
                (target) => {
                  const element = document.getElementById(target);
                  if (!element) return false;
                  const box = element.getBoundingClientRect();
                  return (
                    box.top >= 0 &&
                    box.top < window.innerHeight - 40 &&
                    element.contains(document.activeElement) &&
                    location.hash === `#${target}`
                  );
                },
                id,
                { timeout: 5000 },
              )
              .then(() => true)
              .catch(() => false);
            // The plain-HTML Reset link may be swapped for its button while the click is on its way
            // (its section hydrating at that moment): then there is no link left to have landed.
            if (!landed && (await page.locator(`a[href="${href}"]`).count()) > 0)
              problems.push(`${path}: "${text}" (${href}) did not land on #${id}`);
          }
        }
        expect(problems).toEqual([]);
        expect(followed).toBeGreaterThanOrEqual(paths.length);
      },
    );
  }

  test(
    "every #fragment link of every public page has its target in the served HTML",
    ONLY_WITHOUT_JAVASCRIPT,
    async ({ request }) => {
      const problems: string[] = [];
      for (const path of bothLanguages) {
        const html = await (await request.get(path)).text();
        const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]));
        for (const [, target] of html.matchAll(/href="#([^"]+)"/g))
          if (!ids.has(target!)) problems.push(`${path}: #${target}`);
      }
      expect(problems).toEqual([]);
    },
  );

  test("Back after an in-page link returns to where the visitor was", ONLY_WITH_JAVASCRIPT, async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/services/legal-consultation");
    await page.locator("#consultation-hero").getByRole("link", { name: "Ask a Question First" }).click();
    await expect(page.locator("#inquiry")).toBeInViewport();
    await page.goBack();
    await expect(page).toHaveURL(/\/services\/legal-consultation$/);
    await expect(page.locator("#consultation-hero h1")).toBeInViewport();
  });
});

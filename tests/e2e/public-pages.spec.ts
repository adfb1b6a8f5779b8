import type { Page } from "@playwright/test";
import { publicPaths } from "../../app/content/public-routes";
import { expect, ONLY_WITHOUT_JAVASCRIPT, test } from "../support/browser";

// What every public page is as a document: its title, canonical address, description and one
// heading in English and Arabic, its structured data, the sitemap and robots.txt that list it, and
// content that shows without JavaScript. What the pages say is checked on their content in
// tests/unit/home-ban-check-and-lawyer-pages.test.ts and tests/unit/service-and-legal-content.test.ts.

// Arabic pages name the brand as Arabic text writes it.
const SUFFIX = { en: " | Sanad Legal", ar: " | سند القانونية" };

async function expectPageBasics(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const suffix = path === "/ar" || path.startsWith("/ar/") ? SUFFIX.ar : SUFFIX.en;
  await expect(page).toHaveTitle(new RegExp(`${suffix.replace("|", "\\|")}$`));
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(new URL(canonical!).pathname).toBe(path);
  expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
  expect(await page.locator('meta[name="keywords"]').getAttribute("content")).toBeTruthy();
  await expect(page.locator("h1")).toHaveCount(1);
}

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test.describe("every public page", () => {
  // One test per path: the list grows with the site, and a broken page is named by its own test.
  for (const path of publicPaths) {
    test(
      `${path} answers with its titled, canonical page in English and Arabic`,
      ONLY_WITHOUT_JAVASCRIPT,
      async ({ page }) => {
        await expectPageBasics(page, path);
        await expectPageBasics(page, path === "/" ? "/ar" : `/ar${path}`);
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      },
    );
  }

  test("structured data: LegalService on the home page, Offers and FAQPage on the travel ban page", async ({
    page,
  }) => {
    await page.goto("/");
    const home = await jsonLd(page);
    const organisation = home.find((item) => item["@type"] === "LegalService");
    expect(organisation).toMatchObject({
      name: "Sanad Legal",
      telephone: expect.any(String),
      email: expect.any(String),
    });
    expect(home.some((item) => item["@type"] === "FAQPage")).toBe(true);

    await page.goto("/ban-checks/travel-ban-check");
    const service = (await jsonLd(page)).find((item) => item["@type"] === "Service");
    const offers = service?.offers as Array<{ "@type": string; price: string; priceCurrency: string }>;
    expect(offers.map((offer) => offer.price)).toEqual(["650", "750", "1250", "1650", "2500"]);
    expect(offers.every((offer) => offer["@type"] === "Offer" && offer.priceCurrency === "AED")).toBe(true);
  });

  test("sitemap.xml lists every public page, robots.txt keeps private areas out", async ({ request, baseURL }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()["content-type"]).toContain("xml");
    const paths = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    for (const path of publicPaths) {
      expect(paths).toContain(path);
      expect(paths).toContain(path === "/" ? "/ar" : `/ar${path}`);
    }
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    const text = await robots.text();
    for (const path of ["/dashboard", "/admin", "/checkout"]) expect(text).toContain(`Disallow: ${path}`);
    expect(text).toMatch(/Sitemap: http:\/\/[^/]+\/sitemap\.xml/);
    expect(baseURL).toBeTruthy();
  });

  test("pages need no JavaScript to show their content", async ({ page }) => {
    await page.goto("/ban-checks/court-police-case-check");
    await expect(page.locator("#emirates")).toContainText("Umm Al Quwain");
    // The FAQ still opens (the browser does it) whatever the project.
    await page.locator("#case-check-faq summary").first().click();
    await expect(page.locator("#case-check-faq details").first()).toHaveAttribute("open", "");
  });
});

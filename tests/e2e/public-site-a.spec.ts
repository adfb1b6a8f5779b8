import type { Page } from "@playwright/test";
import { publicPaths } from "../../app/content/public-routes";
import { DESKTOP, expect, MOBILE, ONLY_WITH_JAVASCRIPT, ONLY_WITHOUT_JAVASCRIPT, test } from "./helpers";

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

test.describe("home, ban checks and ask a lawyer", () => {
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

  test("home: the ten sections in order, priced service cards and calls to action", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/");
    const ids = await page
      .locator("main > section, main > [data-deferred] > section")
      .evaluateAll((nodes) => nodes.map((n) => n.id));
    expect(ids).toEqual([
      "home-hero",
      "services",
      "why-choose",
      "credentials",
      "comparison",
      "quote",
      "how-it-works",
      "testimonials",
      "home-faq",
      "get-started",
    ]);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const cards = page.locator("#services li");
    await expect(cards).toHaveCount(4);
    await expect(cards.nth(0)).toContainText("Most Popular");
    await expect(cards.nth(0)).toContainText("From AED 200");
    await expect(cards.nth(1)).toContainText("From AED 350");
    await expect(cards.nth(2)).toContainText("From AED 1,200");
    await expect(cards.nth(3)).toContainText("From AED 8,500");
    await expect(page.locator("#credentials li")).toHaveCount(4);
    await expect(page.locator("#how-it-works li")).toHaveCount(3);
    await expect(page.locator("#testimonials figure")).toHaveCount(3);
    await expect(page.locator("#home-faq details")).toHaveCount(5);
    // On a phone the comparison is one card per row (the table is for wider screens).
    await expect(page.locator("#comparison [data-table-cards] li")).not.toHaveCount(0);
    await expect(page.locator("#comparison table")).toBeAttached();
    await page.locator("#home-hero").getByRole("link", { name: "Check Travel Status" }).click();
    await expect(page).toHaveURL(/\/ban-checks\/travel-ban-check$/);
    // With JavaScript this page was rendered in the browser (client navigation): all of it is there.
    await expect(page.locator("#packages [data-tier]")).toHaveCount(5);
    await expect(page.locator("#travel-ban-faq details")).toHaveCount(5);
    await page.goBack();
    await page.locator("#home-hero").getByRole("link", { name: "Consult Legal Expert" }).click();
    await expect(page).toHaveURL(/\/ask-lawyer$/);
  });

  test(
    "sections below the fold load their code only when they come into view",
    ONLY_WITH_JAVASCRIPT,
    async ({ page }) => {
      await page.setViewportSize(MOBILE);
      const requested: string[] = [];
      page.on("request", (request) => requested.push(new URL(request.url()).pathname));
      await page.goto("/");
      await page.waitForLoadState("networkidle");
      expect(requested.filter((path) => path.includes("quote-section"))).toEqual([]);
      // The server's HTML of the later sections is there before their code.
      await expect(page.locator("#home-faq details")).toHaveCount(5);
      await page.locator("#quote").scrollIntoViewIfNeeded();
      await expect.poll(() => requested.some((path) => path.includes("quote-section"))).toBe(true);
      // Hydrated, the sections keep their content (no flash to empty), and links still navigate in the page.
      await page.locator("#get-started").scrollIntoViewIfNeeded();
      await expect(page.locator("#get-started").getByRole("link", { name: "Consult Legal Expert" })).toBeVisible();
      await page.locator("#get-started").getByRole("link", { name: "Consult Legal Expert" }).click();
      await expect(page).toHaveURL(/\/ask-lawyer$/);
      await expect(page.locator("#legal-services li")).toHaveCount(8);
    },
  );

  test("FAQ accordion: one item open at a time, collapsible", async ({ page }) => {
    await page.goto("/");
    const items = page.locator("#home-faq details");
    const first = items.nth(0);
    const second = items.nth(1);
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await expect(first.getByText(/Emirates ID or passport/)).toBeVisible();
    await second.locator("summary").click();
    await expect(second).toHaveAttribute("open", "");
    await expect(first).not.toHaveAttribute("open", /.*/);
    await second.locator("summary").click();
    await expect(second).not.toHaveAttribute("open", /.*/);
    await expect(page.locator("#home-faq details[open]")).toHaveCount(0);
  });

  test("travel ban check: static card, packages from the catalogue, ban types, FAQ", async ({ page }) => {
    await page.goto("/ban-checks/travel-ban-check");
    const card = page.locator("[data-travel-check-card]");
    await expect(card).toContainText("10K+");
    await expect(card).toContainText("99.9%");
    const plans = page.locator("#packages [data-plan-list='travel-ban']");
    await expect(plans).toContainText("Starting from AED 650");
    await expect(plans.locator("[data-tier]")).toHaveCount(5);
    await expect(plans.locator("[data-tier='comprehensive']")).toContainText("Most Popular");
    await expect(plans.locator("[data-tier='comprehensive']")).toContainText("AED 1,250");
    await expect(page.locator("#ban-types li")).toHaveCount(4);
    await expect(page.locator("#travel-ban-faq details")).toHaveCount(5);
    await page.locator("#travel-ban-hero").getByRole("link", { name: "Check Status Now" }).click();
    await expect(page).toHaveURL(/\?check=1#check$/);
    await expect(page.getByLabel("Emirates ID or Passport Number")).toBeVisible();
  });

  test("travel ban check: Check Status Now opens the check form, before or after the section's code loads", async ({
    page,
  }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/ban-checks/travel-ban-check");
    const check = page.locator("#check-status");
    await check.getByRole("link", { name: "Check Status Now" }).click();
    await expect(page.locator("#travel-check-fullName")).toBeVisible();
  });

  test("ban-check pages show the spec's counts and their inquiry slot", async ({ page }) => {
    await page.goto("/ban-checks/travel-ban-appeal");
    await expect(page.locator("#appeal-process li")).toHaveCount(4);
    await expect(page.locator("#appeal-faq details")).toHaveCount(5);
    await expect(page.locator("[data-inquiry-slot='travel-ban-appeal']")).toBeAttached();

    await page.goto("/ban-checks/labor-ban-check");
    await expect(page.locator("#ban-types")).toContainText("Temporary labor ban");
    await expect(page.locator("#ban-types")).toContainText("Permanent labor ban");
    await expect(page.locator("#process li")).toHaveCount(3);
    await expect(page.locator("#labor-ban-faq details")).toHaveCount(6);
    await expect(page.locator("[data-inquiry-slot='labor-ban-check']")).toBeAttached();

    await page.goto("/ban-checks/court-police-case-check");
    await expect(page.locator("#case-types li")).toHaveCount(3);
    await expect(page.locator("#process li")).toHaveCount(4);
    await expect(page.locator("#emirates li")).toHaveCount(7);
    await expect(page.locator("#case-check-faq details")).toHaveCount(6);
    await expect(page.locator("[data-inquiry-slot='court-police-case-check']")).toBeAttached();
  });

  test("ask a lawyer: claims, contact links, eight services, the assistant section and the legal inquiry", async ({
    page,
  }) => {
    await page.goto("/ask-lawyer");
    await expect(page.getByRole("heading", { level: 1, name: "Consult with Licensed UAE Lawyers" })).toBeVisible();
    const hero = page.locator("#ask-lawyer-hero");
    await expect(hero).toContainText("Response within 24 hours");
    await expect(hero).toContainText("Licensed legal professionals");
    await expect(hero.locator('a[href^="tel:"]')).toHaveCount(1);
    await expect(hero.locator('a[href^="mailto:"]')).toHaveCount(1);
    await expect(page.locator("#legal-services li")).toHaveCount(8);
    await expect(page.getByRole("heading", { name: "Why choose our legal team" })).toBeVisible();
    await expect(page.locator("section#legal-assistant")).toBeAttached();
    await expect(page.locator("section#assistant")).toHaveCount(0);
    await expect(page.locator("[data-inquiry-slot='legal-consultation']")).toContainText("Submit Your Legal Inquiry");
  });

  test("the language switch leads to the same page in Arabic and back", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/ban-checks/labor-ban-check");
    await page.getByRole("link", { name: "اقرأ هذه الصفحة بالعربية" }).first().click();
    await expect(page).toHaveURL(/\/ar\/ban-checks\/labor-ban-check$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("فحص حظر العمل");
    await page.getByRole("link", { name: "Read this page in English" }).first().click();
    await expect(page).toHaveURL(/\/ban-checks\/labor-ban-check$/);
  });

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

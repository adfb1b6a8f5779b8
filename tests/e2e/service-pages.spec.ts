import type { Page } from "@playwright/test";
import { expect, test } from "../support/browser";

// The business, service, company and contact pages in a browser: each inquiry form comes with its
// service chosen, the calls to action lead to the form, the contact block shows the configured
// phone, e-mail and hours in the page's language, and the company pages link where they say.
// What the pages say (plans, prices, counts, the legal documents) is checked on their content in
// tests/unit/service-and-legal-content.test.ts.

const SUFFIX = /\| (Sanad Legal|سند القانونية)$/;

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await expect(page).toHaveTitle(SUFFIX);
  await expect(page.locator("h1")).toHaveCount(1);
}

/** The inquiry form of the page, with its service type preselected. */
async function expectInquiry(page: Page, service: string) {
  const slot = page.locator(`#inquiry [data-inquiry-slot="${service}"]`);
  await expect(slot).toHaveCount(1);
  await expect(slot.locator('select[name="serviceType"]')).toHaveValue(service);
  await expect(slot.getByLabel(/Full Name/i)).toBeVisible();
}

test.describe("business, service, company and contact pages", () => {
  test("each business page's inquiry form comes with its service chosen; the GCC FAQ opens", async ({ page }) => {
    await open(page, "/for-business/background-checks");
    await expectInquiry(page, "background-check");

    await open(page, "/for-business/background-checks-gcc");
    const faqs = page.locator("#faq details");
    await faqs.nth(0).locator("summary").click();
    await expect(faqs.nth(0)).toHaveAttribute("open", "");
    await expect(faqs.nth(0)).toContainText("Saudi Arabia, Kuwait, Qatar, Bahrain and Oman");
    await expectInquiry(page, "background-check-gcc");

    await open(page, "/for-business/contracts-review");
    await expectInquiry(page, "contract-review");

    await open(page, "/startup-uae/company-formation");
    await expectInquiry(page, "company-formation");
  });

  test("service pages: contact block beside the form; Ask a Question First and Request Audit Quote lead to the form", async ({
    page,
  }) => {
    await open(page, "/services/legal-consultation");
    await page.locator("#consultation-hero").getByRole("link", { name: "Ask a Question First" }).click();
    await expect(page).toHaveURL(/\/services\/legal-consultation#inquiry$/);
    await expectInquiry(page, "general");
    const aside = page.locator("#inquiry aside");
    await expect(aside.getByRole("link", { name: "+971 4 123 4567" })).toHaveAttribute("href", "tel:+97141234567");
    await expect(aside.getByRole("link", { name: "info@sanadlegal.ae" })).toHaveAttribute(
      "href",
      "mailto:info@sanadlegal.ae",
    );
    await expect(aside).toContainText("Sunday to Thursday, 9:00 to 18:00 (Gulf Standard Time)");

    await open(page, "/services/compliance-audit");
    const audits = page.locator("#audit-types li").filter({ has: page.locator("h3") });
    await audits.filter({ hasText: "Data Protection" }).getByRole("link", { name: "Request Audit Quote" }).click();
    await expect(page).toHaveURL(/#inquiry$/);
    await expectInquiry(page, "general");

    await open(page, "/services/document-authentication");
    await expect(page.locator("#inquiry aside")).toBeVisible();
    await expectInquiry(page, "general");
  });

  test("contact page in both languages: configured phone, e-mail and office hours, and the inquiry form", async ({
    page,
  }) => {
    await open(page, "/contact");
    await expect(page.locator("#inquiry aside")).toContainText(
      "Sunday to Thursday, 9:00 to 18:00 (Gulf Standard Time)",
    );
    await expectInquiry(page, "general");

    await open(page, "/ar/contact");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    const aside = page.locator("#inquiry aside");
    await expect(aside).toContainText("من الأحد إلى الخميس، من 9:00 إلى 18:00 (بتوقيت الخليج)");
    await expect(aside).not.toContainText("Sunday");
    await expect(aside.getByRole("link", { name: "+971 4 123 4567" })).toBeVisible();
    await expect(page.locator("footer")).toContainText("من الأحد إلى الخميس");
  });

  test("company pages link where they say and the footer reaches them", async ({ page }) => {
    await open(page, "/partners");
    await page.locator("#partner-agreement").getByRole("link", { name: "Read the Partner Agreement" }).click();
    await expect(page).toHaveURL(/\/partner-agreement$/);
    await page.locator("footer").getByRole("link", { name: "Careers" }).click();
    await expect(page).toHaveURL(/\/careers$/);
    await expect(page.locator("#apply")).toContainText("info@sanadlegal.ae");
    for (const path of [
      "/technology",
      "/attorney-network",
      "/for-business/client-credit-check",
      "/for-business/receivable-management",
    ])
      await open(page, path);
    await expect(page.locator("#attorneys-hero, #receivables-hero")).toHaveCount(1);
  });
});

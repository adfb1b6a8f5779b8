import type { Page } from "@playwright/test";
import { expect, test } from "./helpers";

const AED = "AED";
// Arabic pages carry the brand in its Arabic form (SITE_NAME_AR).
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

test.describe("business, service, company and legal pages", () => {
  test("background checks: three packages with Select Package, what we verify, inquiry", async ({ page }) => {
    await open(page, "/for-business/background-checks");
    await expect(page).toHaveTitle("Background Checks for Employers in the UAE | Sanad Legal");
    const plans = page.locator("#plans [data-plan-list='background-packages']");
    await expect(plans).toContainText(`Starting from ${AED} 350`);
    const tiers = plans.locator("[data-tier]");
    await expect(tiers).toHaveCount(3);
    await expect(tiers.nth(0)).toContainText(`${AED} 350`);
    await expect(tiers.nth(1)).toContainText(`${AED} 750`);
    await expect(tiers.nth(1)).toContainText("Most Popular");
    await expect(tiers.nth(2)).toContainText(`${AED} 1,200`);
    await expect(plans.getByRole("button", { name: "Select Package" })).toHaveCount(3);
    await expect(page.locator("#verification li")).toHaveCount(8);
    await expectInquiry(page, "background-check");
  });

  test("GCC background checks: six countries, four steps, six FAQs one open at a time", async ({ page }) => {
    await open(page, "/for-business/background-checks-gcc");
    await expect(page.locator("#gcc-countries li")).toHaveCount(6);
    await expect(page.locator("#process li")).toHaveCount(4);
    // No turnaround table: nothing on the page sells a GCC check at a set time (decision 078).
    await expect(page.locator("#turnaround")).toHaveCount(0);
    const faqs = page.locator("#faq details");
    await expect(faqs).toHaveCount(6);
    await faqs.nth(0).locator("summary").click();
    await expect(faqs.nth(0)).toHaveAttribute("open", "");
    await expect(faqs.nth(0)).toContainText("Saudi Arabia, Kuwait, Qatar, Bahrain and Oman");
    await expectInquiry(page, "background-check-gcc");
  });

  test("contract review and company formation: catalogue plans and their inquiry service", async ({ page }) => {
    await open(page, "/for-business/contracts-review");
    await expect(page.locator("#contract-types li")).toHaveCount(6);
    await expect(page.locator("#plans [data-tier]")).toHaveCount(3);
    await expect(page.locator("#plans")).toContainText(`Starting from ${AED} 1,200`);
    await expect(page.locator("#contracts-hero")).toContainText(`From ${AED} 1,200`);
    await expectInquiry(page, "contract-review");

    await open(page, "/startup-uae/company-formation");
    await expect(page.locator("#structures li").filter({ has: page.locator("h3") })).toHaveCount(3);
    await expect(page.locator("#process ol[data-steps] > li")).toHaveCount(4);
    const tiers = page.locator("#plans [data-tier]");
    await expect(tiers).toHaveCount(3);
    await expect(tiers.filter({ hasText: "Free Zone" })).toContainText(`${AED} 12,500`);
    await expect(tiers.filter({ hasText: "Free Zone" })).toContainText("Most Popular");
    await expectInquiry(page, "company-formation");
  });

  test("service pages: contact block beside the form; consultation types on sale; Ask a Question First and Request Audit Quote lead to the form", async ({
    page,
  }) => {
    await open(page, "/services/legal-consultation");
    const types = page.locator("#consultation-types [data-tier]");
    await expect(types).toHaveCount(6);
    await expect(page.locator('#consultation-types [data-tier="criminal-defense"]')).toContainText(`${AED} 1,200`);
    await expect(page.locator('#consultation-types [data-tier="criminal-defense"]')).toContainText(
      "One 120-minute session",
    );
    await expect(page.locator("#consultation-hero").getByRole("link", { name: "Book Consultation" })).toHaveAttribute(
      "href",
      "#consultation-types",
    );
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
    await expect(audits).toHaveCount(4);
    await expect(audits.filter({ hasText: "Corporate Compliance" })).toContainText(
      "Price and duration in a written quote once scoped",
    );
    await audits.filter({ hasText: "Data Protection" }).getByRole("link", { name: "Request Audit Quote" }).click();
    await expect(page).toHaveURL(/#inquiry$/);
    await expectInquiry(page, "general");

    await open(page, "/services/document-authentication");
    await expect(page.locator("#authentication-hero")).toContainText("Time and price confirmed before we start");
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
    await expect(page.locator("h1")).toHaveText("اتصل بنا");
    const aside = page.locator("#inquiry aside");
    await expect(aside).toContainText("من الأحد إلى الخميس، من 9:00 إلى 18:00 (بتوقيت الخليج)");
    await expect(aside).not.toContainText("Sunday");
    await expect(aside.getByRole("link", { name: "+971 4 123 4567" })).toBeVisible();
    await expect(page.locator("footer")).toContainText("من الأحد إلى الخميس");
  });

  test("Arabic service pages carry Arabic content and catalogue prices", async ({ page }) => {
    await open(page, "/ar/for-business/background-checks");
    await expect(page.locator("h1")).toHaveText("التحقق من الخلفية");
    await expect(page.locator("#plans").getByRole("button", { name: "اختر الباقة" })).toHaveCount(3);
    await expect(page.locator('#plans [data-tier="enhanced"]')).toContainText("750");
    await open(page, "/ar/services/legal-consultation");
    await expect(page.locator("#consultation-types [data-tier]")).toHaveCount(6);
    await expect(page.locator('#consultation-types [data-tier="family"]')).toContainText("جلسة واحدة مدتها 90 دقيقة");
    await open(page, "/ar/for-business/employee-check");
    await expect(page.locator("#plans [data-tier]")).toHaveCount(4);
    await expect(page.locator("#express [data-tier]")).toHaveCount(2);
  });

  test("legal pages: dated January 2025, UAE law, and the Arabic versions defer to the English", async ({ page }) => {
    for (const [path, heading] of [
      ["/privacy-policy", "Privacy Policy"],
      ["/data-retention-policy", "Data Retention Policy"],
      ["/terms-of-service", "Terms of Service"],
      ["/refund-policy", "Refund Policy"],
      ["/partner-agreement", "Partner Agreement"],
    ] as const) {
      await open(page, path);
      await expect(page.locator("h1")).toHaveText(heading);
      await expect(page.getByText("Last updated: January 2025")).toBeVisible();
      await expect(page.locator("[data-prose-note]")).toHaveCount(0);
      await open(page, `/ar${path}`);
      await expect(page.locator("[data-prose-note]")).toContainText("يُعتمد النص الإنجليزي");
      await expect(page.locator("main")).toContainText("يناير 2025");
    }
    await page.goto("/terms-of-service");
    await expect(page.locator("main")).toContainText(
      "Fees are non-refundable, except as set out in our Refund Policy.",
    );
    await expect(page.locator("main")).toContainText("federal laws of the United Arab Emirates");
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

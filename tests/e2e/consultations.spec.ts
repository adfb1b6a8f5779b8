import type { Page } from "@playwright/test";
import { signUpVerified } from "./account-helpers";
import { expect, expectAccessible, PIXEL_7, test } from "./helpers";

// Consultations are bought and their sessions found from a phone, with JavaScript and without it.
test.use(PIXEL_7);

async function buyFamilyConsultation(page: Page) {
  await page.goto("/services/legal-consultation");
  const card = page.locator(`form[action$="/cart/update"]:has(input[name="tierId"][value="family"])`).first();
  await expect(page.locator("#consultation-types")).toContainText("One 90-minute session");
  const added = page.waitForResponse((response) => response.url().includes("/cart/update") && response.request().method() === "POST");
  await card.locator('button[type="submit"]').click();
  await added;
  await page.waitForLoadState("load");
  await page.goto("/checkout");
  await expect(page.getByTestId("summary-total")).toContainText("900");
  await page.getByLabel("Legal Name").fill("Omar Haddad");
  await page.getByLabel("Phone").fill("050 765 4321");
  await page.getByTestId("pay-button").click();
  await expect(page).toHaveURL(/\/test-checkout\/test_[0-9a-f]{32}$/);
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
}

test.describe("consultation sessions", () => {
  test("a paid consultation gives a session to book on the dashboard and the order page", async ({ page }) => {
    await signUpVerified(page);
    await expect(page.getByTestId("sessions-to-book")).toHaveCount(0);

    await buyFamilyConsultation(page);

    await page.goto("/dashboard");
    const reminder = page.getByTestId("sessions-to-book");
    await expect(reminder).toContainText("One consultation session to book");
    await reminder.getByRole("link", { name: "Book your consultation" }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f-]{36}#consultation$/);
    const credits = page.getByTestId("session-credits");
    await expect(credits).toContainText("One consultation session to book");
    await expect(credits.getByRole("link", { name: "Book your consultation" })).toHaveAttribute("href", "#conversation");
    await expect(page.getByTestId("order-lines").or(page.locator("body"))).toContainText("Family Consultation");
    await expectAccessible(page);

    await page.goto("/ar/dashboard");
    await expect(page.getByTestId("sessions-to-book")).toContainText("جلسة استشارية واحدة بانتظار الحجز");
    await expect(page.getByTestId("sessions-to-book").getByRole("link", { name: "احجز استشارتك" })).toBeVisible();
  });
});

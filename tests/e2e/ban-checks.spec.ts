import { expect, jsEnabled, MOBILE, test, whenInteractive } from "../support/browser";

// The ban-check pages in a browser: the travel ban check's links to its check form, and a labor ban
// plan bought from its card. What the pages say (plans, prices, counts) is checked on their content
// (tests/unit/home-ban-check-and-lawyer-pages.test.ts).

const AED = "AED";

test.describe("the ban-check pages", () => {
  test("travel ban check: the hero's Check Status Now opens the check form", async ({ page }) => {
    await page.goto("/ban-checks/travel-ban-check");
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

  test("labor ban check: See Plans leads to the plans, and the express plan goes into the cart at AED 1,350", async ({
    page,
  }) => {
    await page.goto("/ban-checks/labor-ban-check");
    const express = page.locator("#plans [data-plan-list='labor-ban'] [data-tier='express']");
    await page.locator("#labor-ban-hero").getByRole("link", { name: "See Plans" }).click();
    await expect(page).toHaveURL(/#plans$/);

    const form = express.locator("form");
    await whenInteractive(form);
    const saved = jsEnabled(test.info())
      ? page.waitForResponse((response) => response.url().endsWith("/cart/update"))
      : null;
    await form.getByRole("button").click();
    await saved;
    if (!jsEnabled(test.info())) await expect(page).toHaveURL(/cart=open/);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.goto("/cart");
    const line = page.locator("[data-cart-line='labor-ban:express']");
    await expect(line).toContainText("Express");
    await expect(line.getByTestId("line-total")).toHaveText(`${AED} 1,350`);
  });
});

import { DESKTOP, expect, jsEnabled, MOBILE, test } from "./helpers";

test.describe("site shell", () => {
  test("desktop dropdowns open on hover and from the keyboard, and their links work", async ({ page }, testInfo) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
    const travelBan = nav.getByRole("link", { name: "Travel Ban Check" });
    await expect(travelBan).toBeHidden();
    await nav.getByRole("button", { name: "Show Ban Checks links" }).hover();
    await expect(travelBan).toBeVisible();

    // Keyboard: focus reaches the trigger; the menu opens (on Enter with JavaScript, a disclosure
    // button; on focus without it), and Tab moves into it.
    await page.mouse.move(0, 600);
    await page.locator("body").click({ position: { x: 5, y: 600 } });
    const trigger = nav.getByRole("button", { name: "Show For Business links" });
    await trigger.focus();
    if (jsEnabled(testInfo)) {
      await expect(trigger).toHaveAttribute("aria-expanded", "false");
      await page.keyboard.press("Enter");
      await expect(trigger).toHaveAttribute("aria-expanded", "true");
    }
    const background = nav.getByRole("link", { name: "Background Checks", exact: true });
    await expect(background).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(background).toBeFocused();

    await background.click();
    await expect(page).toHaveURL(/\/for-business\/background-checks$/);
    // The new page's head, from its loader's data when the router navigated (app/seo/page-head.server.ts).
    await expect(page).toHaveTitle("Background Checks for Employers in the UAE | Sanad Legal");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/for-business\/background-checks$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/social\/for-business-en\.png$/);
    await expect.poll(() => page.locator('head script[type="application/ld+json"]').allTextContents()).toContainEqual(expect.stringContaining('"BreadcrumbList"'));
  });

  test("the mobile menu opens, and its links navigate", async ({ page }, testInfo) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/");
    // One navigation for every screen: on a phone it is the panel "Menu" shows.
    await expect(page.locator("nav")).toHaveCount(1);
    const menu = page.locator("#site-nav");
    const link = menu.getByRole("link", { name: "Labor Ban Check" });
    await expect(link).toBeHidden();
    await page.locator("[data-menu-button]").click();
    // With JavaScript each group is a disclosure button; without it every group is listed open.
    if (jsEnabled(testInfo)) await menu.getByRole("button", { name: "Show Ban Checks links" }).click();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/ban-checks\/labor-ban-check$/);
    // With JavaScript the menu closes after following a link; without it the new page starts closed.
    await expect(page.locator("#site-nav").getByRole("link", { name: "Labor Ban Check" })).toBeHidden();
  });

  test("footer carries the legal links and the not-a-law-firm statement", async ({ page }) => {
    await page.goto("/");
    const footer = page.locator("footer");
    for (const name of ["Privacy Policy", "Data Retention Policy", "Terms of Service", "Refund Policy", "Partner Agreement"]) {
      await expect(footer.getByRole("link", { name })).toBeVisible();
    }
    await expect(footer.getByTestId("footer-disclaimer")).toContainText("not a law firm or a lawyer referral service and does not give legal or tax advice");
  });

  test("unknown paths show the not-found page with a link home", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("Arabic pages are right-to-left, with a switch back to English", async ({ page }) => {
    await page.goto("/ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await page.setViewportSize(DESKTOP);
    await page.getByRole("link", { name: "Read this page in English" }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  });
});

import { DESKTOP, expect, jsEnabled, MOBILE, ONLY_WITH_JAVASCRIPT, test, whenInteractive } from "../support/browser";

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
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /\/social\/for-business-en\.png$/,
    );
    await expect
      .poll(() => page.locator('head script[type="application/ld+json"]').allTextContents())
      .toContainEqual(expect.stringContaining('"BreadcrumbList"'));
  });

  test(
    "a site link navigates within the page, Back returns, and a link opened in a new tab is left to the browser",
    ONLY_WITH_JAVASCRIPT,
    async ({ page, context }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto("/about");
      const footer = page.getByRole("contentinfo");
      await whenInteractive(footer.getByRole("link", { name: "Privacy Policy" }));
      // A mark on the window survives a navigation in the page, not a document load.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await footer.getByRole("link", { name: "Privacy Policy" }).click();
      await expect(page).toHaveURL(/\/privacy-policy$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Privacy Policy");
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      await page.goBack();
      await expect(page).toHaveURL(/\/about$/);
      const opened = context.waitForEvent("page");
      await footer.getByRole("link", { name: "Terms of Service" }).click({ modifiers: ["ControlOrMeta"] });
      const tab = await opened;
      await expect(tab).toHaveURL(/\/terms-of-service$/);
      await expect(page).toHaveURL(/\/about$/);
      await tab.close();
    },
  );

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
    for (const name of [
      "Privacy Policy",
      "Data Retention Policy",
      "Terms of Service",
      "Refund Policy",
      "Partner Agreement",
    ]) {
      await expect(footer.getByRole("link", { name })).toBeVisible();
    }
    await expect(footer.getByTestId("footer-disclaimer")).toContainText(
      "not a law firm or a lawyer referral service and does not give legal or tax advice",
    );
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

test.describe("desktop menus under pointer and keyboard", () => {
  test.beforeEach(async ({ page }, testInfo) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    if (jsEnabled(testInfo)) await expect(page.locator("nav[data-enhanced]").first()).toBeAttached();
  });

  test("point at Ban Checks, away onto the page, then at For Business: each opens, again and again", async ({
    page,
  }, testInfo) => {
    const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
    const menus = {
      ban: {
        button: nav.getByRole("button", { name: "Show Ban Checks links" }),
        link: nav.getByRole("link", { name: "Travel Ban Check" }),
      },
      business: {
        button: nav.getByRole("button", { name: "Show For Business links" }),
        link: nav.getByRole("link", { name: "Background Checks", exact: true }),
      },
    };
    for (const order of [
      ["ban", "business"],
      ["business", "ban"],
      ["ban", "ban"],
    ] as const) {
      for (const name of order) {
        const menu = menus[name];
        await menu.button.hover();
        await expect(menu.link).toBeVisible();
        if (jsEnabled(testInfo)) await expect(menu.button).toHaveAttribute("aria-expanded", "true");
        // Away, onto the page's content (sections there may not have hydrated yet).
        await page.mouse.move(600, 700);
        await expect(menu.link).toBeHidden();
        if (jsEnabled(testInfo)) await expect(menu.button).toHaveAttribute("aria-expanded", "false");
      }
    }
  });

  test(
    "sequences of hover, leave, focus, click and Escape across both menus",
    ONLY_WITH_JAVASCRIPT,
    async ({ page }) => {
      const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
      const ban = nav.getByRole("button", { name: "Show Ban Checks links" });
      const business = nav.getByRole("button", { name: "Show For Business links" });
      const expectOpen = async (open: { ban: boolean; business: boolean }) => {
        await expect(ban).toHaveAttribute("aria-expanded", String(open.ban));
        await expect(business).toHaveAttribute("aria-expanded", String(open.business));
        await expect(nav.getByRole("link", { name: "Travel Ban Check" })).toBeVisible({ visible: open.ban });
        await expect(nav.getByRole("link", { name: "Background Checks", exact: true })).toBeVisible({
          visible: open.business,
        });
      };
      const away = () => page.mouse.move(600, 700);

      // Click one, point at the other: only the one pointed at shows; away: none.
      await ban.click();
      await away();
      await expectOpen({ ban: true, business: false });
      await business.hover();
      await expectOpen({ ban: false, business: true });
      await away();
      await expectOpen({ ban: false, business: false });

      // Hover, click (stays open), away (still open: expanded), Escape closes and focus is on its button.
      await business.hover();
      await business.click();
      await away();
      await expectOpen({ ban: false, business: true });
      await business.focus();
      await page.keyboard.press("Escape");
      await expectOpen({ ban: false, business: false });
      await expect(business).toBeFocused();

      // Escape under the pointer: it stays closed until the pointer leaves and comes back.
      await ban.hover();
      await expectOpen({ ban: true, business: false });
      await ban.focus();
      await page.keyboard.press("Escape");
      await expectOpen({ ban: false, business: false });
      await page.mouse.move(600, 700);
      await ban.hover();
      await expectOpen({ ban: true, business: false });

      // Keyboard across both: Enter on one, Tab to the other's button and Enter: only the second shows.
      await away();
      await ban.focus();
      await page.keyboard.press("Enter");
      await expectOpen({ ban: true, business: false });
      await business.focus();
      await expectOpen({ ban: false, business: false });
      await page.keyboard.press("Enter");
      await expectOpen({ ban: false, business: true });
      // A second click closes what the button opened; a click elsewhere closes it too.
      await business.click();
      await away();
      await expectOpen({ ban: false, business: false });
      await ban.click();
      await page.locator("body").click({ position: { x: 5, y: 700 } });
      await expectOpen({ ban: false, business: false });
    },
  );
});

test.describe("header menus", () => {
  test(
    "desktop: a chosen link closes its dropdown; Enter opens and closes it like a disclosure",
    ONLY_WITH_JAVASCRIPT,
    async ({ page }) => {
      await page.setViewportSize(DESKTOP);
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Main navigation" }).first();
      const button = nav.getByRole("button", { name: "Show Ban Checks links" });
      const labor = nav.getByRole("link", { name: "Labor Ban Check" });

      // Pointer: open by hovering, choose a link: the new page's heading is not covered.
      await button.hover();
      await expect(labor).toBeVisible();
      await labor.click();
      await expect(page).toHaveURL(/\/ban-checks\/labor-ban-check$/);
      await expect(labor).toBeHidden();
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

      // Keyboard: focus alone does not open it; Enter opens, Tab goes in, Escape closes to the button.
      await page.mouse.move(600, 800);
      await button.focus();
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await page.keyboard.press("Enter");
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(labor).toBeVisible();
      await page.keyboard.press("Tab");
      await expect(nav.getByRole("link", { name: "Travel Ban Check" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(button).toBeFocused();
      await expect(labor).toBeHidden();

      // Enter on a menu already open (pointer over it) keeps it open; Enter again closes it.
      await button.hover();
      await expect(labor).toBeVisible();
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await page.mouse.move(600, 800);
      await expect(labor).toBeVisible();
      await page.keyboard.press("Enter");
      await expect(labor).toBeHidden();
    },
  );
});

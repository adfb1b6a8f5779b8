import type { Locator, Page } from "@playwright/test";
import { planLists } from "../../app/catalogue/plans";
import { publicPaths } from "../../app/content/public-routes";
import {
  DESKTOP,
  expect,
  jsEnabled,
  MOBILE,
  ONLY_WITH_JAVASCRIPT,
  ONLY_WITHOUT_JAVASCRIPT,
  PIXEL_7,
  test,
  uniqueEmail,
  whenInteractive,
} from "./helpers";
import { verifyFromMail } from "./account-helpers";

const AED = "AED";
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

test.describe("plans and quotes", () => {
  test("the labor ban page sells the spec's three plans, Starting from AED 650, express in 24 hours", async ({
    page,
  }) => {
    await page.goto("/ban-checks/labor-ban-check");
    const plans = page.locator("#plans [data-plan-list='labor-ban']");
    await expect(plans).toContainText(`Starting from ${AED} 650`);
    await expect(plans.locator("[data-tier]")).toHaveCount(3);
    await expect(plans.locator("[data-tier='basic']")).toContainText(`${AED} 650`);
    await expect(plans.locator("[data-tier='comprehensive']")).toContainText(`${AED} 950`);
    await expect(plans.locator("[data-tier='comprehensive']")).toContainText("Most Popular");
    const express = plans.locator("[data-tier='express']");
    await expect(express).toContainText(`${AED} 1,350`);
    await expect(express).toContainText("24 hours");
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

  test(
    "every plan catalogue of the spec is on sale on a public page, every price shown",
    ONLY_WITHOUT_JAVASCRIPT,
    async ({ request }) => {
      const pages = await Promise.all(
        bothLanguages
          .filter((path) => !path.startsWith("/ar"))
          .map(async (path) => ({ path, html: await (await request.get(path)).text() })),
      );
      const wizard = await (await request.get("/request-check")).text();
      const problems: string[] = [];
      for (const list of Object.values(planLists)) {
        // The quick check is sold through the request wizard, not as a plan grid.
        if (list.hidden) {
          for (const tier of list.tiers)
            if (!wizard.includes(`AED ${(tier.price / 100).toLocaleString("en")}`))
              problems.push(`${list.key}/${tier.id} not on /request-check`);
          continue;
        }
        const found = pages.find(({ html }) => html.includes(`data-plan-list="${list.key}"`));
        if (!found) {
          problems.push(`${list.key}: on no public page`);
          continue;
        }
        const section = found.html.slice(found.html.indexOf(`data-plan-list="${list.key}"`));
        for (const tier of list.tiers) {
          const card = section.slice(section.indexOf(`data-tier="${tier.id}"`));
          if (!section.includes(`data-tier="${tier.id}"`))
            problems.push(`${list.key}/${tier.id}: no card on ${found.path}`);
          else if (!card.includes(`${(tier.price / 100).toLocaleString("en")}<`))
            problems.push(`${list.key}/${tier.id}: price not shown on ${found.path}`);
          else if (!card.slice(0, 4000).includes(`name="tierId" value="${tier.id}"`))
            problems.push(`${list.key}/${tier.id}: no add-to-cart form on ${found.path}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  test("the quote's Add to cart keeps the speed: labor ban, comprehensive, express is AED 1,425 in the cart and the checkout", async ({
    page,
  }) => {
    test.slow();
    const js = jsEnabled(test.info());
    await page.goto("/quote?service=labor-ban&tier=comprehensive&speed=express");
    const result = page.getByTestId("quote-result");
    await expect(result.locator("[data-quote='final-price']")).toHaveText("AED 1,425");
    const form = result.locator("form");
    await whenInteractive(form);
    const answered = js ? page.waitForResponse((response) => response.url().endsWith("/cart/update")) : null;
    await form.getByRole("button", { name: "Add to cart" }).click();
    await answered;
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    await page.goto("/cart");
    const line = page.locator("[data-cart-line='labor-ban:comprehensive:express']");
    await expect(line).toContainText("Comprehensive");
    await expect(line.getByTestId("line-speed")).toHaveText("Express (×1.5)");
    await expect(line.getByTestId("line-total")).toHaveText(`${AED} 1,425`);
    // The same tier at the standard speed is another line at its own price.
    await page.goto("/ban-checks/labor-ban-check");
    const standard = page.locator("#plans [data-tier='comprehensive'] form");
    await whenInteractive(standard);
    const added = js ? page.waitForResponse((response) => response.url().endsWith("/cart/update")) : null;
    await standard.getByRole("button").click();
    await added;
    await page.goto("/cart");
    await expect(page.getByTestId("cart-total")).toHaveText(`${AED} 2,375`);

    // Checkout and the confirmation mail name the speed and charge the quote.
    const email = uniqueEmail("speed");
    await page.goto("/client-login?tab=register&redirectTo=%2Fcheckout");
    await page.locator("#register-name").fill("Omar Haddad");
    await page.locator("#register-email").fill(email);
    await page.locator("#register-password").fill("speed-Test-2025!");
    await page.locator("#register-confirm-password").fill("speed-Test-2025!");
    await page.getByRole("button", { name: "Create Account" }).click();
    // A password signs in once the address is confirmed; the sign-in form still returns to the checkout.
    await verifyFromMail(page, email, "speed-Test-2025!");
    await page.goto("/client-login?redirectTo=%2Fcheckout");
    await page.locator("#login-email").fill(email);
    await page.locator("#login-password").fill("speed-Test-2025!");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { name: "Order Details" })).toBeVisible();
    await expect(page.getByText("Comprehensive, Express (×1.5)")).toBeVisible();
    await expect(page.getByTestId("summary-total")).toContainText("2,375");
  });
});

test.describe("the request wizard without JavaScript", () => {
  test("after an e-mail the browser refused on step 2, Back then Continue on step 1 works", async ({ page }) => {
    await page.goto("/request-check");
    await page.getByLabel("Full Name").fill("Fatima Al Zahra");
    await page.getByLabel("Emirates ID").fill("784-1992-7654321-2");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: /Verification/ })).toBeVisible();
    await page.getByLabel("Phone Number").fill("+971 50 765 4321");
    await page.getByLabel("Email Address").fill("fatima.example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    // The browser refuses the e-mail: still step 2.
    await expect(page.getByRole("heading", { name: /Verification/ })).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("heading", { name: /Personal Details/ })).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: /Verification/ })).toBeVisible();
    await expect(page.getByLabel("Email Address")).toHaveValue("fatima.example.com");
  });
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

test.describe("the chat button", () => {
  test.use(PIXEL_7);

  /** True when the chat button is shown over any line box of the element. */
  async function chatCovers(target: Locator) {
    return target.evaluate((element) => {
      const widget = document.querySelector("[data-testid='chat-widget']");
      const button = widget?.querySelector("a");
      if (!button || !widget) return false;
      const style = getComputedStyle(widget);
      if (
        style.display === "none" ||
        style.visibility === "hidden" ||
        Number(style.opacity) === 0 ||
        style.pointerEvents === "none"
      )
        return false;
      const b = button.getBoundingClientRect();
      return Array.from(element.getClientRects()).some(
        (r) => r.width > 0 && b.left < r.right && b.right > r.left && b.top < r.bottom && b.bottom > r.top,
      );
    });
  }

  test("has a landmark of its own and never covers the open menu's last item or the cart panel", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    const aside = page.getByRole("complementary", { name: "Legal Expert Chat" });
    await expect(aside).toHaveCount(1);
    await expect(aside.getByRole("link", { name: "Chat with a legal expert" })).toBeVisible();
    // The cart panel (server-rendered open without JavaScript, a modal with it): nothing over its controls.
    await page.goto("/?cart=open");
    const panel = page.getByTestId("cart-panel");
    await expect(panel).toBeVisible();
    for (const control of await panel.locator("a, button").all()) expect(await chatCovers(control)).toBe(false);
    await page.goto("/");
    await page.locator("[data-menu-button]").click();
    if (jsEnabled(testInfo))
      await page.locator("#site-nav").getByRole("button", { name: "Show Services links" }).click();
    const last = page.locator("#site-nav").getByRole("link", { name: "Compliance Audit" });
    await last.scrollIntoViewIfNeeded();
    const box = (await last.boundingBox())!;
    expect(await chatCovers(last)).toBe(false);
    // A tap at the start of the item follows the item.
    await page.mouse.click(box.x + 8, box.y + box.height / 2);
    await expect(page).toHaveURL(/\/services\/compliance-audit$/);
  });

  for (const width of [360, 412]) {
    test(
      `at ${width} px it covers no heading or control, in English and Arabic`,
      ONLY_WITH_JAVASCRIPT,
      async ({ page }) => {
        test.setTimeout(90_000);
        await page.setViewportSize({ width, height: 800 });
        const problems: string[] = [];
        for (const path of ["/", "/ar", "/ar/ban-checks/labor-ban-check", "/services/legal-consultation"]) {
          await page.goto(path);
          const targets = page.locator(
            "main h2, main h3, main a[href], main button, main select, main input:not([type=hidden]), footer a[href]",
          );
          const count = await targets.count();
          for (let index = 0; index < count; index += 3) {
            const target = targets.nth(index);
            if (!(await target.isVisible())) continue;
            // Each in turn at the bottom of the screen, where the button sits.
            await target.evaluate((element) => {
              const box = element.getBoundingClientRect();
              window.scrollBy(0, box.bottom - (window.innerHeight - 40));
            });
            await page.waitForTimeout(50);
            if (await chatCovers(target))
              problems.push(`${path}: ${(await target.textContent())?.trim().slice(0, 40)}`);
          }
        }
        expect(problems).toEqual([]);
      },
    );
  }

  test("/chat's Back to the site returns to the page the chat was opened from", async ({ page }) => {
    await page.goto("/ar/ban-checks/labor-ban-check");
    const link = page.getByRole("complementary").getByRole("link", { name: "تحدّث إلى خبير قانوني" });
    // Without JavaScript the button is the way to /chat; with it, the same address opens the page.
    if (jsEnabled(test.info())) await page.goto((await link.getAttribute("href"))!);
    else await link.click();
    await expect(page).toHaveURL(/\/ar\/chat\?from=/);
    await page.getByTestId("chat-panel").getByRole("button", { name: "كم تكلفة التحقق من الخلفية؟" }).click();
    await expect(page.getByTestId("chat-panel").locator('[data-role="assistant"]').last()).toBeVisible({
      timeout: 10_000,
    });
    await page.getByRole("link", { name: "العودة إلى الموقع" }).click();
    await expect(page).toHaveURL(/\/ar\/ban-checks\/labor-ban-check$/);
  });
});

test.describe("home page", () => {
  test.use(PIXEL_7);

  test(
    "a choice made in the calculator the moment it becomes interactive is kept",
    ONLY_WITH_JAVASCRIPT,
    async ({ page }) => {
      // The calculator's code arrives late (a slow phone): the visitor chooses in the server's HTML meanwhile.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/quote-section-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/");
      const calculator = page.getByTestId("quote-calculator");
      await calculator.scrollIntoViewIfNeeded();
      await calculator.getByLabel("Service").selectOption("background");
      await calculator.getByRole("radio", { name: /Express/ }).check();
      release();
      await expect
        .poll(() =>
          calculator
            .locator("form")
            .evaluate((form) => Object.keys(form).some((key) => key.startsWith("__reactProps"))),
        )
        .toBe(true);
      await expect(calculator.getByLabel("Service")).toHaveValue("background");
      await expect(calculator.getByLabel("Tier")).toBeEnabled();
      await calculator.getByLabel("Tier").selectOption("executive");
      await calculator.getByRole("button", { name: "Calculate" }).click();
      await expect(page.locator("[data-quote='final-price']")).toHaveText("AED 3,375");
    },
  );

  test("the comparison table fits a phone: every column of every row is on screen", async ({ page }) => {
    await page.goto("/");
    const comparison = page.locator("#comparison");
    await comparison.scrollIntoViewIfNeeded();
    const width = page.viewportSize()!.width;
    const cells = comparison.locator("[data-table-cards] dd, [data-table-cards] p");
    await expect(cells.first()).toBeVisible();
    expect(await cells.count()).toBeGreaterThanOrEqual(8);
    for (const cell of await cells.all()) {
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await expect(comparison).toContainText("Automated services");
  });

  test("'Consent Required' goes away when the inquiry then succeeds", ONLY_WITH_JAVASCRIPT, async ({ page }) => {
    await page.goto("/contact");
    const form = page.locator("#inquiry-form");
    await whenInteractive(form.locator("form"));
    await form.getByLabel("Full Name").fill("Omar Haddad");
    await form.getByLabel("Email Address").fill(uniqueEmail("consent"));
    await form.getByLabel("Phone Number").fill("+971 55 000 1111");
    await form.getByLabel("Country").selectOption("UAE");
    await form.getByRole("button", { name: "Submit Inquiry" }).click();
    const toasts = page.getByTestId("toasts");
    await expect(toasts).toContainText("Consent Required");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Submit Inquiry" }).click();
    await expect(toasts).toContainText("Inquiry Submitted Successfully");
    // At once, not after the earlier toast's own time runs out.
    expect(await toasts.textContent()).not.toContain("Consent Required");
  });
});

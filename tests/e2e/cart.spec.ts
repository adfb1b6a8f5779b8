import type { Page } from "@playwright/test";
import {
  DESKTOP,
  expect,
  expectAccessible,
  jsEnabled,
  MOBILE,
  ONLY_WITH_JAVASCRIPT,
  PIXEL_7,
  test,
  whenInteractive,
} from "../support/browser";

const aed = (amount: string) => `AED ${amount}`;
const PLAN_PAGE = "/ban-checks/travel-ban-check";

function plans(page: Page) {
  return page.locator("#packages [data-plan-list='travel-ban']");
}

/** Adds a tier from the plan section; without JavaScript the page comes back with the panel open, which is closed again. */
async function addTier(page: Page, tierId: string, list = plans(page)) {
  const form = list.locator(`[data-tier='${tierId}'] form`);
  await whenInteractive(form);
  const answered = jsEnabled(test.info())
    ? page.waitForResponse((response) => response.url().endsWith("/cart/update"))
    : null;
  await form.getByRole("button").click();
  await answered;
  if (!jsEnabled(test.info())) {
    await expect(page).toHaveURL(/[?&]cart=open/);
    const panel = page.getByTestId("cart-panel");
    await expect(panel).toBeVisible();
    await panel.getByRole("link", { name: "Close cart" }).click();
    await expect(page).not.toHaveURL(/cart=open/);
  }
}

/** Opens the cart: the side panel with JavaScript, the /cart page without. */
async function openCart(page: Page) {
  await page.getByTestId("cart-button").click();
  if (jsEnabled(test.info())) {
    await expect(page.getByTestId("cart-panel")).toBeVisible();
    return page.getByTestId("cart-panel");
  }
  await expect(page).toHaveURL(/\/cart$/);
  return page.getByTestId("cart-contents");
}

function line(scope: ReturnType<Page["locator"]>, key: string) {
  return scope.locator(`[data-cart-line='${key}']`);
}

test.describe("cart", () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(DESKTOP);
  });

  test("add from a plan section, change quantities, remove, clear; the cart survives a reload", async ({ page }) => {
    await page.goto(PLAN_PAGE);
    await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Cart, 0 items");
    await addTier(page, "basic");
    await addTier(page, "elite");
    await addTier(page, "basic");
    await addTier(page, "basic");
    await expect(page.getByTestId("cart-count")).toHaveText("4");
    if (jsEnabled(test.info())) await expect(page.getByTestId("toasts")).toContainText("Added to cart");

    let cart = await openCart(page);
    if (jsEnabled(test.info())) expect((await page.getByTestId("cart-panel").boundingBox())!.x).toBe(0);
    await expect(line(cart, "travel-ban:basic").getByTestId("line-quantity")).toHaveText("3");
    await expect(line(cart, "travel-ban:basic")).toContainText("Travel Ban Check");
    await expect(line(cart, "travel-ban:basic").getByTestId("line-total")).toHaveText(aed("1,950"));
    await expect(line(cart, "travel-ban:elite").getByTestId("line-total")).toHaveText(aed("2,500"));
    await expect(cart.getByTestId("cart-total")).toHaveText(aed("4,450"));

    // A slow connection: the server answers each change after 300 ms.
    if (jsEnabled(test.info()))
      await page.route("**/cart/update", (route) => setTimeout(() => void route.continue(), 300));
    await cart.getByRole("button", { name: "Increase quantity of Elite (Travel Ban Check)" }).click();
    await expect(line(cart, "travel-ban:elite").getByTestId("line-quantity")).toHaveText("2");
    await cart.getByRole("button", { name: "Decrease quantity of Basic (Travel Ban Check)" }).click();
    await expect(line(cart, "travel-ban:basic").getByTestId("line-quantity")).toHaveText("2");
    await expect(cart.getByTestId("cart-total")).toHaveText(aed("6,300"));
    await expect(page.getByTestId("cart-count")).toHaveText("4");
    // The changes are shown at once and saved one after another, the cart marked busy meanwhile:
    // reload once the server has them all.
    if (jsEnabled(test.info())) await expect(page.getByTestId("cart-contents")).toHaveAttribute("aria-busy", "true");
    await expect(page.getByTestId("cart-contents")).not.toHaveAttribute("aria-busy", "true");
    await page.unrouteAll();

    await page.reload();
    cart = jsEnabled(test.info()) ? await openCart(page) : page.getByTestId("cart-contents");
    await expect(cart.getByTestId("cart-total")).toHaveText(aed("6,300"));

    await cart.getByRole("button", { name: "Remove Basic (Travel Ban Check) from cart" }).click();
    await expect(line(cart, "travel-ban:basic")).toHaveCount(0);
    await expect(cart.getByTestId("cart-total")).toHaveText(aed("5,000"));
    await expect(page.getByTestId("cart-count")).toHaveText("2");

    await cart.getByRole("button", { name: "Clear cart" }).click();
    await expect(cart).toContainText("Your cart is empty");
    await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Cart, 0 items");
  });

  test(
    "the panel closes with Escape and a click outside, and keeps focus inside",
    ONLY_WITH_JAVASCRIPT,
    async ({ page }) => {
      await page.goto(PLAN_PAGE);
      await addTier(page, "fundamental");
      const panel = await openCart(page);
      await expect(panel.getByRole("link", { name: "Close cart" })).toBeFocused();
      for (let i = 0; i < 8; i++) await page.keyboard.press("Tab");
      expect(await panel.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(page.getByTestId("cart-button")).toBeFocused();
      await openCart(page);
      // Outside: the reading-end side (the panel opens at the start, the left in English).
      await page.mouse.click(DESKTOP.width - 20, 450);
      await expect(page.getByTestId("cart-panel")).toBeHidden();
    },
  );

  test("a tampered cookie reads as an empty cart, and an edited tier id changes no price", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto(PLAN_PAGE);
    await addTier(page, "comprehensive");
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === "__cart")).toBe(true);
    const [cookie] = (await context.cookies()).filter((c) => c.name === "__cart");
    expect(cookie).toBeTruthy();
    // The server's reading of a tampered cookie is what is tested: with script the tab keeps its
    // recent changes for a few seconds and the next page sends them again (cart-queue.ts), which
    // would rightly add the package back to the cart the server no longer recognises. So the
    // page's requests finish first, and the tab's copy is cleared on a page without the site's
    // script (cleared on the plan page, a write still on its way could put it back).
    await page.waitForLoadState("networkidle");
    await page.goto("/robots.txt");
    await page.evaluate(() => sessionStorage.clear());
    const [payload, signature] = decodeURIComponent(cookie!.value).split(".");
    const edited = Buffer.from(Buffer.from(payload!, "base64").toString("utf8").replace(",1]", ",7]")).toString(
      "base64",
    );
    await context.addCookies([{ ...cookie!, value: encodeURIComponent(`${edited}.${signature}`) }]);
    const response = await page.goto("/cart");
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("cart-contents")).toContainText("Your cart is empty");

    // A form whose tier id was edited adds nothing and is answered with a notice.
    const origin = new URL(baseURL!).origin;
    const edit = await page.request.post("/cart/update", {
      form: { intent: "add", serviceType: "travel-ban", tierId: "platinum", redirectTo: "/cart" },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(edit.status()).toBe(303);
    await page.goto("/cart");
    await expect(page.getByTestId("page-toast")).toContainText("This package is no longer available.");
    await expect(page.getByTestId("cart-contents")).toContainText("Your cart is empty");
  });

  test(
    "a page that opens with a notice does not move when its script takes over",
    ONLY_WITH_JAVASCRIPT,
    async ({ page, baseURL }) => {
      await page.setViewportSize(MOBILE);
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      // A notice flashed across a redirect is in the page's HTML; the script then adds its Dismiss button.
      const origin = new URL(baseURL!).origin;
      await page.request.post("/cart/update", {
        form: { intent: "add", serviceType: "travel-ban", tierId: "platinum", redirectTo: "/cart" },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      await page.goto("/cart");
      const notice = page.getByTestId("page-toast");
      await expect(notice).toContainText("This package is no longer available.");
      await expect(notice.getByRole("button", { name: "Dismiss" })).toBeVisible();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
      await notice.getByRole("button", { name: "Dismiss" }).click();
      await expect(notice).toHaveCount(0);
    },
  );

  test("goes back only to this site: a redirect target of //evil.example is refused", async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    for (const redirectTo of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
      const response = await page.request.post("/cart/update", {
        form: { intent: "add", serviceType: "travel-ban", tierId: "basic", redirectTo },
        headers: { Origin: origin },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(303);
      expect(response.headers()["location"]).toBe(`${origin}/cart`);
    }
    // Another site cannot post to the cart at all.
    const forged = await page.request.post("/cart/update", {
      form: { intent: "clear" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
  });

  test("Arabic pages show the cart in Arabic", async ({ page }) => {
    await page.goto(`/ar${PLAN_PAGE}`);
    await whenInteractive(plans(page).locator("[data-tier='express'] form"));
    await plans(page).locator("[data-tier='express']").getByRole("button").click();
    if (!jsEnabled(test.info())) {
      await expect(page).toHaveURL(/\/ar\/ban-checks\/travel-ban-check\?cart=open/);
      await expect(page.getByTestId("cart-panel")).toContainText("سلة المشتريات");
      await expect(page.getByTestId("cart-panel")).toContainText("السريعة");
    } else {
      await expect(page.getByTestId("cart-count")).toHaveText("1");
      const panel = await openCart(page);
      await expect(panel).toContainText("السريعة");
      await expect(panel.getByRole("link", { name: "المتابعة إلى الدفع" })).toHaveAttribute("href", "/ar/checkout");
    }
    // The panel sits on the reading-start side: the right in Arabic (the left in English).
    const box = (await page.getByTestId("cart-panel").boundingBox())!;
    expect(box.x + box.width).toBeCloseTo(DESKTOP.width, 0);
    expect(box.x).toBeGreaterThan(DESKTOP.width / 2);
  });

  test("the cart page and the open panel pass the accessibility audit", ONLY_WITH_JAVASCRIPT, async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/cart");
    await expectAccessible(page);
    await page.goto(PLAN_PAGE);
    await addTier(page, "basic");
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await page.goto("/cart");
    await expect(page.getByTestId("cart-contents")).toContainText("Basic");
    await expectAccessible(page);
    await page.goto(`${PLAN_PAGE}?cart=open`);
    await expect(page.getByTestId("cart-panel")).toBeVisible();
    await expectAccessible(page);
  });

  test("quote: the same numbers with JavaScript on and off, tiers follow the service, reset, add to cart", async ({
    page,
  }) => {
    const js = jsEnabled(test.info());
    await page.goto("/quote");
    const calculator = page.getByTestId("quote-calculator");
    const result = page.getByTestId("quote-result");
    await whenInteractive(calculator.locator("form"));
    await calculator.getByLabel("Service").selectOption("background");
    if (!js) {
      await calculator.getByRole("button", { name: "Update tiers" }).click();
      await expect(page).toHaveURL(/service=background/);
    } else {
      await expect(calculator.getByRole("button", { name: "Update tiers" })).toBeHidden();
    }
    await calculator.getByLabel("Tier").selectOption("executive");
    await calculator.getByRole("radio", { name: /Express/ }).check();
    await calculator.getByRole("button", { name: "Calculate" }).click();
    await expect(result.locator("[data-quote='final-price']")).toHaveText("AED 3,375");
    await expect(result.locator("[data-quote='base-price']")).toHaveText("AED 2,250");
    await expect(result.locator("[data-quote='multiplier']")).toHaveText("×1.5");
    await expect(result.locator("[data-quote='savings']")).toHaveText("AED 225");
    await expect(result.locator("[data-quote='delivery']")).toHaveText("10-14 days");
    await expect(result.locator("[data-quote='urgency']")).toHaveText("Express");
    // The choices are in the URL: the quote can be shared.
    await expect(page).toHaveURL(/service=background&tier=executive&speed=express/);

    if (js) {
      // A tier that the new service does not have is not used silently.
      await calculator.getByLabel("Service").selectOption("travel-ban");
      await expect(result.locator("[data-quote='final-price']")).toHaveCount(0);
      await expect(calculator).toContainText("Choose one of the tiers of Travel Ban Check.");
      await expect(calculator.getByRole("button", { name: "Calculate" })).toBeDisabled();
      // Choosing a service does not reset the tier: one both services have stays chosen.
      await calculator.getByLabel("Service").selectOption("background");
      await calculator.getByLabel("Tier").selectOption("comprehensive");
      await calculator.getByLabel("Service").selectOption("travel-ban");
      await expect(calculator.getByLabel("Tier")).toHaveValue("comprehensive");
      await calculator.getByRole("button", { name: "Calculate" }).click();
      await expect(result.locator("[data-quote='final-price']")).toHaveText("AED 1,875");
    }

    const answered = js ? page.waitForResponse((response) => response.url().endsWith("/cart/update")) : null;
    await result.getByRole("button", { name: "Add to cart" }).click();
    await answered;
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    if (!js) {
      await expect(page.getByTestId("cart-panel")).toContainText("Executive");
      await page.getByTestId("cart-panel").getByRole("link", { name: "Close cart" }).click();
      await expect(result.locator("[data-quote='final-price']")).toHaveText("AED 3,375");
    }

    if (js) await calculator.getByRole("button", { name: "Reset" }).click();
    else await calculator.getByRole("link", { name: "Reset" }).click();
    await expect(calculator.getByLabel("Service")).toHaveValue("");
    await expect(calculator.getByRole("radio", { name: /Standard/ })).toBeChecked();
    await expect(result.locator("[data-quote='final-price']")).toHaveCount(0);
    await expect(page).not.toHaveURL(/service=/);
  });

  test("the quote page sells the bundles: the complete bundle goes into the cart at its catalogue price", async ({
    page,
  }) => {
    await page.goto("/quote");
    const bundles = page.locator("#bundles [data-plan-list='bundles']");
    await expect(bundles.locator("[data-tier]")).toHaveCount(3);
    await addTier(page, "complete", bundles);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    const cart = await openCart(page);
    await expect(line(cart, "bundles:complete")).toContainText("Complete Bundle");
    await expect(cart.getByTestId("cart-total")).toHaveText(aed("2,195"));
  });

  test("the home page has the quote calculator", async ({ page }) => {
    await page.goto("/?service=labor-ban&tier=comprehensive&speed=same-day");
    await expect(page.locator("#quote [data-quote='final-price']")).toHaveText("AED 2,375");
    await expectAccessible(page);
  });
});

test.describe("a cart change shown is a cart change kept, on a phone", () => {
  test.use(PIXEL_7);

  /** Taps "Add to cart" on the Basic plan and leaves at once, without waiting for the server. */
  async function addAndLeave(page: Page, leave: () => Promise<unknown>) {
    const form = plans(page).locator("[data-tier='basic'] form");
    await whenInteractive(form);
    await form.getByRole("button").click();
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await leave();
  }

  /** The cart page, loaded in full: the change is there (sent again by this page if the last one left too soon). */
  async function expectSaved(page: Page, how: string) {
    await page.goto("/cart");
    await expect(
      line(page.getByTestId("cart-contents"), "travel-ban:basic").getByTestId("line-quantity"),
      how,
    ).toHaveText("1");
    // And on the server: a fresh page load after the queue ran empty shows it too.
    await expect(page.getByTestId("cart-contents")).not.toHaveAttribute("aria-busy", "true");
    await page.reload();
    await expect(
      line(page.getByTestId("cart-contents"), "travel-ban:basic").getByTestId("line-quantity"),
      how,
    ).toHaveText("1");
  }

  /**
   * A new visitor in the same tab: the last page's cart requests have finished (a page load within
   * a few seconds of a change sends it again), then the tab's copy and the cookies are cleared on a
   * page without the site's script, so no page of the old visitor sends anything afterwards; the
   * new visitor starts on /about (the page the back button returns to).
   */
  async function freshVisitor(page: Page) {
    await page.waitForLoadState("networkidle");
    await page.goto("/robots.txt");
    await page.evaluate(() => sessionStorage.clear());
    await page.context().clearCookies();
    await page.goto("/about");
  }

  test(
    "add to cart, then a full page load, the back button or a link at once: never lost",
    ONLY_WITH_JAVASCRIPT,
    async ({ page }) => {
      test.slow();
      for (let round = 1; round <= 3; round++) {
        await freshVisitor(page);
        await page.goto(PLAN_PAGE);
        await addAndLeave(page, () => page.goto("/cart"));
        await expect(
          line(page.getByTestId("cart-contents"), "travel-ban:basic").getByTestId("line-quantity"),
          `full load, round ${round}`,
        ).toHaveText("1");
        await expectSaved(page, `full load, round ${round}`);

        await freshVisitor(page);
        await page.goto(PLAN_PAGE);
        await addAndLeave(page, () => page.goBack());
        await expect(page).toHaveURL(/\/about$/);
        await expectSaved(page, `back button, round ${round}`);

        await freshVisitor(page);
        await page.goto(PLAN_PAGE);
        await addAndLeave(page, () => page.getByRole("banner").getByRole("link").first().click());
        await expect(page).not.toHaveURL(/travel-ban-check/);
        await expectSaved(page, `a link, round ${round}`);
      }
    },
  );
});

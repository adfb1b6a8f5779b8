import { planLists } from "../../app/catalogue/plans";
import { publicPaths } from "../../app/content/public-routes";
import { signIn, verifyFromMail } from "../support/browser-accounts";
import { expect, jsEnabled, ONLY_WITHOUT_JAVASCRIPT, test, uniqueEmail, whenInteractive } from "../support/browser";

// Every plan catalogue on sale somewhere, and a quote's speed kept from the calculator to the checkout.

const AED = "AED";
const bothLanguages = publicPaths.flatMap((path) => [path, path === "/" ? "/ar" : `/ar${path}`]);

test.describe("plans and quotes", () => {
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
    await signIn(page, email, "speed-Test-2025!", "/checkout");
    await expect(page.getByRole("heading", { name: "Order Details" })).toBeVisible();
    await expect(page.getByText("Comprehensive, Express (×1.5)")).toBeVisible();
    await expect(page.getByTestId("summary-total")).toContainText("2,375");
  });
});

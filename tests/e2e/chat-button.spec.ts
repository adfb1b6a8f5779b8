import type { Locator } from "@playwright/test";
import { expect, jsEnabled, ONLY_WITH_JAVASCRIPT, PIXEL_7, test } from "../support/browser";

// The chat button every public page carries, on a phone: its landmark, what it must never cover,
// and the way back from /chat.

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

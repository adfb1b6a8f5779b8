import { expect, MOBILE, ONLY_WITH_JAVASCRIPT, PIXEL_7, test } from "../support/browser";

// The home page in a browser: its sections rendered on a phone, the calls to action, sections
// that load their code when they come into view, the FAQ, the calculator and the comparison.
// Its sections, cards and prices are checked on its content (tests/unit/home-ban-check-and-lawyer-pages.test.ts).

test.describe("the home page", () => {
  test("home: the comparison as cards on a phone, and the hero's calls to action", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // On a phone the comparison is one card per row (the table is for wider screens).
    await expect(page.locator("#comparison [data-table-cards] li")).not.toHaveCount(0);
    await expect(page.locator("#comparison table")).toBeAttached();
    await page.locator("#home-hero").getByRole("link", { name: "Check Travel Status" }).click();
    await expect(page).toHaveURL(/\/ban-checks\/travel-ban-check$/);
    // With JavaScript this page was rendered in the browser (client navigation): all of it is there.
    await expect(page.locator("#packages [data-tier]")).toHaveCount(5);
    await expect(page.locator("#travel-ban-faq details")).toHaveCount(5);
    await page.goBack();
    await page.locator("#home-hero").getByRole("link", { name: "Consult Legal Expert" }).click();
    await expect(page).toHaveURL(/\/ask-lawyer$/);
  });

  test(
    "sections below the fold load their code only when they come into view",
    ONLY_WITH_JAVASCRIPT,
    async ({ page }) => {
      await page.setViewportSize(MOBILE);
      const requested: string[] = [];
      page.on("request", (request) => requested.push(new URL(request.url()).pathname));
      await page.goto("/");
      await page.waitForLoadState("networkidle");
      expect(requested.filter((path) => path.includes("quote-section"))).toEqual([]);
      // The server's HTML of the later sections is there before their code.
      await expect(page.locator("#home-faq details")).toHaveCount(5);
      await page.locator("#quote").scrollIntoViewIfNeeded();
      await expect.poll(() => requested.some((path) => path.includes("quote-section"))).toBe(true);
      // Hydrated, the sections keep their content (no flash to empty), and links still navigate in the page.
      await page.locator("#get-started").scrollIntoViewIfNeeded();
      await expect(page.locator("#get-started").getByRole("link", { name: "Consult Legal Expert" })).toBeVisible();
      await page.locator("#get-started").getByRole("link", { name: "Consult Legal Expert" }).click();
      await expect(page).toHaveURL(/\/ask-lawyer$/);
      await expect(page.locator("#legal-services li")).toHaveCount(8);
    },
  );

  test("FAQ accordion: one item open at a time, collapsible", async ({ page }) => {
    await page.goto("/");
    const items = page.locator("#home-faq details");
    const first = items.nth(0);
    const second = items.nth(1);
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await expect(first.getByText(/Emirates ID or passport/)).toBeVisible();
    await second.locator("summary").click();
    await expect(second).toHaveAttribute("open", "");
    await expect(first).not.toHaveAttribute("open", /.*/);
    await second.locator("summary").click();
    await expect(second).not.toHaveAttribute("open", /.*/);
    await expect(page.locator("#home-faq details[open]")).toHaveCount(0);
  });
});

test.describe("the home page on a phone", () => {
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
});

import { expect, jsEnabled, ONLY_WITH_JAVASCRIPT, test, uniqueEmail } from "../support/browser";

// The analytics recorder (app/analytics/recorder.client.ts): the spec's event shape, the last 100
// events in local storage, forwarding to a tag manager, and nothing typed by the visitor.

type RecordedEvent = {
  event: string;
  data: { sessionId: string; anonymousUserId: string; path: string; device: Record<string, string>; timestamp: string };
  timestamp: string;
};
const EVENTS_KEY = "sanad.analytics.events";

test.describe("analytics recorder", () => {
  test("records app_start and page views in the spec's shape, keeps the last 100, forwards them to dataLayer, never what was typed", async ({
    page,
  }, testInfo) => {
    const typed = `secret-${Date.now().toString(36)}`;
    // A site with a tag manager: dataLayer exists before the app starts. 99 older events are kept.
    await page.addInitScript(
      ({ key }) => {
        (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
        if (!localStorage.getItem(key))
          localStorage.setItem(
            key,
            JSON.stringify(
              Array.from({ length: 99 }, (_, i) => ({
                event: "old",
                data: { path: `/old-${i}` },
                timestamp: "2026-01-01T00:00:00.000Z",
              })),
            ),
          );
      },
      { key: EVENTS_KEY },
    );
    const beacons: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") beacons.push(request.postData() ?? "");
    });
    await page.goto("/contact?utm_source=newsletter");
    if (!jsEnabled(testInfo)) {
      // Without JavaScript nothing runs: nothing is recorded or forwarded.
      expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]").length, EVENTS_KEY)).toBe(99);
      return;
    }
    const events = () =>
      page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]") as RecordedEvent[], EVENTS_KEY);
    await expect.poll(async () => (await events()).at(-1)?.event).toBe("app_start");
    const start = (await events()).at(-1)!;
    // The query string (campaigns, searches) is left out: only the path.
    expect(start.data.path).toBe("/contact");
    expect(start.data.sessionId).toMatch(/^[\w-]{8,}$/);
    expect(start.data.anonymousUserId).toMatch(/^[\w-]{8,}$/);
    expect(start.data.device).toMatchObject({
      userAgent: expect.stringContaining("Chrome"),
      language: expect.any(String),
      timezone: expect.any(String),
    });
    expect(start.data.device.screenSize).toMatch(/^\d+x\d+$/);
    expect(start.data.device.viewportSize).toMatch(/^\d+x\d+$/);
    expect(Date.parse(start.timestamp)).not.toBeNaN();

    // The visitor types into the inquiry form and the chat, then moves on inside the app.
    await page.locator("#inquiry-form").getByLabel("Full name").fill(typed);
    await page.locator("#inquiry-form").getByLabel("Email address").fill(uniqueEmail(typed));
    await page.getByRole("banner").getByRole("link", { name: "About", exact: true }).first().click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(async () => (await events()).at(-1)?.event).toBe("page_view");
    const all = await events();
    // 99 old + app_start + page_view, capped at 100: the oldest went.
    expect(all).toHaveLength(100);
    expect(all[0]!.data.path).toBe("/old-1");
    expect(all.at(-1)!.data).toMatchObject({
      path: "/about",
      sessionId: start.data.sessionId,
      anonymousUserId: start.data.anonymousUserId,
    });

    const dataLayer = await page.evaluate(
      () => (window as unknown as { dataLayer: Array<{ event: string; path: string }> }).dataLayer,
    );
    expect(dataLayer.map((entry) => [entry.event, entry.path])).toEqual([
      ["app_start", "/contact"],
      ["page_view", "/about"],
    ]);
    const everything = JSON.stringify({ all, dataLayer, beacons });
    expect(everything).not.toContain(typed);
    expect(everything).not.toContain("utm_source");
  });

  test("forwards to gtag when the site uses it instead of dataLayer", ONLY_WITH_JAVASCRIPT, async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[][] = [];
      Object.assign(window, { gtagCalls: calls, gtag: (...args: unknown[]) => calls.push(args) });
    });
    await page.goto("/about?q=private");
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { gtagCalls: unknown[][] }).gtagCalls))
      .toEqual([["event", "app_start", { page_path: "/about" }]]);
  });
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { fetchCaughtMail, type CaughtMail } from "../support/fake-smtp";

export { expect, test };

export const MOBILE = { width: 360, height: 780 };
export const DESKTOP = { width: 1280, height: 900 };

export function jsEnabled(testInfo: TestInfo) {
  return testInfo.project.use.javaScriptEnabled !== false;
}

/** A unique e-mail address per test, so tests can run in parallel against one database. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Mail the server sent to `to`, waiting for it to arrive at the local SMTP server. */
export async function waitForMail(to: string, match: (mail: CaughtMail) => boolean = () => true, timeoutMs = 15_000): Promise<CaughtMail> {
  const api = process.env.E2E_MAIL_API;
  if (!api) throw new Error("E2E_MAIL_API is not set (global setup)");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = (await fetchCaughtMail(api)).find((mail) => mail.to.includes(to) && match(mail));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} arrived within ${timeoutMs} ms`);
}

/**
 * Fails on serious or critical accessibility violations. axe needs script in the page, so for the
 * JavaScript-off project it audits the same URL in a scripted context with the site's own
 * scripts blocked: the same document a visitor without JavaScript gets.
 */
export async function expectAccessible(page: Page) {
  let target = page;
  const scriptless = !jsEnabled(test.info());
  if (scriptless) {
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
    // Same cookies, so signed-in pages are audited as the signed-in visitor sees them.
    await context.addCookies(await page.context().cookies());
    target = await context.newPage();
    await target.route(/\/build\/.*\.js$/, (route) => route.abort());
    await target.goto(page.url());
  }
  // Only violations are read: axe then skips the detail of passing nodes, which is most of its time.
  const results = await new AxeBuilder({ page: target }).options({ resultTypes: ["violations"] }).analyze();
  if (scriptless) await target.context().close();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

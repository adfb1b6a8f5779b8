import AxeBuilder from "@axe-core/playwright";
import { devices, expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { fetchCaughtMail, type CaughtMail } from "./fake-smtp";

export { expect, test };

export const MOBILE = { width: 360, height: 780 };
export const DESKTOP = { width: 1280, height: 900 };

/** The Pixel 7 phone profile (viewport, touch, user agent) for `test.use` in a describe block. */
export const PIXEL_7 = (() => {
  const { defaultBrowserType: _browser, ...profile } = devices["Pixel 7"]!;
  return profile;
})();

export function jsEnabled(testInfo: TestInfo) {
  return testInfo.project.use.javaScriptEnabled !== false;
}

/** A unique e-mail address per test, so tests can run in parallel against one database. */
export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Mail the server sent to `to`, waiting for it to arrive at the local SMTP server. */
export async function waitForMail(
  to: string,
  match: (mail: CaughtMail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<CaughtMail> {
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
 * Page sections hydrate when they come into view (app/components/page/deferred.tsx); until then
 * their forms work as plain HTML. With JavaScript, wait until React has taken the element over.
 */
export async function whenInteractive(locator: Locator) {
  if (!jsEnabled(test.info())) return;
  await locator.scrollIntoViewIfNeeded();
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))))
    .toBe(true);
}

/** The mail the local SMTP server caught for `to` so far (to count them). */
export async function mailTo(to: string): Promise<CaughtMail[]> {
  const api = process.env.E2E_MAIL_API;
  if (!api) throw new Error("E2E_MAIL_API is not set (global setup)");
  return (await fetchCaughtMail(api)).filter((mail) => mail.to.includes(to));
}

/**
 * Fails on serious or critical accessibility violations. Audits run once, in the JavaScript-on
 * project: that page starts as the same server-rendered document a visitor without JavaScript
 * gets, then hydrates; auditing both projects doubled the slowest part of the browser tests.
 * In the JavaScript-off project this returns at once; tests that only audit are tagged
 * `ONLY_WITH_JAVASCRIPT`.
 */
export async function expectAccessible(page: Page) {
  if (!jsEnabled(test.info())) return;
  // Only violations are read: axe then skips the detail of passing nodes, which is most of its time.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/**
 * Tags for tests that run in one project only (playwright.config.ts leaves them out of the other,
 * so no browser context is opened just to skip them). Untagged tests run with JavaScript on and off.
 * - `ONLY_WITH_JAVASCRIPT`: accessibility audits (see expectAccessible) and behaviour that is
 *   JavaScript's own (keyboard handling, the modal panel, the recorder).
 * - `ONLY_WITHOUT_JAVASCRIPT`: checks of the server-rendered document alone (status, title,
 *   canonical, hreflang): the same document either way, so checked once, as served.
 */
export const ONLY_WITH_JAVASCRIPT = { tag: "@only-with-javascript" };
export const ONLY_WITHOUT_JAVASCRIPT = { tag: "@only-without-javascript" };

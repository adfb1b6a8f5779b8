import type { Page } from "@playwright/test";
import { signIn, signInAsAdmin, signInAsStaff } from "../support/browser-accounts";
import { expect, test } from "../support/browser";

// Signed-in pages on phones and desktops: no page of the portal or the back office scrolls
// sideways from 360 to 412 px, and the signed-in header stays on one line from 1024 to 1440 px,
// for a client, a member of staff and an admin; with JavaScript, the notice of a status changed
// from the case list stays on a phone's screen. One page per person, resized between measurements.

type Fixture = {
  password: string;
  projects: Record<
    string,
    {
      inquiry: { id: string };
      cases: {
        staff: { email: string; totpSecret: string };
        client: { email: string };
        caseOrder: string;
        overdueOrder: string;
      };
    }
  >;
};

function fixture() {
  const all = JSON.parse(process.env.E2E_BACKOFFICE ?? "null") as Fixture | null;
  if (!all) throw new Error("E2E_BACKOFFICE is not set (global setup)");
  return { password: all.password, ...all.projects[test.info().project.name]! };
}

const PHONE_WIDTHS = [360, 412];
const DESKTOP_WIDTHS = [1024, 1280, 1440];

/** The page's width beyond the viewport at each phone width (0 everywhere when nothing scrolls sideways). */
async function sidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  const found: string[] = [];
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const extra = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (extra > 0) found.push(`${path} at ${width} px: ${extra} px wider than the screen`);
  }
  return found;
}

/** Text in the header bar that wraps onto a second line, or the bar overflowing, at each desktop width. */
async function headerBreaks(page: Page) {
  const found: string[] = [];
  for (const width of DESKTOP_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const problems = await page.evaluate(() => {
      const bar = document.querySelector("header > div")!;
      const wrapped: string[] = [];
      const walker = document.createTreeWalker(bar, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || !node.parentElement?.offsetParent) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const lines = new Set(
          [...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1) wrapped.push(`"${node.textContent.trim()}" wraps`);
      }
      if (bar.scrollWidth > bar.clientWidth)
        wrapped.push(`the bar overflows by ${bar.scrollWidth - bar.clientWidth} px`);
      if (bar.getBoundingClientRect().height > 64)
        wrapped.push(`the bar is ${bar.getBoundingClientRect().height} px high`);
      return wrapped;
    });
    found.push(...problems.map((problem) => `${width} px: ${problem}`));
  }
  return found;
}

/**
 * With JavaScript a status changed from the case list on a phone is confirmed by a floating notice:
 * it must be on the screen, not beyond its edge. The status is put back afterwards.
 */
async function statusNoticeOnPhone(page: Page, orderId: string) {
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/admin?due=overdue");
  const found: string[] = [];
  const select = page.getByLabel(`Update status of order ${orderId.slice(0, 8)}`);
  const original = await select.inputValue();
  const notices = page.getByTestId("toasts").locator(":scope > div", { hasText: "Status Updated" });
  await select.selectOption(original === "pending" ? "processing" : "pending");
  await expect(notices).toHaveCount(1);
  const box = (await notices.first().boundingBox())!;
  if (box.x < 0 || box.x + box.width > 360)
    found.push(
      `the "Status Updated" notice spans ${Math.round(box.x)}-${Math.round(box.x + box.width)} px on a 360 px screen`,
    );
  await select.selectOption(original);
  await expect(notices).toHaveCount(2);
  return found;
}

test.describe("signed-in pages on phones and desktops", () => {
  test("no page of the portal or the back office scrolls sideways at 360-412 px; the header stays on one line at 1024-1440 px", async ({
    browser,
  }, testInfo) => {
    test.slow();
    const f = fixture();
    const people: Array<{ who: string; signInAs: (page: Page) => Promise<void>; pages: string[] }> = [
      {
        who: "client",
        signInAs: (page) => signIn(page, f.cases.client.email, f.password),
        pages: [
          "/dashboard",
          `/dashboard/orders/${f.cases.caseOrder}`,
          "/dashboard/settings",
          "/dashboard/settings/two-factor",
          "/checkout",
          "/ar/dashboard",
          `/ar/dashboard/orders/${f.cases.caseOrder}`,
        ],
      },
      {
        who: "staff",
        signInAs: (page) => signInAsStaff(page, f.cases.staff, f.password),
        pages: [
          "/admin",
          "/admin?view=mine",
          "/admin?due=overdue",
          `/admin/orders/${f.cases.caseOrder}`,
          "/dashboard/settings",
          "/ar/admin",
          `/ar/admin/orders/${f.cases.overdueOrder}`,
        ],
      },
      {
        who: "admin",
        signInAs: signInAsAdmin,
        pages: [
          "/admin",
          `/admin/orders/${f.cases.overdueOrder}`,
          "/admin/users",
          "/admin/coupons",
          "/admin/invoices",
          "/admin/inquiries",
          `/admin/inquiries/${f.inquiry.id}`,
          "/admin/performance",
          "/ar/admin",
          "/ar/admin/users",
        ],
      },
    ];
    const problems: string[] = [];
    for (const person of people) {
      const context = await browser.newContext({
        javaScriptEnabled: testInfo.project.use.javaScriptEnabled !== false,
        viewport: { width: 1280, height: 800 },
      });
      const page = await context.newPage();
      await person.signInAs(page);
      await expect(page).not.toHaveURL(/client-login/);
      for (const path of person.pages)
        problems.push(...(await sidewaysScroll(page, path)).map((problem) => `${person.who}: ${problem}`));
      if (person.who === "admin" && testInfo.project.use.javaScriptEnabled !== false)
        problems.push(...(await statusNoticeOnPhone(page, f.cases.overdueOrder)));
      for (const path of [person.pages[0]!, "/ar" + (person.pages[0] === "/dashboard" ? "/dashboard" : "/admin")]) {
        await page.goto(path);
        problems.push(...(await headerBreaks(page)).map((problem) => `${person.who} on ${path}: header ${problem}`));
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});

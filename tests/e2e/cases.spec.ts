import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { signIn, signInAsAdmin, signInAsStaff } from "../support/browser-accounts";
import { expect, expectAccessible, jsEnabled, test, waitForMail } from "../support/browser";

// The case workspace, end to end: a client on a phone and the team on desktops, with JavaScript on
// and off. Fixtures from the global setup (tests/support/seed-backoffice.ts): per project a member
// of staff, a client with a paid case assigned to that member, a paid case to cancel, an overdue case.

type CaseFixture = {
  staff: { email: string; name: string; totpSecret: string };
  client: { email: string; name: string };
  caseOrder: string;
  cancelOrder: string;
  overdueOrder: string;
};

function fixture() {
  const raw = process.env.E2E_BACKOFFICE;
  if (!raw) throw new Error("E2E_BACKOFFICE is not set (global setup)");
  const all = JSON.parse(raw) as { password: string; projects: Record<string, { cases: CaseFixture }> };
  return { password: all.password, ...all.projects[test.info().project.name]!.cases };
}

const PHONE = { width: 412, height: 915 };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

/** A signed-in page in a context of its own (another person, another device). */
async function personOn(
  browser: Browser,
  testInfo: TestInfo,
  viewport: { width: number; height: number },
  signInAs: (page: Page) => Promise<void>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: jsEnabled(testInfo) });
  const page = await context.newPage();
  await signInAs(page);
  return { context, page };
}

test.describe("case workspace", () => {
  test("a client on a phone sends a message with a PDF, staff answer, the client sees the answer (live with JavaScript)", async ({
    browser,
  }, testInfo) => {
    const f = fixture();
    const client = await personOn(browser, testInfo, PHONE, async (page) => {
      await signIn(page, f.client.email, f.password);
      await expect(page).toHaveURL(/\/dashboard$/);
    });
    const row = client.page.locator(`li[data-order-id="${f.caseOrder}"]`);
    await expect(row.getByTestId("expected-by")).toContainText("Expected by");
    await row.getByRole("link", { name: /View Details/ }).click();
    await expect(client.page.getByRole("heading", { name: "Conversation" })).toBeVisible();
    await expect(client.page.getByText(/^Expected by /)).toBeVisible();
    await expectAccessible(client.page);

    // Nothing typed: a notice, nothing sent.
    await client.page.getByRole("button", { name: "Send message" }).click();
    await expect(client.page.getByTestId("message-error")).toHaveText(
      "Write a message or attach a document: nothing was sent.",
    );
    await client.page.getByLabel("Your message").fill("Here is my passport. <b>Thanks</b>");
    await client.page
      .getByLabel("Attach documents (optional)")
      .setInputFiles({ name: "passport.pdf", mimeType: "application/pdf", buffer: PDF });
    await client.page.getByRole("button", { name: "Send message" }).click();
    const messages = client.page.getByTestId("messages");
    await expect(messages.locator("li[data-side=client]")).toHaveCount(1);
    // Markup shows as typed.
    await expect(messages).toContainText("Here is my passport. <b>Thanks</b>");
    await expect(messages.getByRole("link", { name: "passport.pdf" })).toBeVisible();
    await expect(client.page.getByLabel("Your message")).toHaveValue("");
    // Nothing on the phone scrolls sideways.
    expect(await client.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The assignee is told, and finds the case under My cases.
    await waitForMail(f.staff.email, (mail) =>
      mail.subject.includes(`Client message on order ${f.caseOrder.slice(0, 8)}`),
    );
    const staff = await personOn(browser, testInfo, { width: 1280, height: 900 }, (page) =>
      signInAsStaff(page, f.staff, f.password),
    );
    await staff.page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "My cases" }).click();
    await expect(staff.page).toHaveURL(/view=mine/);
    const caseRow = staff.page.locator(`tr[data-order-id="${f.caseOrder}"]`);
    await expect(caseRow.getByTestId("assignee")).toHaveText("You");
    await caseRow.getByRole("link", { name: /^View/ }).click();
    await expect(staff.page.getByTestId("messages")).toContainText("Here is my passport.");
    await staff.page.getByLabel("Send as").selectOption("message");
    await staff.page.getByLabel("Message", { exact: true }).fill("Thank you, we have what we need.");
    await staff.page.getByRole("button", { name: "Send message" }).click();
    await expect(staff.page.getByTestId("messages").locator("li[data-side=staff]")).toHaveCount(1);
    // An internal note: the client never sees it.
    await staff.page.getByLabel("Send as").selectOption("note");
    await staff.page.getByLabel("Message", { exact: true }).fill("Passport checked against the request.");
    await staff.page.getByRole("button", { name: "Send message" }).click();
    await expect(staff.page.getByTestId("messages").locator("li[data-kind=note]")).toHaveCount(1);
    await expectAccessible(staff.page);

    // The client sees the answer: with JavaScript on the open page, without it after a reload; never the note.
    if (!jsEnabled(testInfo)) await client.page.reload();
    await expect(messages).toContainText("Thank you, we have what we need.", { timeout: 15_000 });
    await expect(messages).not.toContainText("Passport checked");
    const mail = await waitForMail(f.client.email, (m) =>
      m.subject.includes(`New message about your order ${f.caseOrder.slice(0, 8)}`),
    );
    expect(mail.text).not.toContain("Thank you, we have what we need.");
    expect(mail.html).not.toContain("Thank you, we have what we need.");
    await client.context.close();
    await staff.context.close();
  });

  test("the admin filters overdue cases, assigns a case, and accepts a client's cancellation, which refunds it; the client's dashboard follows", async ({
    browser,
    page,
  }, testInfo) => {
    const f = fixture();
    const client = await personOn(browser, testInfo, PHONE, async (p) => {
      await signIn(p, f.client.email, f.password);
      await expect(p).toHaveURL(/\/dashboard$/);
    });
    await client.page.goto(`/dashboard/orders/${f.cancelOrder}`);
    await client.page.getByLabel("Reason (optional)").last().fill("I no longer need the check.");
    await client.page.getByRole("button", { name: "Request cancellation" }).click();
    await expect(client.page.getByText("Your cancellation request is waiting for a decision.")).toBeVisible();
    await expect(client.page.getByTestId("messages")).toContainText("Cancellation request");
    await client.page.goto("/dashboard");
    await expect(client.page.locator(`li[data-order-id="${f.cancelOrder}"]`)).toContainText("Pending");

    await signInAsAdmin(page);
    // Overdue cases stand out and can be filtered.
    await page.getByTestId("overdue-link").click();
    await expect(page).toHaveURL(/due=overdue/);
    const overdue = page.locator(`tr[data-order-id="${f.overdueOrder}"]`);
    await expect(overdue).toHaveAttribute("data-overdue", "true");
    await expect(overdue.getByTestId("due")).toContainText("Overdue");
    await expect(page.locator("[data-testid=admin-orders] tbody tr:not([data-overdue])")).toHaveCount(0);

    // Assign the case to the member of staff, then accept the cancellation.
    await page.goto(`/admin/orders/${f.cancelOrder}`);
    await page.getByLabel("Assign to").selectOption({ label: `${f.staff.name} (Staff)` });
    await page.getByRole("button", { name: "Assign", exact: true }).click();
    await expect(page.getByTestId("assignee")).toHaveText(`Assigned to ${f.staff.name}`);
    await page.getByLabel("Reply to the client (optional)").fill("Cancelled as you asked.");
    await page.getByRole("button", { name: "Accept the cancellation request" }).click();
    await expect(page.getByText("Request accepted").first()).toBeVisible();
    await expect(page.getByTestId("order-status")).toContainText("Cancelled");
    // Paid: refunded through the payment provider (the built-in test provider here).
    await expect(page.getByTestId("order-status")).toContainText("Refunded");

    // The client's open dashboard shows it (with JavaScript without a reload), and the case is read-only for them.
    if (!jsEnabled(testInfo)) await client.page.reload();
    await expect(client.page.locator(`li[data-order-id="${f.cancelOrder}"]`)).toContainText("Cancelled", {
      timeout: 15_000,
    });
    await client.page.goto(`/dashboard/orders/${f.cancelOrder}`);
    await expect(client.page.getByText(/This case is Cancelled: the conversation is closed/)).toBeVisible();
    await expect(client.page.getByRole("button", { name: "Send message" })).toHaveCount(0);
    await waitForMail(f.client.email, (m) =>
      m.subject.includes(`Your request about order ${f.cancelOrder.slice(0, 8)} was accepted`),
    );
    await client.context.close();
  });
});

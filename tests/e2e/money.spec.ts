import type { Page } from "@playwright/test";
import { FREE_COUPON } from "../support/free-coupon";
import { signIn, signInAsAdmin, signUp, verifyFromMail } from "../support/browser-accounts";
import { expect, expectAccessible, test, waitForMail } from "../support/browser";

// Money end to end, with JavaScript on and off: an order a coupon pays in full, its tax invoice
// downloaded by the client, and an admin's partial refund with its credit note.

type Fixture = { password: string; projects: Record<string, { refund: { email: string; order: string } }> };
function refundFixture() {
  const all = JSON.parse(process.env.E2E_BACKOFFICE ?? "null") as Fixture | null;
  const project = all?.projects[test.info().project.name];
  if (!all || !project) throw new Error("E2E_BACKOFFICE is not set (global setup)");
  return { password: all.password, ...project.refund };
}

/** Downloads what a link points to and returns its file name and bytes. */
async function download(page: Page, link: ReturnType<Page["getByRole"]>) {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), data: Buffer.concat(chunks) };
}

test.describe("money", () => {
  test("a 100 % coupon: the order is confirmed without payment and its tax invoice downloads from the dashboard", async ({
    page,
  }) => {
    const account = await signUp(page);
    await verifyFromMail(page, account.email, account.password);
    await signIn(page, account.email, account.password, "/checkout");
    await expect(page).toHaveURL(/\/checkout$/);
    await page.goto("/ban-checks/travel-ban-check");
    // With JavaScript the cart is saved by a fetch: wait for it before leaving the page.
    const added = page.waitForResponse(
      (response) => response.url().includes("/cart/update") && response.request().method() === "POST",
    );
    await page
      .locator('form[action$="/cart/update"]:has(input[name="tierId"][value="basic"]) button[type="submit"]')
      .first()
      .click();
    await added;
    await page.waitForLoadState("load");
    await page.goto("/checkout");
    await page.getByLabel("Legal Name").fill("Noor Free");
    await page.getByLabel("Phone").fill("+971 50 765 4321");
    await page.getByText("Have a coupon? Click here to enter your code").click();
    await page.getByLabel("Coupon code").fill(FREE_COUPON.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("summary-total")).toContainText(/\b0$/);
    await page.getByRole("button", { name: "Confirm order" }).click();

    await expect(page).toHaveURL(/\/payment-success\?order=[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    const orderId = new URL(page.url()).searchParams.get("order")!;
    await expect(page.getByTestId("order-number")).toHaveText(orderId.slice(0, 8));

    await page.goto(`/dashboard/orders/${orderId}`);
    await expect(page.getByTestId("order-status")).toContainText("Paid");
    const documents = page.getByTestId("tax-documents");
    await expect(documents).toContainText(/Tax invoice INV-\d{6}/);
    const pdf = await download(page, documents.getByRole("link", { name: /Download PDF/ }));
    expect(pdf.name).toMatch(/^tax-invoice-INV-\d{6}\.pdf$/);
    expect(pdf.data.subarray(0, 5).toString()).toBe("%PDF-");
    await expectAccessible(page);
    const mail = await waitForMail(
      account.email,
      (m) => m.subject.includes("Payment received") && m.subject.includes(orderId.slice(0, 8)),
    );
    expect(mail.attachments.map((a) => a.filename)).toEqual([pdf.name]);
  });

  test("an admin refunds part of a paid order: the status, the refund with its reason, a credit note, the client told", async ({
    page,
  }) => {
    // Two-factor sign-in, a refund, two pages checked by axe and a mail: more than a page visit's time.
    test.slow();
    const order = refundFixture();
    await signInAsAdmin(page);
    await page.goto(`/admin/orders/${order.order}`);
    const card = page.getByTestId("refund-card");
    await expect(card).toContainText("Paid AED 650");
    // Too much is refused with the reason, and what was typed stays.
    await card.getByLabel("Amount to refund (AED)").fill("700");
    await card.getByLabel("Reason").fill("Part of the check was not possible");
    await card.getByRole("button", { name: "Refund" }).click();
    await expect(card.getByRole("alert")).toContainText("That is more than can be refunded: at most AED 650.");
    await expect(card.getByLabel("Reason")).toHaveValue("Part of the check was not possible");
    await card.getByLabel("Amount to refund (AED)").fill("150");
    await card.getByRole("button", { name: "Refund" }).click();

    await expect(page.getByText("Refund done").first()).toBeVisible();
    await expect(page.getByTestId("order-status")).toContainText("Partially refunded");
    await expect(page.getByTestId("refunds").locator("li")).toHaveCount(1);
    await expect(page.getByTestId("refunds")).toContainText("AED 150");
    await expect(page.getByTestId("refunds")).toContainText("Part of the check was not possible");
    await expect(page.getByTestId("tax-documents").locator('[data-kind="credit_note"]')).toContainText(/CN-\d{6}/);
    await expect(page.getByTestId("order-history")).toContainText("Refund: Partially refunded");
    await expectAccessible(page);
    // The accountant's list has the credit note today, as a negative amount.
    // The period's register reads oldest first, 50 a page: the credit note is on the last page.
    await page.goto("/admin/invoices");
    for (let turn = 0; turn < 40 && (await page.locator('a[rel="next"]').count()) > 0; turn++) {
      const next = page.locator('a[rel="next"]').first();
      const href = (await next.getAttribute("href"))!;
      await next.click();
      await page.waitForURL((url) => url.pathname + url.search === href);
    }
    await expect(page.getByTestId("tax-documents")).toContainText(/CN-\d{6}/);
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      /^\/admin\/invoices\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/,
    );
    await expectAccessible(page);
    const mail = await waitForMail(order.email, (m) => m.subject.startsWith("Refund of AED 150"));
    expect(mail.attachments[0]?.filename).toMatch(/^tax-credit-note-CN-\d{6}\.pdf$/);
  });
});

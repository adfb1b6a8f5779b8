import { signIn, signInAsAdmin } from "../support/browser-accounts";
import { expect, expectAccessible, jsEnabled, ONLY_WITH_JAVASCRIPT, test, waitForMail } from "../support/browser";

// Fixtures written by the global setup (tests/support/seed-backoffice.ts): per project, a client
// with three orders (completed+paid, processing+paid, pending+unpaid), a client with one
// processing order, and another client.
type Fixture = {
  password: string;
  projects: Record<
    string,
    {
      stats: { email: string; orders: string[] };
      pages: { email: string; processing: string[] };
      flow: { email: string; order: string };
      other: { email: string; order: string };
      inquiry: { id: string; name: string };
      inquiryPages: { word: string; contacted: string[] };
    }
  >;
};

function fixture() {
  const raw = process.env.E2E_BACKOFFICE;
  if (!raw) throw new Error("E2E_BACKOFFICE is not set (global setup)");
  const all = JSON.parse(raw) as Fixture;
  const project = all.projects[test.info().project.name];
  if (!project) throw new Error(`no back-office fixture for project ${test.info().project.name}`);
  return { password: all.password, ...project };
}

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test.describe("client dashboard", () => {
  test("shows the client's own figures, orders and badges; another client's order is 404; admin pages are closed", async ({
    page,
    request,
  }) => {
    const f = fixture();
    await signIn(page, f.stats.email, f.password);
    await expect(page).not.toHaveURL(/\/client-login/);
    await page.goto("/dashboard");
    const stat = (key: string) => page.locator(`[data-stat="${key}"] dd`);
    await expect(stat("total")).toHaveText("3");
    await expect(stat("completed")).toHaveText("1");
    await expect(stat("pending")).toHaveText("1");
    // Paid orders only: 1,250 + 850.
    await expect(stat("spent")).toHaveText("AED 2,100");

    const list = page.getByTestId("client-orders");
    await expect(list.locator("li[data-order-id]")).toHaveCount(3);
    // Newest first: pending (unpaid) → processing → completed.
    const [pending, processing, completed] = f.stats.orders.slice().reverse();
    await expect(list.locator("li[data-order-id]").first()).toHaveAttribute("data-order-id", pending!);
    const row = (id: string) => list.locator(`li[data-order-id="${id}"]`);
    await expect(row(completed!)).toContainText(`#${completed!.slice(0, 8)}`);
    await expect(row(completed!)).toContainText("Completed");
    await expect(row(processing!)).toContainText("Processing");
    await expect(row(pending!)).toContainText("Pending");
    await expect(row(pending!).getByRole("link", { name: /Pay now/ })).toBeVisible();
    await expect(row(completed!).getByRole("link", { name: /Pay now/ })).toHaveCount(0);
    // No report attached yet: no Download Report.
    await expect(list.getByRole("link", { name: /Download Report/ })).toHaveCount(0);

    await row(processing!)
      .getByRole("link", { name: /View Details/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${processing}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(processing!.slice(0, 8));
    await expect(page.getByTestId("order-total")).toHaveText("AED 850");

    const other = await page.goto(`/dashboard/orders/${f.other.order}`);
    expect(other?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();

    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);

    // A crafted status change from the client's session: refused, nothing changed.
    const cookies = await page.context().cookies();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const base = new URL(page.url()).origin;
    const crafted = await request.post("/admin?index", {
      form: { intent: "status", orderId: f.other.order, status: "cancelled" },
      headers: { cookie, origin: base },
      maxRedirects: 0,
    });
    expect(crafted.status()).toBe(403);
    const orderPage = await request.post(`/admin/orders/${f.other.order}`, {
      form: { intent: "status", status: "cancelled" },
      headers: { cookie, origin: base },
      maxRedirects: 0,
    });
    expect(orderPage.status()).toBe(403);
    const csv = await request.get("/admin/orders.csv", { headers: { cookie }, maxRedirects: 0 });
    expect(csv.status()).toBe(302);
  });

  test("the dashboard and the admin page pass the accessibility audit", ONLY_WITH_JAVASCRIPT, async ({ page }) => {
    const f = fixture();
    await signIn(page, f.stats.email, f.password);
    await expect(page).not.toHaveURL(/\/client-login/);
    await page.goto("/dashboard");
    await expectAccessible(page);
    await page.context().clearCookies();
    await signInAsAdmin(page);
    await page.goto(`/admin?q=${encodeURIComponent(f.stats.email)}`);
    await expectAccessible(page);
  });
});

test.describe("admin back office", () => {
  test("finds an order by id prefix and e-mail, filters by status, completes it with a report the client downloads", async ({
    page,
    browser,
  }, testInfo) => {
    const f = fixture();
    await signInAsAdmin(page);

    // Search by the first 8 characters of the id.
    await page.getByLabel("Search orders").fill(f.flow.order.slice(0, 8));
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`q=${f.flow.order.slice(0, 8)}`));
    const rows = page.locator("[data-testid=admin-orders] tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-order-id", f.flow.order);

    // By the client's e-mail, then filtered by status.
    await page.goto(`/admin?q=${encodeURIComponent(f.stats.email)}`);
    await expect(rows).toHaveCount(3);
    await page.getByLabel("Status", { exact: true }).selectOption("processing");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/status=processing/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-order-id", f.stats.orders[1]!);
    await page.goto(`/admin?q=${encodeURIComponent(f.stats.email)}&status=cancelled`);
    await expect(page.getByTestId("no-orders")).toHaveText("No orders found");

    // The flow order: attach a report, then complete it from the list.
    await page.goto(`/admin/orders/${f.flow.order}`);
    await page
      .getByLabel("Report file")
      .setInputFiles({ name: "final-report.pdf", mimeType: "application/pdf", buffer: PDF });
    await page.getByRole("button", { name: "Upload Report" }).click();
    await expect(page.getByText("Report uploaded").first()).toBeVisible();
    await expect(page.getByTestId("order-report")).toContainText("final-report.pdf");
    // A file that is not a PDF is refused with the upload message.
    await page
      .getByLabel("Report file")
      .setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text") });
    await page.getByRole("button", { name: "Upload Report" }).click();
    await expect(page.getByText("Invalid File Type: notes.pdf is not a supported file type.").first()).toBeVisible();

    await page.goto(`/admin?q=${f.flow.order.slice(0, 8)}`);
    const row = page.locator(`tr[data-order-id="${f.flow.order}"]`);
    const select = row.getByLabel(`Update status of order ${f.flow.order.slice(0, 8)}`);
    await select.selectOption("completed");
    if (!jsEnabled(testInfo)) await row.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Order status changed to Completed").first()).toBeVisible();
    await expect(row.getByText("Completed", { exact: true }).first()).toBeVisible();

    // The history records who changed what.
    await page.goto(`/admin/orders/${f.flow.order}`);
    await expect(page.getByTestId("order-history")).toContainText("Status changed from Processing to Completed");

    // The client is told by e-mail, sees the new status and downloads the report.
    const mail = await waitForMail(f.flow.email, (m) => m.subject.includes(f.flow.order.slice(0, 8)));
    expect(mail.subject).toContain("completed");
    const client = await browser.newContext({ javaScriptEnabled: jsEnabled(testInfo) });
    const clientPage = await client.newPage();
    await signIn(clientPage, f.flow.email, fixture().password);
    await expect(clientPage).not.toHaveURL(/\/client-login/);
    await clientPage.goto("/dashboard");
    const clientRow = clientPage.locator(`li[data-order-id="${f.flow.order}"]`);
    await expect(clientRow).toContainText("Completed");
    const download = clientPage.waitForEvent("download");
    await clientRow.getByRole("link", { name: /Download Report/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("final-report.pdf");
    const body = await file.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    });
    expect(body.equals(PDF)).toBe(true);
    await client.close();
  });

  test("pages through a searched and filtered list with next and previous links, filters kept, each order once", async ({
    page,
  }) => {
    // Five full page loads and a sign-in: more than the default time on a loaded machine.
    test.slow();
    const f = fixture();
    await signInAsAdmin(page);
    await page.goto(`/admin?q=${encodeURIComponent(f.pages.email)}&status=processing`);
    const rows = page.locator("[data-testid=admin-orders] tbody tr");
    const pageIds = () => rows.evaluateAll((found) => found.map((r) => r.getAttribute("data-order-id")));
    await expect(rows).toHaveCount(25);
    const first = await pageIds();
    const pagination = page.getByTestId("pagination");
    await expect(pagination.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/after=/);
    await expect(page).toHaveURL(/status=processing/);
    expect(new URL(page.url()).searchParams.get("q")).toBe(f.pages.email);
    await expect(rows).toHaveCount(5);
    const second = await pageIds();
    // Every processing order of the client once, newest first, across the two pages.
    expect([...first, ...second]).toEqual(f.pages.processing);
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("processing");
    await expect(pagination.getByRole("link", { name: "Next" })).toHaveCount(0);
    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/before=/);
    await expect(rows).toHaveCount(25);
    expect(await pageIds()).toEqual(first);
    // A cursor that was tampered with opens the first page.
    await page.goto(`/admin?q=${encodeURIComponent(f.pages.email)}&status=processing&after=tampered.cursor`);
    await expect(rows).toHaveCount(25);
    expect(await pageIds()).toEqual(first);
  });

  test("changes a status from the order page with a note in the history", async ({ page }) => {
    const f = fixture();
    await signInAsAdmin(page);
    await page.goto(`/admin/orders/${f.other.order}`);
    const form = page.getByTestId("order-status-form");
    await form.getByLabel("Status", { exact: true }).selectOption("processing");
    await form.getByLabel("Note for the history (optional)").fill("Documents checked");
    await form.getByRole("button", { name: "Update Status" }).click();
    await expect(page.getByText("Order status changed to Processing").first()).toBeVisible();
    await expect(page.getByTestId("order-history")).toContainText("Status changed from Pending to Processing");
    await expect(page.getByTestId("order-history")).toContainText("Documents checked");
  });

  test("Export Data downloads the filtered list as CSV with the same rows", async ({ page }) => {
    const f = fixture();
    await signInAsAdmin(page);
    await page.goto(`/admin?q=${encodeURIComponent(f.stats.email)}`);
    const ids = await page
      .locator("[data-testid=admin-orders] tbody tr")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-order-id")));
    expect(ids).toHaveLength(3);
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export Data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const stream = await file.createReadStream();
    let text = "";
    for await (const chunk of stream) text += (chunk as Buffer).toString("utf8");
    const lines = text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Order ID,Created (UTC),Customer,Email,Phone,Service,Tier,Amount,Currency,Coupon,Status,Payment",
    );
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(ids);
    // The phone starts with "+": escaped so a spreadsheet does not run it as a formula.
    expect(lines[1]).toContain(",'+971501234567,");
  });
});

test.describe("inquiries, coupons and users", () => {
  test("the admin reads an inquiry and marks it contacted, then closed", async ({ page }) => {
    const f = fixture();
    await signInAsAdmin(page);
    await page.goto("/admin/inquiries?status=new");
    const item = page.getByTestId("inquiries").locator("li", { hasText: f.inquiry.name });
    await expect(item).toContainText("New");
    await item.getByRole("link", { name: new RegExp(`Open ${f.inquiry.name}`) }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(f.inquiry.name);
    await expect(page.getByText("I need advice on a rental contract.")).toBeVisible();
    await page.getByRole("button", { name: "Mark contacted" }).click();
    await expect(page.getByText("Inquiry updated").first()).toBeVisible();
    await expect(page.getByText("Contacted", { exact: true }).first()).toBeVisible();
    await page.goto("/admin/inquiries?status=contacted");
    const contacted = page.getByTestId("inquiries").locator("li", { hasText: f.inquiry.name });
    await contacted.getByRole("button", { name: "Mark closed" }).click();
    await expect(page.getByText("Inquiry updated").first()).toBeVisible();
    await page.goto("/admin/inquiries?status=closed");
    await expect(page.getByTestId("inquiries").locator("li", { hasText: f.inquiry.name })).toContainText("Closed");
  });

  test("pages through searched, filtered inquiries with next and previous links, filters kept, each once", async ({
    page,
  }) => {
    test.slow();
    const f = fixture();
    await signInAsAdmin(page);
    await page.goto("/admin/inquiries");
    // The search and the status filter as a visitor uses them: the form, then its links.
    await page.getByLabel("Search by name, e-mail or phone").fill(f.inquiryPages.word);
    await page.getByLabel("Status", { exact: true }).selectOption("contacted");
    await page.getByRole("button", { name: "Filter" }).click();
    const rows = page.getByTestId("inquiries").locator("li[data-inquiry-id]");
    const pageIds = () => rows.evaluateAll((found) => found.map((r) => r.getAttribute("data-inquiry-id")));
    await expect(rows).toHaveCount(25);
    await expect(page.getByTestId("inquiry-results")).toHaveText("28 inquiries");
    const first = await pageIds();
    const pagination = page.getByTestId("pagination");
    await expect(pagination.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/after=/);
    await expect(page).toHaveURL(/status=contacted/);
    expect(new URL(page.url()).searchParams.get("q")).toBe(f.inquiryPages.word);
    await expect(rows).toHaveCount(3);
    expect([...first, ...(await pageIds())]).toEqual(f.inquiryPages.contacted);
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("contacted");
    await expect(page.getByLabel("Search by name, e-mail or phone")).toHaveValue(f.inquiryPages.word);
    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/before=/);
    await expect(rows).toHaveCount(25);
    expect(await pageIds()).toEqual(first);
    // A tampered cursor opens the first page.
    await page.goto(`/admin/inquiries?q=${f.inquiryPages.word}&status=contacted&after=tampered.cursor`);
    expect(await pageIds()).toEqual(first);
    await expectAccessible(page);
  });

  test("the admin creates a coupon, sees a field error for a duplicate, and deactivates it", async ({
    page,
  }, testInfo) => {
    await signInAsAdmin(page);
    await page.goto("/admin/coupons");
    const code = `E2E${testInfo.project.name === "js-on" ? "ON" : "OFF"}${Date.now().toString(36).toUpperCase()}`.slice(
      0,
      32,
    );
    const form = page.getByTestId("coupon-form");
    const fillForm = async () => {
      await form.getByLabel("Code").fill(code);
      await form.getByLabel("Type").selectOption("percent");
      await form.getByLabel("Value").fill("15");
      await form.getByLabel("Maximum uses (optional)").fill("3");
      await form.getByRole("button", { name: "Create coupon" }).click();
    };
    await fillForm();
    await expect(page.getByText("Coupon created").first()).toBeVisible();
    const row = page.locator(`tr[data-coupon="${code}"]`);
    await expect(row).toContainText("15%");
    await expect(row).toContainText("Active");
    await fillForm();
    await expect(page.getByText("A coupon with this code already exists.")).toBeVisible();
    await expect(form.getByLabel("Code")).toHaveValue(code);
    await row.getByRole("button", { name: `Deactivate ${code}` }).click();
    await expect(page.getByText("Coupon deactivated").first()).toBeVisible();
    await expect(row).toContainText("Inactive");
  });

  test("the admin promotes a client to admin and back, but cannot change their own role", async ({ page }) => {
    const f = fixture();
    await signInAsAdmin(page);
    await page.goto(`/admin/users?q=${encodeURIComponent(f.other.email)}`);
    const row = page.locator(`tr[data-user="${f.other.email}"]`);
    await expect(row).toContainText("Client");
    await row.getByRole("button", { name: `Make admin ${f.other.email}` }).click();
    await expect(page.getByText("Role changed").first()).toBeVisible();
    await expect(row).toContainText("Admin");
    await row.getByRole("button", { name: `Make client ${f.other.email}` }).click();
    await expect(row).toContainText("Client");
    await page.goto(`/admin/users?q=${encodeURIComponent(process.env.E2E_ADMIN_EMAIL ?? "")}`);
    const self = page.locator(`tr[data-user="${process.env.E2E_ADMIN_EMAIL}"]`);
    await expect(self).toContainText("(you)");
    await expect(self.getByRole("button")).toHaveCount(0);
  });
});

test.describe("web vitals", () => {
  test("with JavaScript a visit records anonymous vitals that the performance page shows; without it nothing is sent", async ({
    page,
    browser,
  }, testInfo) => {
    const beacons: string[] = [];
    page.context().on("request", (request) => {
      if (request.url().endsWith("/api/vitals")) beacons.push(request.postData() ?? "");
    });
    await page.goto("/about");
    if (jsEnabled(testInfo)) {
      // The recorder loads web-vitals when the page is idle; leaving the page sends the beacon.
      await expect
        .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("sanad.analytics.events") ?? "[]").length))
        .toBeGreaterThan(0);
      const events = await page.evaluate(
        () =>
          JSON.parse(localStorage.getItem("sanad.analytics.events") ?? "[]") as Array<{
            event: string;
            data: { path: string };
          }>,
      );
      expect(events[0]).toMatchObject({ event: "app_start", data: { path: "/about" } });
      await expect
        .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("sanad.performance.metrics") ?? "[]").length), {
          timeout: 15_000,
        })
        .toBeGreaterThan(0);
      await page.goto("/");
      // The beacon leaves with the page: the performance page then lists the route.
      const admin = await browser.newContext();
      const adminPage = await admin.newPage();
      await signInAsAdmin(adminPage);
      await expect
        .poll(async () => {
          await adminPage.goto("/admin/performance?metric=TTFB");
          return adminPage
            .getByTestId("vitals-table")
            .locator("tbody th", { hasText: /^\/about$/ })
            .count();
        })
        .toBe(1);
      await expect(adminPage.getByTestId("vitals-chart")).toBeVisible();
      await admin.close();
    } else {
      await page.goto("/");
      expect(beacons).toEqual([]);
    }
  });
});

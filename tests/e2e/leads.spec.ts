import {
  expect,
  expectAccessible,
  jsEnabled,
  MOBILE,
  ONLY_WITH_JAVASCRIPT,
  test,
  uniqueEmail,
  waitForMail,
  whenInteractive,
} from "../support/browser";

test.describe("lead capture", () => {
  test("an inquiry from a service page is stored, acknowledged and notified to staff", async ({ page }, testInfo) => {
    const email = uniqueEmail("inquiry");
    await page.goto("/ban-checks/labor-ban-check");
    const form = page.locator("#inquiry-form");
    await expect(form.getByLabel("Service Type")).toHaveValue("labor-ban-check");
    await form.getByLabel("Full Name").fill("Aisha Khan");
    await form.getByLabel("Email Address").fill(email);
    await form.getByLabel("Phone Number").fill("+971 50 123 4567");
    await form.getByLabel("Country").selectOption("UAE");
    await form.getByLabel("Additional Details").fill("My visa was cancelled. Can I take a new job?");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Submit Inquiry" }).click();

    await expect(page.getByText("Inquiry Submitted Successfully").first()).toBeVisible();
    await expect(
      page.getByText("Our legal team will review your request and contact you within 24 hours.").first(),
    ).toBeVisible();
    // All fields reset and consent cleared.
    await expect(form.getByLabel("Full Name")).toHaveValue("");
    await expect(form.getByRole("checkbox")).not.toBeChecked();
    if (jsEnabled(testInfo)) await expect(page).toHaveURL(/\/ban-checks\/labor-ban-check$/);
    else await expect(page).toHaveURL(/\/ban-checks\/labor-ban-check#inquiry-form$/);

    const ack = await waitForMail(email);
    expect(ack.subject).toBe("We received your inquiry");
    const staff = await waitForMail("staff-inbox@example.com", (mail) => mail.text.includes(email));
    expect(staff.text).toContain("labor-ban-check");
    expect(staff.text).toContain("/ban-checks/labor-ban-check");
  });

  test("without consent the 'Consent Required' notice shows and the input is kept", async ({ page }) => {
    await page.goto("/for-business/contracts-review");
    const form = page.locator("#inquiry-form");
    await form.getByLabel("Full Name").fill("Omar Haddad");
    await form.getByLabel("Email Address").fill(uniqueEmail("noconsent"));
    await form.getByLabel("Phone Number").fill("+971 55 000 1111");
    await form.getByLabel("Country").selectOption("Qatar");
    await form.getByRole("button", { name: "Submit Inquiry" }).click();
    await expect(page.getByText("Consent Required").first()).toBeVisible();
    await expect(page.getByText("Please consent to data processing to continue").first()).toBeVisible();
    await expect(form.getByLabel("Full Name")).toHaveValue("Omar Haddad");
    await expect(form.getByLabel("Country")).toHaveValue("Qatar");
    await expect(form.getByText("Please tick the box to consent to data processing")).toBeVisible();
  });

  test("the travel-ban check stores a request and shows what happens next, never a made-up result", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail("travel");
    await page.setViewportSize(MOBILE);
    await page.goto("/ban-checks/travel-ban-check");
    await page.locator("#check").getByRole("link", { name: "Check Status Now" }).click();
    const id = page.getByLabel("Emirates ID or Passport Number");
    await expect(id).toBeVisible();
    await page.locator("#check").getByLabel("Full Name").fill("Rahul Menon");
    await id.fill("784-1985-1234567-1");
    await page.getByLabel("Nationality").fill("Indian");
    await page.locator("#check").getByLabel("Phone Number").fill("+971 55 765 4321");
    await page.locator("#check").getByLabel("Email Address").fill(email);
    await page.locator("#check").getByRole("checkbox").check();
    // The section hydrates when it comes into view; before that the form posts as plain HTML (no overlay).
    await whenInteractive(page.getByRole("button", { name: "Check Status" }));
    await page.getByRole("button", { name: "Check Status" }).click();
    if (jsEnabled(testInfo)) {
      await expect(page.getByText("Checking your travel status...")).toBeVisible();
      await expect(page.getByText("We're accessing official databases securely")).toBeVisible();
    }
    const result = page.getByTestId("travel-check-result");
    await expect(result).toBeVisible({ timeout: 15_000 });
    await expect(result).toContainText("Your check request is in");
    await expect(result).toContainText(email);
    await expect(result).toContainText("2 minutes");
    await expect(page.getByText(/no (travel )?ban (was )?found|you are clear/i)).toHaveCount(0);
    await expect(result.getByRole("link", { name: "Choose a package" })).toHaveAttribute("href", "#packages");
    const ack = await waitForMail(email);
    expect(ack.subject).toBe("We received your travel ban check request");
  });

  test("the request wizard checks each step, goes back without losing anything, and hands off to the checkout", async ({
    page,
  }) => {
    await page.goto("/request-check");
    await expect(page.getByRole("heading", { name: /Personal Details/ })).toBeVisible();
    await page.getByLabel("Full Name").fill("Fatima Al Zahra");
    await page.getByLabel("Emirates ID").fill("784-12");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Enter your Emirates ID as 784-XXXX-XXXXXXX-X")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Fatima Al Zahra");
    await expect(page.getByLabel("Emirates ID")).toHaveValue("784-12");

    await page.getByLabel("Emirates ID").fill("784-1992-7654321-2");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: /Verification/ })).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("heading", { name: /Personal Details/ })).toBeVisible();
    await expect(page.getByLabel("Emirates ID")).toHaveValue("784-1992-7654321-2");
    await page.getByRole("button", { name: "Continue" }).click();

    await page.getByLabel("Phone Number").fill("+971 50 765 4321");
    await page.getByLabel("Email Address").fill(uniqueEmail("wizard"));
    await page.getByRole("button", { name: "Continue" }).click();
    const summary = page.getByTestId("wizard-summary");
    await expect(summary).toContainText("AED 200");
    await expect(summary).toContainText("secure payment processor");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Submit & Pay" }).click();
    // The checkout asks a visitor to sign in first; the quick check waits in the cart.
    await expect(page).toHaveURL(/\/(client-login|checkout)/);
  });

  test("the chat answers a quick question", async ({ page }, testInfo) => {
    await page.goto("/ban-checks/labor-ban-check");
    const button = page.getByRole("link", { name: "Chat with a legal expert" });
    await button.click();
    if (!jsEnabled(testInfo)) await expect(page).toHaveURL(/\/chat\?from=%2Fban-checks%2Flabor-ban-check$/);
    const panel = page.getByTestId("chat-panel");
    await expect(panel.getByText("Legal Expert Chat")).toBeVisible();
    await panel.getByRole("button", { name: "How can I lift a travel ban?" }).click();
    if (jsEnabled(testInfo)) await expect(panel.getByTestId("chat-typing")).toBeVisible();
    await expect(panel.locator('[data-role="assistant"]').last()).toContainText("appeal", { timeout: 10_000 });
    await panel.getByLabel("Your message").fill("How much is a contract review?");
    await panel.getByLabel("Your message").press("Enter");
    if (!jsEnabled(testInfo)) await panel.getByRole("button", { name: "Send" }).click();
    await expect(panel.locator('[data-role="assistant"]').last()).toContainText("AED 1,200", { timeout: 10_000 });
  });

  // The pages themselves are audited by accessibility.spec.ts; this is the check form opened.
  test("the open travel-ban check form is accessible", ONLY_WITH_JAVASCRIPT, async ({ page }) => {
    await page.goto("/ban-checks/travel-ban-check?check=1");
    await expectAccessible(page);
  });
});

test.describe("the request wizard without JavaScript", () => {
  test("after an e-mail the browser refused on step 2, Back then Continue on step 1 works", async ({ page }) => {
    await page.goto("/request-check");
    await page.getByLabel("Full Name").fill("Fatima Al Zahra");
    await page.getByLabel("Emirates ID").fill("784-1992-7654321-2");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: /Verification/ })).toBeVisible();
    await page.getByLabel("Phone Number").fill("+971 50 765 4321");
    await page.getByLabel("Email Address").fill("fatima.example.com");
    await page.getByRole("button", { name: "Continue" }).click();
    // The browser refuses the e-mail: still step 2.
    await expect(page.getByRole("heading", { name: /Verification/ })).toBeVisible();
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByRole("heading", { name: /Personal Details/ })).toBeVisible();
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: /Verification/ })).toBeVisible();
    await expect(page.getByLabel("Email Address")).toHaveValue("fatima.example.com");
  });
});

test.describe("the inquiry form's notices", () => {
  test("'Consent Required' goes away when the inquiry then succeeds", ONLY_WITH_JAVASCRIPT, async ({ page }) => {
    await page.goto("/contact");
    const form = page.locator("#inquiry-form");
    await whenInteractive(form.locator("form"));
    await form.getByLabel("Full Name").fill("Omar Haddad");
    await form.getByLabel("Email Address").fill(uniqueEmail("consent"));
    await form.getByLabel("Phone Number").fill("+971 55 000 1111");
    await form.getByLabel("Country").selectOption("UAE");
    await form.getByRole("button", { name: "Submit Inquiry" }).click();
    const toasts = page.getByTestId("toasts");
    await expect(toasts).toContainText("Consent Required");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Submit Inquiry" }).click();
    await expect(toasts).toContainText("Inquiry Submitted Successfully");
    // At once, not after the earlier toast's own time runs out.
    expect(await toasts.textContent()).not.toContain("Consent Required");
  });
});

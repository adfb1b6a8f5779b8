import type { Page } from "@playwright/test";
import { confirmVerification, linkPathIn, signIn } from "../support/browser-accounts";
import { expect, expectAccessible, jsEnabled, test, uniqueEmail, waitForMail } from "../support/browser";

const PASSWORD = "checkout-Test-2025!";
const PDF = Buffer.concat([
  Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"),
  Buffer.alloc(4096, 0x20),
  Buffer.from("\n%%EOF\n"),
]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048, 7)]);
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(4096, 0x90)]);

/** Adds a plan to the cart the way a visitor does: the add-to-cart form of the plan's card. */
async function addToCart(page: Page, path: string, tierId: string) {
  await page.goto(path);
  const added = page.waitForResponse(
    (response) => response.url().includes("/cart/update") && response.request().method() === "POST",
  );
  await page
    .locator(`form[action$="/cart/update"]:has(input[name="tierId"][value="${tierId}"]) button[type="submit"]`)
    .first()
    .click();
  await added;
  await page.waitForLoadState("load");
}

/**
 * Registers on the login page's Register tab, opens the mailed verification link (sign-in waits
 * for a confirmed address), then signs in; the page ends wherever redirectTo says.
 */
async function registerAndSignIn(page: Page, email: string) {
  const loginPage = page.url();
  await page.getByRole("link", { name: "Register", exact: true }).click();
  await page.locator("#register-name").fill("Aisha Rahman");
  await page.locator("#register-email").fill(email);
  await page.locator("#register-password").fill(PASSWORD);
  await page.locator("#register-confirm-password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created!").first()).toBeVisible();
  await page.goto(
    linkPathIn(
      (await waitForMail(email, (mail) => mail.text.includes("/verify-email?token="))).text,
      "/verify-email?token=",
    ),
  );
  await confirmVerification(page, PASSWORD);
  await signIn(page, email, PASSWORD, new URL(loginPage).searchParams.get("redirectTo") ?? undefined);
}

async function signedInWithCart(page: Page) {
  const email = uniqueEmail("buyer");
  await addToCart(page, "/ban-checks/travel-ban-check", "basic");
  await page.goto("/checkout");
  await expect(page).toHaveURL(/\/client-login\?redirectTo=%2Fcheckout/);
  await expect(page.getByText("Authentication Required").first()).toBeVisible();
  await expect(page.getByText("Please log in to complete your order.").first()).toBeVisible();
  await registerAndSignIn(page, email);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { name: "Order Details" })).toBeVisible();
  return email;
}

async function applyCoupon(page: Page, code: string) {
  await page.getByText("Have a coupon? Click here to enter your code").click();
  await page.getByLabel("Coupon code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

test.describe("checkout and payment", () => {
  test("login, cart, checkout with documents and a coupon, test payment, paid", async ({ page }, testInfo) => {
    const email = await signedInWithCart(page);
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await expect(page.getByTestId("summary-total")).toContainText("650");

    // Without JavaScript Apply posts the whole form (files are chosen afterwards); with it, only the code.
    await page.getByLabel("Legal Name").fill("Aisha Rahman");
    // A local UAE number, the way residents write it (stored as +971501234567).
    await page.getByLabel("Phone").fill("050 123 4567");
    if (jsEnabled(testInfo)) {
      await page.getByLabel("Upload documents").setInputFiles([
        { name: "passport.pdf", mimeType: "application/pdf", buffer: PDF },
        { name: "photo.png", mimeType: "image/png", buffer: PNG },
      ]);
      await expect(page.getByText("passport.pdf")).toBeVisible();
    }
    await applyCoupon(page, "welcome10");
    await expect(page.getByTestId("summary-discount")).toContainText("65");
    await expect(page.getByTestId("summary-total")).toContainText("585");
    await expect(page.getByTestId("pay-button")).toHaveText(/^Pay\W*AED\W*585$/);
    await expect(page.getByLabel("Legal Name")).toHaveValue("Aisha Rahman");
    if (!jsEnabled(testInfo)) {
      await page.getByLabel("Upload documents").setInputFiles([
        { name: "passport.pdf", mimeType: "application/pdf", buffer: PDF },
        { name: "photo.png", mimeType: "image/png", buffer: PNG },
      ]);
    }
    await page.getByTestId("pay-button").click();

    await expect(page).toHaveURL(/\/test-checkout\/test_[0-9a-f]{32}$/);
    await expect(page.getByText("TEST MODE")).toBeVisible();
    await expect(page.getByTestId("test-amount")).toContainText("585");
    await expectAccessible(page);
    // The order exists now: the cart is empty.
    await page.getByRole("button", { name: /^Pay / }).click();

    await expect(page).toHaveURL(/\/payment-success\?session_id=test_/);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await expect(page.getByText("Payment verified successfully!")).toBeVisible();
    // The promised turnaround (7 business days for this package) counts from now.
    await expect(page.getByTestId("expected-by")).not.toBeEmpty();
    await expect(page.getByRole("heading", { name: "What happens next?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Track Your Order" })).toHaveAttribute("href", "/dashboard");
    const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();
    expect(orderNumber).toMatch(/^[0-9a-f]{8}$/);
    await expectAccessible(page);

    const confirmation = await waitForMail(
      email,
      (mail) => mail.subject.includes("Order received") && mail.subject.includes(orderNumber),
    );
    expect(confirmation.text).toContain("AED 585");
    await waitForMail(email, (mail) => mail.subject.includes("Payment received") && mail.subject.includes(orderNumber));

    await page.goto("/checkout");
    await expect(page.getByText("Your cart is empty")).toBeVisible();
  });

  test("validation errors keep the input; content-sniffed and oversized files are refused", async ({
    page,
  }, testInfo) => {
    await signedInWithCart(page);
    await page.getByLabel("Legal Name").fill("Aisha Rahman");
    await page.getByLabel("Phone").fill("call me maybe");
    await page.getByLabel("Short description of your issue").fill("Please keep this text.");
    await page.getByLabel("Upload documents").setInputFiles([
      { name: "contract.pdf", mimeType: "application/pdf", buffer: EXE },
      { name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]) },
    ]);
    await page.getByTestId("pay-button").click();

    await expect(page.getByText("Please enter a valid phone number.")).toBeVisible();
    await expect(page.getByText("Invalid File Type: contract.pdf is not a supported file type.")).toBeVisible();
    await expect(page.getByText("File Too Large: big.pdf exceeds the 10MB limit.")).toBeVisible();
    await expect(page.getByLabel("Legal Name")).toHaveValue("Aisha Rahman");
    await expect(page.getByLabel("Phone")).toHaveValue("call me maybe");
    await expect(page.getByLabel("Short description of your issue")).toHaveValue("Please keep this text.");
    await expect(page).toHaveURL(/\/checkout$/);

    await applyCoupon(page, "NOT-A-CODE");
    await expect(page.getByText("Invalid or expired coupon")).toBeVisible();
    await expect(page.getByTestId("summary-total")).toContainText("650");

    if (jsEnabled(testInfo)) {
      // A code typed while an earlier Apply is still on its way stays as typed when that answer arrives.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/checkout/, async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
      const answered = page.waitForResponse(
        (response) => response.request().method() === "POST" && response.url().includes("/checkout"),
      );
      await page.getByLabel("Coupon code").fill("SLOW-CODE");
      await page.getByRole("button", { name: "Apply" }).click();
      await page.getByLabel("Coupon code").fill("WELCOME10");
      release();
      await answered;
      // The earlier answer has been applied to the page once Apply is ready again.
      await expect(page.getByRole("button", { name: "Apply" })).toBeEnabled();
      await expect(page.getByText("Invalid or expired coupon")).toBeVisible();
      await expect(page.getByLabel("Coupon code")).toHaveValue("WELCOME10");
      await page.unrouteAll();
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByTestId("summary-total")).toContainText("585");
      await expect(page.getByLabel("Coupon code")).toHaveValue("WELCOME10");
    }
  });

  test("the checkout page is accessible and speaks Arabic on /ar", async ({ page }) => {
    await signedInWithCart(page);
    await expectAccessible(page);
    await page.goto("/ar/checkout");
    await expect(page.getByRole("heading", { name: "تفاصيل الطلب" })).toBeVisible();
  });
});

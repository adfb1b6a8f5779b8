import {
  linkPathIn,
  signIn,
  signInAsAdmin,
  signOut,
  signUp,
  signUpVerified,
  verifyFromMail,
} from "../support/browser-accounts";
import { fetchCaughtMail } from "../support/fake-smtp";
import {
  expect,
  expectAccessible,
  jsEnabled,
  ONLY_WITH_JAVASCRIPT,
  test,
  uniqueEmail,
  waitForMail,
} from "../support/browser";

test.describe("accounts", () => {
  test("register, verify through the mailed link, sign out, sign in, change the name, sign out", async ({ page }) => {
    // A long flow of many pages and two password hashes: slow on a busy machine.
    test.slow();
    const account = await signUp(page);
    // Not signed in until the address is verified.
    await expect(page.locator("#login-form")).toBeVisible();

    // The link confirms the address and signs nobody in.
    const verifyLink = await verifyFromMail(page, account.email, account.password);
    await expect(page.getByText("Email verified").first()).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/client-login\?redirectTo=%2Fdashboard$/);
    await signIn(page, account.email, account.password, "/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("verification-card")).toHaveAttribute("data-verified", "true");
    await expect(page.getByTestId("welcome")).toHaveText(`Welcome back, ${account.name}`);

    await signOut(page);
    await expect(page.getByRole("link", { name: "Client Login" }).first()).toBeAttached();
    // A used link says the address is verified.
    await page.goto(verifyLink);
    await expect(page.getByText("Email already verified")).toBeVisible();

    // Wrong password and unknown e-mail read the same.
    await signIn(page, account.email, "not-the-password");
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password." })).toBeVisible();
    await expect(page.locator("#login-email")).toHaveValue(account.email);
    await signIn(page, uniqueEmail("nobody"), "not-the-password");
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password." })).toBeVisible();

    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Logged in successfully!")).toBeVisible();

    await page.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await page.getByLabel("Full name").fill("Layla Renamed");
    await page.getByRole("button", { name: "Save Name" }).click();
    await expect(page.getByText("Your name was updated.")).toBeVisible();
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page.getByTestId("welcome")).toHaveText("Welcome back, Layla Renamed");

    await signOut(page);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/client-login\?redirectTo=%2Fdashboard$/);
  });

  test("a verification link that reaches the address's owner, who did not register: it asks for the password, and \"This wasn't me\" removes the account", async ({
    page,
    browser,
  }, testInfo) => {
    test.slow();
    // Someone else, in their own browser, registers the owner's address with a password they chose.
    const registrantContext = await browser.newContext({
      javaScriptEnabled: jsEnabled(testInfo),
      baseURL: testInfo.project.use.baseURL ?? process.env.E2E_BASE_URL,
    });
    try {
      const registrant = await registrantContext.newPage();
      const account = await signUp(registrant, { password: "someone-elses-password-1" });
      // The owner opens the mailed link in theirs: nothing is confirmed by opening it.
      const link = linkPathIn(
        (await waitForMail(account.email, (m) => m.text.includes("/verify-email?token="))).text,
        "/verify-email?token=",
      );
      await page.goto(`/ar${link}`);
      await expect(page.getByRole("heading", { name: "أكّد بريدك الإلكتروني" })).toBeVisible();
      await expect(page.getByRole("button", { name: "لستُ أنا: احذف الحساب" })).toBeVisible();
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Confirm your email address" })).toBeVisible();
      await expectAccessible(page);
      await signIn(registrant, account.email, account.password);
      await expect(registrant).toHaveURL(/\/client-login/);
      await expect(registrant.locator("#login-form")).toBeVisible();
      // A guess confirms nothing.
      await page.getByLabel("Password").fill("owner-guess-2025");
      await page.getByRole("button", { name: "Confirm Email Address" }).click();
      await expect(page.getByText("That is not the password of this account.")).toBeVisible();
      // "This wasn't me": the account and the other person's password are gone.
      await page.getByRole("button", { name: "This wasn't me: remove the account" }).click();
      await expect(page.getByText("The account was removed")).toBeVisible();
      await signIn(registrant, account.email, account.password);
      await expect(registrant.getByRole("alert").filter({ hasText: "Invalid email or password." })).toBeVisible();
      await page.goto(link);
      await expect(page.getByText("This verification link cannot be used")).toBeVisible();
    } finally {
      await registrantContext.close();
    }
  });

  test("registration keeps the input and explains what is wrong; a known e-mail gets the same answer", async ({
    page,
  }) => {
    const existing = await signUp(page);
    await page.goto("/client-login?tab=register");
    const form = page.locator("#register-form");
    await form.getByLabel("Full name").fill("Someone");
    await form.getByLabel("Email address").fill(uniqueEmail("mismatch"));
    await form.locator("#register-password").fill("quiet-harbour-2025");
    await form.locator("#register-confirm-password").fill("quiet-harbour-2026");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await expect(page.locator("#register-name")).toHaveValue("Someone");

    await page.locator("#register-password").fill("password123");
    await page.locator("#register-confirm-password").fill("password123");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText(/one of the most common ones/)).toBeVisible();

    // The same success message for an address that already has an account; its owner gets a note.
    await signUp(page, { email: existing.email, password: "different-harbour-7" });
    const note = await waitForMail(existing.email, (m) => /tried to register/.test(m.subject));
    expect(note.text).toContain("no new account was created");
  });

  test("password reset through the mailed link ends the other session and signs in with the new password", async ({
    page,
    browser,
  }) => {
    // A long flow of many pages and two password hashes: slow on a busy machine.
    test.slow();
    const account = await signUpVerified(page);
    // A second device, signed in before the reset.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, account.email, account.password);
    await expect(other).toHaveURL(/\/dashboard$/);

    await signOut(page);
    await page.goto("/client-login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/password-reset$/);
    await page.getByLabel("Email address").fill(account.email);
    await page.getByRole("button", { name: "Send Reset Email" }).click();
    await expect(page.getByRole("heading", { name: "Email Sent!" })).toBeVisible();
    await expect(page.getByTestId("reset-sent")).toContainText(account.email);
    await expect(page.getByRole("link", { name: "Back to Login" })).toBeVisible();

    const mail = await waitForMail(account.email, (m) => m.text.includes("/password-reset?token="));
    const link = linkPathIn(mail.text, "/password-reset?token=");
    await page.goto(link);
    await page.locator("#reset-password").fill("brand-new-harbour-9");
    await page.getByLabel("Confirm new password").fill("brand-new-harbour-9");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Password changed").first()).toBeVisible();

    // The link works once; the other device is signed out.
    await page.goto(link);
    await expect(page.getByText("This reset link cannot be used")).toBeVisible();
    await other.goto("/dashboard");
    await expect(other).toHaveURL(/\/client-login/);
    await otherContext.close();

    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).first().click();
    await expect(page.getByText("You have been signed out.")).toBeVisible();
    await signIn(page, account.email, account.password);
    await expect(page.getByText("Invalid email or password.")).toBeVisible();
    await signIn(page, account.email, "brand-new-harbour-9");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("a password change in settings needs the current password and ends the other session", async ({
    page,
    browser,
  }) => {
    // A long flow of many pages and two password hashes: slow on a busy machine.
    test.slow();
    const account = await signUpVerified(page);
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, account.email, account.password);
    await expect(other).toHaveURL(/\/dashboard$/);

    await page.goto("/dashboard/settings");
    await page.getByLabel("Current password").fill("not-my-password");
    await page.locator("#settings-new-password").fill("settings-harbour-5");
    await page.getByLabel("Confirm new password").fill("settings-harbour-5");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Your current password is not correct.")).toBeVisible();

    await page.getByLabel("Current password").fill(account.password);
    await page.locator("#settings-new-password").fill("settings-harbour-5");
    await page.getByLabel("Confirm new password").fill("settings-harbour-5");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByText("Your new password is set. Other sessions were signed out.")).toBeVisible();
    // This browser stays signed in; the other one is out.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
    await other.goto("/dashboard");
    await expect(other).toHaveURL(/\/client-login/);
    await otherContext.close();
  });

  test("sign-in waits for a confirmed address; the verification e-mail can be resent three times, the fourth is refused", async ({
    page,
  }) => {
    const account = await signUp(page);
    // The right password does not sign in before the address is confirmed.
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/client-login$/);
    await expect(page.getByText("Your account is not active until you confirm")).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/client-login\?redirectTo=%2Fdashboard$/);
    await page.goto("/client-login");
    const card = page.getByRole("alert").filter({ hasText: "Please verify your email address" });
    const verificationMails = async () =>
      (await fetchCaughtMail(process.env.E2E_MAIL_API!)).filter(
        (m) => m.to.includes(account.email) && m.text.includes("/verify-email?token="),
      ).length;
    await expect.poll(verificationMails).toBe(1);
    for (let i = 1; i <= 3; i++) {
      await card.getByRole("button", { name: "Resend Verification Email" }).click();
      await expect(page.getByText("Please check your email for the verification link.").last()).toBeVisible();
      await expect(page).toHaveURL(/\/client-login$/);
      await expect.poll(verificationMails).toBe(1 + i);
    }
    await card.getByRole("button", { name: "Resend Verification Email" }).click();
    await expect(page.getByText("Maximum resend attempts reached")).toBeVisible();
    await expect(page.getByText("If you're still having trouble, please contact support.")).toBeVisible();
  });

  test("roles: a client opening /admin lands on the dashboard; the admin lands on the admin page", async ({ page }) => {
    await signUpVerified(page);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOut(page);

    await page.goto("/admin");
    await expect(page).toHaveURL(/\/client-login\?redirectTo=%2Fadmin$/);
    await signInAsAdmin(page);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/admin$/);
    // The set-up link is gone once an admin exists.
    const setup = await page.goto("/setup?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(setup?.status()).toBe(404);
  });

  test("a forged session cookie counts as signed out; a protected page asks to sign in and returns there", async ({
    page,
    context,
  }) => {
    const account = await signUpVerified(page);
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === "__session")!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe("Lax");
    await context.clearCookies();
    await context.addCookies([
      { ...session, value: session.value.replace(/^e/, "f").replace(/\.[^.]*$/, ".forgedsignature") },
    ]);
    await page.goto("/dashboard/settings");
    await expect(page).toHaveURL(/\/client-login\?redirectTo=%2Fdashboard%2Fsettings$/);
    await expect(page.getByText("Sign in to your account to continue.")).toBeVisible();

    await page.locator("#login-email").fill(account.email);
    await page.locator("#login-password").fill(account.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    // Signed in, the login page sends you on.
    await page.goto("/client-login");
    expect(new URL(page.url()).pathname).toBe("/");
  });

  test("the Arabic client portal", async ({ page }) => {
    await page.goto("/ar/client-login?tab=register");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "أنشئ حسابك" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "تسجيل الدخول" }).click();
    await expect(page.getByRole("link", { name: "نسيت كلمة المرور؟" })).toBeVisible();
  });

  test("the sign-in, registration and reset pages are accessible", ONLY_WITH_JAVASCRIPT, async ({ page }) => {
    test.slow();
    await page.goto("/client-login");
    await expectAccessible(page);
    await page.goto("/client-login?tab=register");
    await expectAccessible(page);
    await page.goto("/password-reset");
    await expectAccessible(page);
  });

  test("the dashboard and settings are accessible", ONLY_WITH_JAVASCRIPT, async ({ page }) => {
    test.slow();
    await signUpVerified(page);
    await expectAccessible(page);
    await page.goto("/dashboard/settings");
    await expectAccessible(page);
  });
});

import path from "node:path";
import { enterTwoFactorCode, signIn } from "../support/browser-accounts";
import { expect, expectAccessible, test } from "../support/browser";
import { unusedTotpCode } from "../support/totp";

// Fixtures written by the global setup (tests/support/seed-backoffice.ts), one set per project.
type Fixture = {
  password: string;
  projects: Record<string, { newAdmin: { email: string }; sessions: { email: string } }>;
};

function fixture() {
  const all = JSON.parse(process.env.E2E_BACKOFFICE ?? "null") as Fixture | null;
  const project = all?.projects[test.info().project.name];
  if (!all || !project) throw new Error("E2E_BACKOFFICE is not set (global setup)");
  return { password: all.password, ...project };
}

test.describe("two-factor sign-in", () => {
  test("a new admin sets it up before any admin page, then signs in in two steps; a wrong code is refused", async ({
    page,
  }) => {
    test.slow();
    const f = fixture();
    const state = path.resolve("test-results", `totp-${f.newAdmin.email}`);
    await signIn(page, f.newAdmin.email, f.password);
    // Signed in with the password, but every page sends an admin without two-factor to the set-up.
    await expect(page).toHaveURL(/\/dashboard\/settings\/two-factor$/);
    await page.goto("/admin/orders.csv");
    await expect(page).toHaveURL(/\/dashboard\/settings\/two-factor$/);
    await expect(page.getByText("Set up two-factor authentication to continue.").first()).toBeVisible();
    await expect(
      page.getByRole("img", { name: "QR code that adds your account to an authenticator app" }),
    ).toBeVisible();
    const secret = (await page.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page);

    await page.getByLabel("Authentication code").fill("12345");
    await page.getByRole("button", { name: "Turn On Two-Factor Authentication" }).click();
    await expect(page.getByText("Enter the 6-digit code from your authenticator app.").first()).toBeVisible();
    await page.getByLabel("Authentication code").fill(await unusedTotpCode(secret, state));
    await page.getByRole("button", { name: "Turn On Two-Factor Authentication" }).click();
    await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
    await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
    await page.getByRole("link", { name: "I have saved my recovery codes" }).click();
    await expect(page).toHaveURL(/\/admin$/);

    await page.context().clearCookies();
    await signIn(page, f.newAdmin.email, f.password);
    await expect(page.getByRole("heading", { name: "Enter your authentication code" })).toBeVisible();
    // Not signed in yet: the admin page still asks to sign in.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/client-login\?redirectTo=%2Fadmin$/);
    await page.goto("/client-login/two-factor");
    await enterTwoFactorCode(page, "000000");
    await expect(page.getByText("That code is not correct or has expired.")).toBeVisible();
    await expectAccessible(page);
    await enterTwoFactorCode(page, await unusedTotpCode(secret, state));
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  });
});

test.describe("sessions", () => {
  test("settings lists each signed-in browser; one is signed out, then everywhere else", async ({ page, browser }) => {
    test.slow();
    const f = fixture();
    const otherContext = await browser.newContext({
      javaScriptEnabled: test.info().project.use.javaScriptEnabled,
      baseURL: test.info().project.use.baseURL,
    });
    const other = await otherContext.newPage();
    await signIn(other, f.sessions.email, f.password);
    await expect(other).toHaveURL(/\/dashboard$/);
    await signIn(page, f.sessions.email, f.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto("/dashboard/settings");
    const list = page.getByTestId("sessions");
    await expect(list.locator("li[data-current=true]")).toContainText("This device");
    const others = list.locator("li[data-current=false]");
    await expect(others).toHaveCount(1);
    await others.getByRole("button", { name: /^Sign out / }).click();
    await expect(page.getByText("That device was signed out.")).toBeVisible();
    await expect(list.locator("li")).toHaveCount(1);
    await other.goto("/dashboard");
    await expect(other).toHaveURL(/\/client-login/);

    await signIn(other, f.sessions.email, f.password);
    await expect(other).toHaveURL(/\/dashboard$/);
    await page.reload();
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(page.getByText("Every other device was signed out.")).toBeVisible();
    await other.goto("/dashboard/settings");
    await expect(other).toHaveURL(/\/client-login/);
    // This browser is still signed in.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/dashboard$/);
    await otherContext.close();
  });
});

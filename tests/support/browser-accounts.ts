import path from "node:path";
import { expect, type Cookie, type Page } from "@playwright/test";
import { unusedTotpCode } from "./totp";
import { uniqueEmail, waitForMail } from "./browser";

/** The last TOTP step used for the e2e admin, shared by the test workers (tests/support/totp.ts). */
export const ADMIN_TOTP_STATE = path.resolve("test-results", "e2e-admin-totp-step");

export type TestAccount = { name: string; email: string; password: string };

/** The path and query of the first link in a mail whose URL contains `contains` (the server's own host differs from the browser's). */
export function linkPathIn(text: string, contains: string) {
  const url = text.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(contains));
  if (!url) throw new Error(`no ${contains} link in mail:\n${text}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** Registers through the Register tab of /client-login (not signed in afterwards). */
export async function signUp(page: Page, account: Partial<TestAccount> = {}): Promise<TestAccount> {
  const full: TestAccount = {
    name: account.name ?? "Layla Test",
    email: account.email ?? uniqueEmail("client"),
    password: account.password ?? "quiet-harbour-2025",
  };
  await page.goto("/client-login?tab=register");
  const form = page.locator("#register-form");
  await form.getByLabel("Full name").fill(full.name);
  await form.getByLabel("Email address").fill(full.email);
  await form.locator("#register-password").fill(full.password);
  await form.locator("#register-confirm-password").fill(full.password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account created! Please check your email to verify your account.")).toBeVisible();
  return full;
}

/**
 * Opens the verification link from the mail to `email` and confirms it with the account's password
 * (the page asks for it: docs/decisions/076). It signs nobody in.
 */
export async function verifyFromMail(page: Page, email: string, password: string) {
  const mail = await waitForMail(email, (m) => m.text.includes("/verify-email?token="));
  const link = linkPathIn(mail.text, "/verify-email?token=");
  await page.goto(link);
  await confirmVerification(page, password);
  return link;
}

/** On the verification page: the password, then Confirm; waits for the confirmation (English). */
export async function confirmVerification(page: Page, password: string) {
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Confirm Email Address" }).click();
  await expect(page.getByText("Thank you: your email address is confirmed.")).toBeVisible();
}

/** A registered, verified client, signed in on `page` (on the dashboard). */
export async function signUpVerified(page: Page, account: Partial<TestAccount> = {}) {
  const full = await signUp(page, account);
  await verifyFromMail(page, full.email, full.password);
  await signIn(page, full.email, full.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return full;
}

/** Signs in through the Login tab; `redirectTo` as the protected page asked. */
export async function signIn(page: Page, email: string, password: string, redirectTo?: string) {
  await page.goto(`/client-login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`);
  const form = page.locator("#login-form");
  await form.locator("#login-email").fill(email);
  await form.locator("#login-password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

/** Enters an authentication code at the second sign-in step. */
export async function enterTwoFactorCode(page: Page, code: string) {
  await expect(page).toHaveURL(/\/client-login\/two-factor/);
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

/** The admin's signed-in cookies, kept per worker: each two-factor sign-in uses up a 30-second code step. */
let adminCookies: Cookie[] | null = null;

/**
 * Signs in as the admin made by the e2e global setup through the first-admin link: password,
 * then a code of its authenticator (computed by the tests' own TOTP, a step not used before).
 * Later calls in the same worker reuse that session (a server-side session row, as a returning
 * browser would), and sign in again only when it has ended.
 */
export async function signInAsAdmin(page: Page) {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  const secret = process.env.E2E_ADMIN_TOTP_SECRET;
  if (!email || !password || !secret) throw new Error("E2E_ADMIN_EMAIL is not set (global setup)");
  if (adminCookies) {
    await page.context().addCookies(adminCookies);
    await page.goto("/admin");
    if (new URL(page.url()).pathname === "/admin") return;
    await page.context().clearCookies();
  }
  await signIn(page, email, password);
  await enterTwoFactorCode(page, await unusedTotpCode(secret, ADMIN_TOTP_STATE));
  await expect(page).toHaveURL(/\/admin$/);
  adminCookies = (await page.context().cookies()).filter(
    (cookie) => cookie.name === "__session" || cookie.name === "__device",
  );
}

/** Staff members' signed-in cookies, kept per worker and account, like the admin's. */
const staffCookies = new Map<string, Cookie[]>();

/**
 * Signs in a member of staff seeded with two-factor sign-in (tests/support/seed-backoffice.ts):
 * password, then a code of their authenticator not used before (steps remembered in a file per
 * account, shared by the test workers). Later calls in the same worker reuse that session.
 */
export async function signInAsStaff(page: Page, staff: { email: string; totpSecret: string }, password: string) {
  const kept = staffCookies.get(staff.email);
  if (kept) {
    await page.context().addCookies(kept);
    await page.goto("/admin");
    if (new URL(page.url()).pathname === "/admin") return;
    await page.context().clearCookies();
  }
  await signIn(page, staff.email, password);
  await enterTwoFactorCode(
    page,
    await unusedTotpCode(staff.totpSecret, path.resolve("test-results", `e2e-totp-${staff.email}`)),
  );
  await expect(page).toHaveURL(/\/admin$/);
  staffCookies.set(
    staff.email,
    (await page.context().cookies()).filter((cookie) => cookie.name === "__session" || cookie.name === "__device"),
  );
}

/** Signs out with the dashboard's Sign Out button and waits until the home page says so. */
export async function signOut(page: Page) {
  await page.getByRole("main").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("You have been signed out.")).toBeVisible();
}

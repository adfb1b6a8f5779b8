import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type { TestInfo } from "@playwright/test";
import { signIn, signInAsAdmin, signUpVerified } from "../support/browser-accounts";
import { expect, expectAccessible, jsEnabled, test, waitForMail } from "../support/browser";

// The client's privacy rights in the browser, with JavaScript on and off: who from the team opened
// their files, Download my data (the ZIP read back by `unzip`), Close my account.

type PrivacyFixture = { email: string; order: string; document: string };

function fixture(testInfo: TestInfo) {
  const raw = process.env.E2E_BACKOFFICE;
  if (!raw) throw new Error("E2E_BACKOFFICE is not set (global setup)");
  const all = JSON.parse(raw) as { password: string; projects: Record<string, { privacy: PrivacyFixture }> };
  return { password: all.password, ...all.projects[testInfo.project.name]!.privacy };
}

test.describe("privacy", () => {
  test("the client sees who from the team opened their document, and downloads their data", async ({
    browser,
    page,
  }, testInfo) => {
    // Three people's sign-ins (one with a second step), a download and a mail.
    test.slow();
    const f = fixture(testInfo);
    // An administrator opens the client's passport.
    const adminContext = await browser.newContext({ javaScriptEnabled: jsEnabled(testInfo) });
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin);
    const opened = await admin.request.get(`/documents/${f.document}`);
    expect(opened.status()).toBe(200);
    await adminContext.close();

    await signIn(page, f.email, f.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/dashboard/orders/${f.order}`);
    const access = page.getByTestId("team-access");
    await expect(access.getByRole("heading", { name: "Who from our team opened your files" })).toBeVisible();
    await expect(
      access.getByRole("listitem").filter({ hasText: "(administrator) opened" }).filter({ hasText: "passport.pdf" }),
    ).toHaveCount(1);
    await expectAccessible(page);

    await page.goto("/dashboard/settings");
    const card = page.getByTestId("data-export");
    await card.getByRole("button", { name: "Prepare my data" }).click();
    await expect(card.getByRole("status")).toContainText("Your file is ready");
    await waitForMail(f.email, (mail) => mail.subject === "Your data is ready to download");
    const downloading = page.waitForEvent("download");
    await card.getByRole("link", { name: "Download my data (ZIP)" }).click();
    const download = await downloading;
    const zip = testInfo.outputPath("my-data.zip");
    await download.saveAs(zip);
    const names = spawnSync("unzip", ["-Z1", zip], { encoding: "utf8" }).stdout.trim().split("\n");
    expect(names).toEqual(expect.arrayContaining(["README.txt", "profile.json", "orders.json"]));
    const passport = names.find((name) => name.endsWith("passport.pdf"))!;
    expect(spawnSync("unzip", ["-p", zip, passport]).stdout.subarray(0, 8).toString("latin1")).toBe("%PDF-1.4");
    expect(JSON.parse(spawnSync("unzip", ["-p", zip, "profile.json"], { encoding: "utf8" }).stdout)).toMatchObject({
      email: f.email,
    });
    fs.rmSync(zip, { force: true });
    await expectAccessible(page);
  });

  test("a client closes their account: a wrong password is refused, then they are signed out and cannot sign in again", async ({
    page,
  }) => {
    // Registration, verification by mail, sign-in, two submissions and a mail.
    test.slow();
    const account = await signUpVerified(page);
    await page.goto("/dashboard/settings");
    const password = page.getByLabel("Your password");
    await password.fill("not-my-password");
    await page.getByRole("button", { name: "Close my account" }).click();
    await expect(page.getByText("That password is not correct.")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/settings/);

    await page.getByLabel("Your password").fill(account.password);
    await page.getByRole("button", { name: "Close my account" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Your account is closed")).toBeVisible();
    await waitForMail(account.email, (mail) => mail.subject === "Your account is closed");
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/client-login/);
    await signIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/client-login/);
    await expect(page.locator("#login-form")).toContainText("Invalid email or password.");
  });
});

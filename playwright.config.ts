import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium where it is installed (Playwright's own download does not work on these machines).
const debianChromium = "/usr/bin/chromium";
const launchOptions = fs.existsSync(debianChromium)
  ? {
      executablePath: debianChromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    }
  : {};

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["json", { outputFile: "test-results/e2e-results.json" }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // Tracing records every test to keep the failing ones (about a sixth of the run): on demand.
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    launchOptions,
  },
  // Every spec runs twice: with JavaScript, and without it (the site must work as plain HTML).
  // Tests tagged for one project only (tests/support/browser.ts) are left out of the other.
  projects: [
    {
      name: "js-on",
      grepInvert: /@only-without-javascript/,
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: true },
    },
    {
      name: "js-off",
      grepInvert: /@only-with-javascript/,
      use: { ...devices["Desktop Chrome"], launchOptions, javaScriptEnabled: false },
    },
  ],
});

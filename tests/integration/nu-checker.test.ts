import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerWithAccounts, type ServerWithAccounts } from "../support/seed-accounts";
import { clientWithCart } from "../support/sign-in";

/**
 * The W3C Nu HTML checker (the vnu-jar package, run on Java) on the signed-in pages a crawler
 * never sees: the cart with an item, the checkout, the client dashboard and an order's page, in
 * both languages, and the quote page. None may have an error, and no section may lack a heading.
 */

const run = promisify(execFile);
// The package exports the jar's path (as a String object with a `vnu` helper attached).
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
const PASSWORD = "nu-checker-pass-2026";
const EMAILS = { client: "nu.client@example.com", otherClient: "nu.other@example.com", admin: "nu.admin@example.com" };

const hasJava = spawnSync("java", ["-version"], { encoding: "utf8" }).status === 0;
// CI installs Java (.ci/run: default-jre-headless); elsewhere the test is skipped without it.
if (process.env.CI && !hasJava)
  throw new Error("Java must be installed for the Nu checker: .ci/run installs default-jre-headless");

type NuMessage = { type: string; subType?: string; url?: string; lastLine?: number; message: string; extract?: string };

let running: ServerWithAccounts;
let dir: string;
let cookies: { cart: string; session: string };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-nu-checker-"));
  running = await startServerWithAccounts({}, EMAILS, PASSWORD);
  cookies = await clientWithCart(running.server, EMAILS.client, PASSWORD);
}, 120_000);

afterAll(async () => {
  await running?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.runIf(hasJava)("Nu HTML checker", () => {
  it("finds no error on the cart with an item, the checkout, the dashboard, an order and the quote page, in English and Arabic", async () => {
    const pages = [
      { name: "cart", path: "/cart", cookie: () => cookies.cart },
      { name: "checkout", path: "/checkout", cookie: () => `${cookies.cart}; ${cookies.session}` },
      { name: "dashboard", path: "/dashboard", cookie: () => cookies.session },
      { name: "quote", path: "/quote", cookie: () => "" },
      { name: "order", path: `/dashboard/orders/${running.seeded.order}`, cookie: () => cookies.session },
    ];
    const files: string[] = [];
    for (const lang of ["en", "ar"] as const) {
      for (const page of pages) {
        const response = await fetch(running.server.url + (lang === "ar" ? "/ar" : "") + page.path, {
          redirect: "manual",
          headers: { Cookie: page.cookie() },
        });
        const html = await response.text();
        expect(response.status, `${lang} ${page.path}`).toBe(200);
        // Each page shows what it is for, so a sign-in page or an empty cart cannot pass for it.
        const shows = (text: string) =>
          expect(html.replace(/\u00A0/g, " ").includes(text), `${lang} ${page.path} shows ${text}`).toBe(true);
        if (page.name === "cart" || page.name === "checkout") shows(lang === "ar" ? "650 درهم" : "AED 650");
        if (page.name === "quote") shows(lang === "ar" ? "احسب سعرك" : "Calculate your price");
        // The uploaded file's size and date, separated by the comma of the page's language.
        if (page.name === "order")
          expect(html.replace(/\u00A0/g, " ").replace(/<!-- -->/g, "")).toMatch(
            lang === "ar"
              ? /passport\.pdf<\/bdi> <span[^>]*>\(18 [^,<]+، /
              : /passport\.pdf<\/bdi> <span[^>]*>\(18 B, /,
          );
        if (page.name === "dashboard") shows(`${lang === "ar" ? "/ar" : ""}/dashboard/orders/${running.seeded.order}`);
        const file = path.join(dir, `${lang}-${page.name}.html`);
        fs.writeFileSync(file, html);
        files.push(file);
      }
    }
    // One Java start for all the pages; vnu exits non-zero when it finds an error, so read its report either way.
    const report = await run("java", ["-jar", vnuJar, "--format", "json", "--stdout", ...files], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => ({
      stdout: error.stdout ?? "",
      stderr: error.stderr ?? "",
    }));
    const { messages } = JSON.parse(report.stdout) as { messages: NuMessage[] };
    const describe = (message: NuMessage) =>
      `${path.basename(message.url ?? "")}:${message.lastLine ?? "?"} ${message.message} ${message.extract ?? ""}`;
    const errors = messages.filter((message) => message.type === "error" || message.subType === "fatal");
    expect(errors.map(describe)).toEqual([]);
    expect(messages.filter((message) => message.message.startsWith("Section lacks heading")).map(describe)).toEqual([]);
    // Every page was read (a file the checker could not open is reported as a non-document error).
    expect(messages.filter((message) => message.type === "non-document-error").map(describe)).toEqual([]);
  }, 180_000);
});

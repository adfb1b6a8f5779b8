import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerWithAccounts, type ServerWithAccounts } from "../support/seed-accounts";
import { clientWithCart } from "../support/sign-in";

/**
 * The pages as lynx and w3m show them (docs/decisions/079-text-browsers.md): the home page, a
 * service page, the cart with an item and the checkout, in both languages. Labels and links stand
 * apart, the navigation is listed once, money is written in the language's one notation, and no
 * redirect makes lynx stop on "Location URL is not absolute".
 */

const run = promisify(execFile);
const PASSWORD = "text-browser-pass-2026";
const EMAILS = {
  client: "reader@example.com",
  otherClient: "other.reader@example.com",
  admin: "admin.reader@example.com",
};

const installed = (command: string) =>
  Boolean(spawnSync("sh", ["-c", `command -v ${command}`], { encoding: "utf8" }).stdout.trim());
const browsers = (["lynx", "w3m"] as const).filter(installed);
// CI installs both (.ci/run); elsewhere a missing one is skipped.
if (process.env.CI && browsers.length < 2)
  throw new Error("lynx and w3m must be installed: .ci/run installs them (apt-get install lynx w3m)");

/** Pairs that must never run together: each label, then what follows it on screen. */
const MUST_STAND_APART: Array<[string, string]> = [
  ["Cart", "0"],
  ["Cart", "1"],
  ["1", "Menu"],
  ["العربية", "Client Login"],
  ["Client Login", "العربية"],
  ["English", "دخول العملاء"],
  ["Check Travel Status", "Consult Legal Expert"],
  ["Rahul M.", "Project engineer"],
  ["Standard", "Regular delivery"],
  ["Express", "50% faster"],
  ["Calculate", "Reset"],
  ["Total", "AED"],
  ["الإجمالي", "650"],
  ["Office hours", "Sunday"],
  ["✓", "Trusted"],
  ["S", "Sanad Legal"],
];

let running: ServerWithAccounts;
let home: string;
let cookies: { cart: string; session: string };

async function dump(browser: (typeof browsers)[number], pathname: string, cookie: string): Promise<string> {
  const url = running.server.url + pathname;
  if (browser === "w3m") {
    const { stdout } = await run(
      "w3m",
      ["-dump", "-cols", "200", "-o", "accept_cookie=0", "-header", `Cookie: ${cookie}`, url],
      { env: { ...process.env, HOME: home } },
    );
    return stdout;
  }
  // lynx reads cookies from a file in Netscape's format.
  const file = path.join(home, "cookies.txt");
  const lines = cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return ["127.0.0.1", "FALSE", "/", "FALSE", "2147483647", pair.slice(0, at), pair.slice(at + 1)].join("\t");
  });
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  // Debian's lynx reads a cookie file only with persistent cookies switched on.
  const config = path.join(home, "lynx.cfg");
  fs.writeFileSync(config, "INCLUDE:/etc/lynx/lynx.cfg\nPERSISTENT_COOKIES:TRUE\n");
  const { stdout, stderr } = await run(
    "lynx",
    [`-cfg=${config}`, "-dump", "-nolist", "-width=200", "-accept_all_cookies", `-cookie_file=${file}`, url],
    { env: { ...process.env, HOME: home } },
  );
  return stdout + stderr;
}

beforeAll(async () => {
  home = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-text-browsers-"));
  running = await startServerWithAccounts({}, EMAILS, PASSWORD);
  cookies = await clientWithCart(running.server, EMAILS.client, PASSWORD);
}, 120_000);

afterAll(async () => {
  await running?.stop();
  fs.rmSync(home, { recursive: true, force: true });
});

describe.runIf(browsers.length > 0)("text browsers", () => {
  const pages = [
    { name: "home", path: "/", cookie: () => "" },
    { name: "a service page", path: "/ban-checks/travel-ban-check", cookie: () => "" },
    { name: "the cart with an item", path: "/cart", cookie: () => cookies.cart },
    { name: "the checkout", path: "/checkout", cookie: () => `${cookies.cart}; ${cookies.session}` },
  ];
  for (const browser of browsers) {
    for (const lang of ["en", "ar"] as const) {
      for (const page of pages) {
        it(`${browser} (${lang}): ${page.name} reads cleanly`, async () => {
          const text = (
            await dump(
              browser,
              (lang === "ar" ? "/ar" : "") + (page.path === "/" && lang === "ar" ? "" : page.path),
              page.cookie(),
            )
          ).replace(/\u00A0/g, " ");
          expect(text).not.toMatch(/not absolute/i);
          for (const [first, second] of MUST_STAND_APART)
            expect(text, `"${first}${second}"`).not.toContain(first + second);
          // The site's links are listed once: the header's navigation is not repeated for small screens.
          // A page no section links to: listed once by the header's navigation, once by the footer.
          const label = lang === "ar" ? "إدارة الذمم المدينة" : "Receivable Management";
          expect(text.split("\n").filter((line) => line.trim().replace(/^[*+•□-]\s*/, "") === label).length, text).toBe(
            2,
          );
          // One money notation, no symbol and no direction marks.
          expect(text).not.toContain("د.إ");
          expect(text).not.toMatch(/[\u200E\u200F\u2066-\u2069]/);
          if (page.path === "/cart" || page.path === "/checkout")
            expect(text).toContain(lang === "ar" ? "650 درهم" : "AED 650");
        }, 60_000);
      }
    }
  }

  it("every redirect names an absolute address on the site, which lynx follows without an alert", async () => {
    for (const [from, to] of [
      ["/cart/update", "/cart"],
      ["/checkout", "/client-login?redirectTo=%2Fcheckout"],
      ["/ar/dashboard", "/ar/client-login?redirectTo=%2Far%2Fdashboard"],
    ] as const) {
      const response = await fetch(running.server.url + from, { redirect: "manual" });
      expect(response.headers.get("location"), from).toBe(running.server.url + to);
    }
    if (browsers.includes("lynx")) {
      const { stdout, stderr } = await run("lynx", ["-dump", "-nolist", "-trace", `${running.server.url}/checkout`], {
        env: { ...process.env, HOME: home },
      });
      const trace = fs.existsSync(path.join(home, "Lynx.trace"))
        ? fs.readFileSync(path.join(home, "Lynx.trace"), "latin1")
        : "";
      expect(stdout + stderr + trace).not.toMatch(/not absolute/i);
      expect(stdout).toContain("Client Login");
    }
  });
});

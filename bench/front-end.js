// Gzipped JavaScript and CSS per page, as the document references them (module preloads, scripts
// and the entry's route imports, style sheets; bench/lib/page-weight.js), gzip level 6, for:
// / and a service page (anonymous), /checkout (a signed-in client with two cart lines),
// /dashboard (that client) and /admin (an admin, no orders). Chunks a page loads later (lazy
// sections after hydration) are counted by bench/lighthouse.js, which sees the network.
//
// Budget (exit 1, printed as "over budget"): / at most 100 KB gzipped JavaScript and 15 KB gzipped CSS.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pageWeight } from "./lib/page-weight.js";
import { benchDatabaseKind, startBenchServer, writeResult } from "./lib/server.js";
import { Visitor, clientWithCart, seedAdmin } from "./lib/session.js";

const BUDGET = { path: "/", jsGzipBytes: 100 * 1024, cssGzipBytes: 15 * 1024 };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-bench-front-"));
const { admin, client: seededClient } = seedAdmin(dataDir);
const server = await startBenchServer({ DATA_DIR: dataDir });
const misses = [];
try {
  const client = await clientWithCart(server.url, seededClient);
  const adminVisitor = new Visitor(server.url);
  await adminVisitor.logIn(admin.email, admin.password, admin.totpSecret);
  const pages = [
    { path: "/", who: "anonymous" },
    { path: "/ban-checks/travel-ban-check", who: "anonymous" },
    { path: "/checkout", who: "client, 2 cart lines", visitor: client, mustContain: "Order Summary" },
    { path: "/dashboard", who: "client", visitor: client },
    { path: "/admin", who: "admin", visitor: adminVisitor },
  ];
  const results = [];
  for (const page of pages) {
    const init = { redirect: "manual", headers: page.visitor ? { Cookie: page.visitor.cookieHeader() } : {} };
    const check = await fetch(server.url + page.path, init);
    const html = await check.text();
    if (check.status !== 200) throw new Error(`GET ${page.path} as ${page.who} answered ${check.status}`);
    if (page.mustContain && !html.includes(page.mustContain))
      throw new Error(`GET ${page.path} did not show "${page.mustContain}"`);
    const weight = await pageWeight(server.url, page.path, init);
    results.push({
      path: page.path,
      who: page.who,
      jsGzipBytes: weight.jsGzipBytes,
      cssGzipBytes: weight.cssGzipBytes,
      htmlGzipBytes: weight.htmlGzipBytes,
      files: weight.files,
    });
    console.log(
      `${page.path.padEnd(30)} ${page.who.padEnd(22)} JS ${(weight.jsGzipBytes / 1024).toFixed(1).padStart(6)} KB (${weight.files.js} files)  CSS ${(weight.cssGzipBytes / 1024).toFixed(1)} KB  HTML ${(weight.htmlGzipBytes / 1024).toFixed(1)} KB`,
    );
  }
  const home = results.find((r) => r.path === BUDGET.path);
  if (home.jsGzipBytes > BUDGET.jsGzipBytes)
    misses.push(`/ loads ${(home.jsGzipBytes / 1024).toFixed(1)} KB gzipped JavaScript (at most 100 KB)`);
  if (home.cssGzipBytes > BUDGET.cssGzipBytes)
    misses.push(`/ loads ${(home.cssGzipBytes / 1024).toFixed(1)} KB gzipped CSS (at most 15 KB)`);
  const file = writeResult("front-end", {
    database: benchDatabaseKind(),
    gzipLevel: 6,
    pages: results,
    budget: BUDGET,
    withinBudget: misses.length === 0,
    misses,
  });
  console.log(`written ${file}`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (misses.length) {
  for (const miss of misses) console.error(`over budget: ${miss}`);
  process.exitCode = 1;
}

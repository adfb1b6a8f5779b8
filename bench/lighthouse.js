// Lighthouse scores of the production build with the mobile preset (a mid-range phone on a
// throttled 4G connection, simulated), run in Debian's Chromium through the `lighthouse` package.
// Writes bench/results/lighthouse.json. Budget (exit 1 when missed), on every audited page:
// performance >= 95, accessibility, best practices and SEO = 100; on / also at most 100 KB
// gzipped JavaScript and 15 KB gzipped CSS referenced by the document (as bench/front-end.js counts
// them). Everything loaded during the audit, chunks fetched after hydration included, is recorded
// beside it (`transferred`, `files`).
//
//   node bench/lighthouse.js [path ...]      (default: /, /ar, /ban-checks/travel-ban-check, /checkout)
// /checkout is audited as a signed-in client with two cart lines (their cookies sent with every
// request Chromium makes, Lighthouse's extraHeaders); the other pages anonymously. It is marked
// noindex on purpose (a shopper's own cart), so its SEO score leaves out the one audit that checks
// the page may be indexed (is-crawlable; recorded as `skippedAudits`) and counts the rest.
//   LIGHTHOUSE_RUNS=3 (median of N runs per page; the machine is shared, scores wobble)
//   CHROME_PATH=/usr/bin/chromium
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { pageWeight } from "./lib/page-weight.js";
import { startBenchServer, writeResult } from "./lib/server.js";
import { clientWithCart, seedAdmin } from "./lib/session.js";

const PAGES = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["/", "/ar", "/ban-checks/travel-ban-check", "/checkout"];
const SIGNED_IN_PATHS = new Set(["/checkout", "/dashboard"]);
const NOINDEX_SKIPPED_AUDITS = ["is-crawlable"];
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CHROME_PATH = process.env.CHROME_PATH ?? (fs.existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const BUDGET = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  jsGzipBytes: 100 * 1024,
  cssGzipBytes: 15 * 1024,
};
const WEIGHT_BUDGET_PATHS = new Set(["/"]);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/**
 * Gzipped bytes (level 6, as bench/front-end.js counts them; headers left out) of every script and
 * style sheet the page loaded during the audit, chunks loaded after hydration included.
 */
async function transferred(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  const files = [];
  for (const item of items.filter((entry) => entry.resourceType === "Script" || entry.resourceType === "Stylesheet")) {
    const gzipBytes = zlib.gzipSync(Buffer.from(await (await fetch(item.url)).arrayBuffer()), { level: 6 }).length;
    files.push({ path: new URL(item.url).pathname, type: item.resourceType, gzipBytes });
  }
  const sum = (type) => files.filter((file) => file.type === type).reduce((total, file) => total + file.gzipBytes, 0);
  return { jsBytes: sum("Script"), cssBytes: sum("Stylesheet"), requests: items.length, files };
}

/** One Lighthouse run; a run whose trace failed (it happens on a busy machine) is tried again, twice at most. */
async function audit(url, port, extraHeaders, skipAudits) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      ...(extraHeaders ? { extraHeaders } : {}),
      ...(skipAudits ? { skipAudits } : {}),
    });
    const error = result ? result.lhr.runtimeError : { code: "NO_RESULT", message: "lighthouse returned nothing" };
    if (!error) return result.lhr;
    if (attempt === 3) throw new Error(`${url}: ${error.code} ${error.message}`);
    console.warn(`${url}: ${error.code}, trying again`);
  }
}

// A confirmed client to sign in as (sign-in waits for a confirmed address), seeded before the server starts.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-bench-lighthouse-"));
const seeded = PAGES.some((path) => SIGNED_IN_PATHS.has(path)) ? seedAdmin(dataDir) : null;
const server = await startBenchServer({ DATA_DIR: dataDir });
const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
const pages = [];
let failed = false;
try {
  // Warm up the server (first database query, JIT) so the first audit does not pay for it.
  const client = seeded ? await clientWithCart(server.url, seeded.client) : null;
  const headersFor = (path) => (SIGNED_IN_PATHS.has(path) ? { Cookie: client.cookieHeader() } : undefined);
  for (const path of PAGES) for (let i = 0; i < 3; i++) await fetch(server.url + path, { headers: headersFor(path) });
  for (const path of PAGES) {
    const check = await fetch(server.url + path, { headers: headersFor(path), redirect: "manual" });
    if (check.status !== 200) throw new Error(`GET ${path} answered ${check.status}`);
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      // The default configuration is the mobile preset (Moto G Power class device, slow 4G, simulated throttling).
      const lhr = await audit(
        server.url + path,
        chrome.port,
        headersFor(path),
        SIGNED_IN_PATHS.has(path) ? NOINDEX_SKIPPED_AUDITS : undefined,
      );
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      );
      const failing = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
        .map((audit) => audit.id);
      runs.push({
        scores,
        metrics: {
          firstContentfulPaintMs: Math.round(lhr.audits["first-contentful-paint"]?.numericValue ?? 0),
          largestContentfulPaintMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
          totalBlockingTimeMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
          cumulativeLayoutShift: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
          speedIndexMs: Math.round(lhr.audits["speed-index"]?.numericValue ?? 0),
        },
        transferred: await transferred(lhr),
        failingAudits: failing,
      });
    }
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, median(runs.map((r) => r.scores[id]))]));
    const metrics = Object.fromEntries(
      Object.keys(runs[0].metrics).map((key) => [key, median(runs.map((r) => r.metrics[key]))]),
    );
    const weight = {
      jsBytes: median(runs.map((r) => r.transferred.jsBytes)),
      cssBytes: median(runs.map((r) => r.transferred.cssBytes)),
    };
    const misses = [];
    for (const id of CATEGORIES) if (scores[id] < BUDGET[id]) misses.push(`${id} ${scores[id]} < ${BUDGET[id]}`);
    const initial = await pageWeight(server.url, path, { headers: headersFor(path) });
    if (WEIGHT_BUDGET_PATHS.has(path)) {
      if (initial.jsGzipBytes > BUDGET.jsGzipBytes)
        misses.push(`JavaScript ${(initial.jsGzipBytes / 1024).toFixed(1)} KB > 100 KB`);
      if (initial.cssGzipBytes > BUDGET.cssGzipBytes)
        misses.push(`CSS ${(initial.cssGzipBytes / 1024).toFixed(1)} KB > 15 KB`);
    }
    const failingAudits = [...new Set(runs.flatMap((r) => r.failingAudits))];
    const files = runs[0].transferred.files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    pages.push({
      path,
      signedIn: SIGNED_IN_PATHS.has(path),
      skippedAudits: SIGNED_IN_PATHS.has(path) ? NOINDEX_SKIPPED_AUDITS : [],
      scores,
      metrics,
      initial: { jsGzipBytes: initial.jsGzipBytes, cssGzipBytes: initial.cssGzipBytes },
      transferred: weight,
      runs: runs.map((r) => r.scores),
      failingAudits,
      withinBudget: misses.length === 0,
      misses,
      files,
    });
    console.log(
      `${path.padEnd(32)} perf ${scores.performance}  a11y ${scores.accessibility}  best ${scores["best-practices"]}  seo ${scores.seo}  ` +
        `LCP ${metrics.largestContentfulPaintMs} ms  TBT ${metrics.totalBlockingTimeMs} ms  CLS ${metrics.cumulativeLayoutShift}  ` +
        `JS ${(initial.jsGzipBytes / 1024).toFixed(1)} KB (${(weight.jsBytes / 1024).toFixed(1)} KB with later chunks)  CSS ${(initial.cssGzipBytes / 1024).toFixed(1)} KB` +
        (misses.length ? `  OVER BUDGET: ${misses.join("; ")}` : "") +
        (failingAudits.length ? `  (failing audits: ${failingAudits.join(", ")})` : ""),
    );
    if (misses.length) {
      failed = true;
      for (const miss of misses) console.error(`over budget: Lighthouse ${path}: ${miss}`);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
// Scores on a shared machine depend on what else runs (Lighthouse's simulated throttling scales the
// CPU time it observes): keep the load average with the figures.
const file = writeResult("lighthouse", {
  loadAverage: os.loadavg().map((value) => Number(value.toFixed(1))),
  preset: "mobile (lighthouse default: emulated mid-range phone, simulated slow 4G)",
  lighthouseRunsPerPage: RUNS,
  budget: BUDGET,
  pages,
  withinBudget: !failed,
});
console.log(`written ${file}`);
if (failed) process.exitCode = 1;

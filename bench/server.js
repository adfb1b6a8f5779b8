// Throughput and latency of the production server (autocannon, 50 connections, 20 s each by
// default): the home page HTML served as a static file by the same Express server (the ceiling on
// this machine), then the anonymous pages the page cache serves (docs/decisions/054): GET /, a
// service page, /ar and the 404 page, and the home page rendered for every request by a second
// server with the cache off (PAGE_CACHE=false), for comparison. The report gives each page's
// ratio to the static file (requests per second, p99) and the server's peak memory (RSS).
//
// The static copy: the server runs in a temporary folder that mirrors the repository except for
// public/, whose entries link to the real ones; the rendered home page is written there as
// public/bench-static/home.html and served by the server's own express.static middleware
// (compression and request logging included, like every request). Nothing in the app changes.
//
// Budget (exit 1, printed as "over budget"): 0 errors in every run; each anonymous page at least
// 0.6 × the static file's requests per second and at most 2 × its p99 latency.
import os from "node:os";
import autocannon from "autocannon";
import { benchDatabaseKind, benchWorkingCopy, startBenchServer, writeResult } from "./lib/server.js";

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SERVICE_PAGE = "/ban-checks/travel-ban-check";
const STATIC_PATH = "/bench-static/home.html";
const BUDGET = { errors: 0, minRequestsPerSecondVsStatic: 0.6, maxP99VsStatic: 2 };

const copy = benchWorkingCopy();
const server = await startBenchServer({}, { cwd: copy.dir });
const uncached = await startBenchServer({ PAGE_CACHE: "false" });
const loadBefore = os.loadavg()[0];
const misses = [];
try {
  // Warm up (first database query, JIT) and take the snapshot from a warm render.
  for (let i = 0; i < 20; i++) await (await fetch(`${server.url}/`)).text();
  for (let i = 0; i < 5; i++) await (await fetch(server.url + SERVICE_PAGE)).text();
  for (let i = 0; i < 20; i++) await (await fetch(`${uncached.url}/`)).text();
  const home = await (await fetch(`${server.url}/`)).text();
  copy.addPublicFile(STATIC_PATH.slice(1), home);
  const served = await fetch(server.url + STATIC_PATH);
  if (served.status !== 200 || (await served.text()) !== home)
    throw new Error("the static copy of the home page is not served");

  const targets = [
    { name: "GET / as a static file", key: "static", path: STATIC_PATH },
    { name: "GET / (anonymous)", key: "home", path: "/", cached: true },
    { name: `GET ${SERVICE_PAGE} (anonymous)`, key: "service", path: SERVICE_PAGE, cached: true },
    { name: "GET /ar (anonymous)", key: "arabic", path: "/ar", cached: true },
    { name: "GET 404 page (anonymous)", key: "notFound", path: "/no-such-page", expectedStatus: 404, cached: true },
    { name: "GET / rendered per request (cache off)", key: "rendered", path: "/", base: uncached },
  ];
  const results = [];
  const ratio = (a, b) => (b ? Math.round((a / b) * 100) / 100 : null);
  let fixed;
  for (const target of targets) {
    const r = await autocannon({
      url: (target.base ?? server).url + target.path,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { "accept-encoding": "gzip" },
    });
    const expected = target.expectedStatus ?? 200;
    const wrongStatus = r.requests.total ? r.requests.total - (r.statusCodeStats?.[expected]?.count ?? 0) : 0;
    const row = {
      name: target.name,
      key: target.key,
      path: target.path,
      requestsPerSecond: Math.round(r.requests.average),
      latencyP50Ms: r.latency.p50,
      latencyP99Ms: r.latency.p99,
      errors: r.errors + r.timeouts + wrongStatus,
      total: r.requests.total,
    };
    if (target.key === "static") fixed = row;
    else
      row.vsStatic = {
        requestsPerSecond: ratio(row.requestsPerSecond, fixed.requestsPerSecond),
        latencyP99: ratio(row.latencyP99Ms, fixed.latencyP99Ms),
      };
    results.push(row);
    if (row.errors > 0) misses.push(`${row.name}: ${row.errors} errors (must be 0)`);
    if (target.cached && row.vsStatic.requestsPerSecond < BUDGET.minRequestsPerSecondVsStatic)
      misses.push(
        `${row.name}: ${row.vsStatic.requestsPerSecond} × the static file's requests per second (at least ${BUDGET.minRequestsPerSecondVsStatic})`,
      );
    if (target.cached && row.vsStatic.latencyP99 > BUDGET.maxP99VsStatic)
      misses.push(
        `${row.name}: ${row.vsStatic.latencyP99} × the static file's p99 latency (at most ${BUDGET.maxP99VsStatic})`,
      );
    const versus = row.vsStatic
      ? `  = ${row.vsStatic.requestsPerSecond} × static req/s, ${row.vsStatic.latencyP99} × static p99`
      : "";
    console.log(
      `${target.name.padEnd(48)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.latencyP50Ms} ms  p99 ${row.latencyP99Ms} ms  errors ${row.errors}${versus}`,
    );
  }
  const homeRow = results.find((r) => r.key === "home");
  // The home page's share of the static ceiling (1 = as fast as a file), as earlier runs reported it.
  const ssrVsStatic = {
    requestsPerSecond: homeRow.vsStatic.requestsPerSecond,
    latencyP99: homeRow.vsStatic.latencyP99,
    latencyP50: ratio(homeRow.latencyP50Ms, fixed.latencyP50Ms),
  };
  const peakRss = server.peakRssMb();
  console.log(
    `home page / static: ${ssrVsStatic.requestsPerSecond} × the requests per second, ${ssrVsStatic.latencyP99} × the p99 latency; peak RSS ${peakRss} MB`,
  );
  const file = writeResult("server", {
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    database: benchDatabaseKind(),
    loadAverage: { before: Number(loadBefore.toFixed(1)), after: Number(os.loadavg()[0].toFixed(1)) },
    homeHtmlBytes: Buffer.byteLength(home),
    results,
    ssrVsStatic,
    peakRssMb: peakRss,
    budget: BUDGET,
    withinBudget: misses.length === 0,
    misses,
  });
  console.log(`written ${file}`);
} finally {
  await Promise.all([server.stop(), uncached.stop()]);
  copy.remove();
}
if (misses.length) {
  for (const miss of misses) console.error(`over budget: ${miss}`);
  process.exitCode = 1;
}

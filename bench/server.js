// Throughput and latency of the production server (autocannon, 50 connections, 20 s each by
// default): GET / rendered by the server (SSR), the very same home page HTML served as a static
// file by the same Express server (the ceiling on this machine), a service page and a 404 page.
// The report gives SSR/static ratios (requests per second, p99), not only absolute numbers, and the
// server's peak memory (RSS).
//
// The static copy: the server runs in a temporary folder that mirrors the repository except for
// public/, whose entries link to the real ones; the rendered home page is written there as
// public/bench-static/home.html and served by the server's own express.static middleware
// (compression and request logging included, like every request). Nothing in the app changes.
//
// Budget (exit 1, printed as "over budget"): 0 errors in every run.
import os from "node:os";
import autocannon from "autocannon";
import { benchDatabaseKind, benchWorkingCopy, startBenchServer, writeResult } from "./lib/server.js";

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SERVICE_PAGE = "/ban-checks/travel-ban-check";
const STATIC_PATH = "/bench-static/home.html";

const copy = benchWorkingCopy();
const server = await startBenchServer({}, { cwd: copy.dir });
const loadBefore = os.loadavg()[0];
const misses = [];
try {
  // Warm up (first database query, JIT) and take the snapshot from a warm render.
  for (let i = 0; i < 20; i++) await (await fetch(`${server.url}/`)).text();
  for (let i = 0; i < 5; i++) await (await fetch(server.url + SERVICE_PAGE)).text();
  const home = await (await fetch(`${server.url}/`)).text();
  copy.addPublicFile(STATIC_PATH.slice(1), home);
  const served = await fetch(server.url + STATIC_PATH);
  if (served.status !== 200 || (await served.text()) !== home) throw new Error("the static copy of the home page is not served");

  const targets = [
    { name: "GET / (SSR)", key: "ssr", path: "/" },
    { name: "GET / as a static file", key: "static", path: STATIC_PATH },
    { name: `GET ${SERVICE_PAGE}`, key: "service", path: SERVICE_PAGE },
    { name: "GET 404 page", key: "notFound", path: "/no-such-page", expectedStatus: 404 },
  ];
  const results = [];
  for (const target of targets) {
    const r = await autocannon({ url: server.url + target.path, connections: CONNECTIONS, duration: DURATION, headers: { "accept-encoding": "gzip" } });
    const expected = target.expectedStatus ?? 200;
    const wrongStatus = r.requests.total ? r.requests.total - (r.statusCodeStats?.[expected]?.count ?? 0) : 0;
    const row = { name: target.name, key: target.key, path: target.path, requestsPerSecond: Math.round(r.requests.average), latencyP50Ms: r.latency.p50, latencyP99Ms: r.latency.p99, errors: r.errors + r.timeouts + wrongStatus, total: r.requests.total };
    results.push(row);
    if (row.errors > 0) misses.push(`${row.name}: ${row.errors} errors (must be 0)`);
    console.log(`${target.name.padEnd(40)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.latencyP50Ms} ms  p99 ${row.latencyP99Ms} ms  errors ${row.errors}`);
  }
  const ssr = results.find((r) => r.key === "ssr");
  const fixed = results.find((r) => r.key === "static");
  const ratio = (a, b) => (b ? Math.round((a / b) * 100) / 100 : null);
  // requestsPerSecond: SSR's share of the static ceiling (1 = as fast as a file); latencyP99: how
  // many times longer the slowest 1 % of SSR answers take than the file's.
  const ssrVsStatic = { requestsPerSecond: ratio(ssr.requestsPerSecond, fixed.requestsPerSecond), latencyP99: ratio(ssr.latencyP99Ms, fixed.latencyP99Ms), latencyP50: ratio(ssr.latencyP50Ms, fixed.latencyP50Ms) };
  const peakRss = server.peakRssMb();
  console.log(`SSR / static: ${ssrVsStatic.requestsPerSecond} × the requests per second, ${ssrVsStatic.latencyP99} × the p99 latency; peak RSS ${peakRss} MB`);
  const file = writeResult("server", {
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    database: benchDatabaseKind(),
    loadAverage: { before: Number(loadBefore.toFixed(1)), after: Number(os.loadavg()[0].toFixed(1)) },
    homeHtmlBytes: Buffer.byteLength(home),
    results,
    ssrVsStatic,
    peakRssMb: peakRss,
    budget: { errors: 0 },
    withinBudget: misses.length === 0,
    misses,
  });
  console.log(`written ${file}`);
} finally {
  await server.stop();
  copy.remove();
}
if (misses.length) {
  for (const miss of misses) console.error(`over budget: ${miss}`);
  process.exitCode = 1;
}

// Throughput and latency of the production server: GET / and a 404 page (autocannon,
// 50 connections, 20 s each by default), plus the gzipped JavaScript and CSS that / loads.
// Budget: / loads at most 100 KB gzipped JavaScript and 15 KB gzipped CSS (exit 1 when exceeded).
import autocannon from "autocannon";
import { pageWeight } from "./lib/page-weight.js";
import { startBenchServer, writeResult } from "./lib/server.js";

const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BUDGET = { jsGzipBytes: 100 * 1024, cssGzipBytes: 15 * 1024 };

const server = await startBenchServer();
try {
  // Warm up (first PGlite query, JIT).
  for (let i = 0; i < 20; i++) await fetch(`${server.url}/`);
  const targets = [
    { name: "GET /", path: "/" },
    { name: "GET 404 page", path: "/no-such-page", expectedStatus: 404 },
  ];
  const results = [];
  let peakRss = server.rssMb();
  for (const target of targets) {
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rssMb())), 250);
    const r = await autocannon({ url: server.url + target.path, connections: CONNECTIONS, duration: DURATION, headers: { "accept-encoding": "gzip" } });
    clearInterval(sampler);
    const wrongStatus = target.expectedStatus ? r.requests.total - (r.statusCodeStats?.[target.expectedStatus]?.count ?? 0) : r.non2xx;
    results.push({ name: target.name, requestsPerSecond: Math.round(r.requests.average), latencyP50Ms: r.latency.p50, latencyP99Ms: r.latency.p99, errors: r.errors + r.timeouts + wrongStatus, total: r.requests.total });
    console.log(`${target.name.padEnd(14)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.errors + r.timeouts + wrongStatus}`);
  }
  const weight = await pageWeight(server.url, "/");
  console.log(`/ loads ${(weight.jsGzipBytes / 1024).toFixed(1)} KB gzipped JS (${weight.files.js} files), ${(weight.cssGzipBytes / 1024).toFixed(1)} KB gzipped CSS; peak RSS ${peakRss} MB`);
  const overBudget = weight.jsGzipBytes > BUDGET.jsGzipBytes || weight.cssGzipBytes > BUDGET.cssGzipBytes;
  const file = writeResult("server", { connections: CONNECTIONS, durationSeconds: DURATION, database: process.env.DATABASE_URL ? "postgresql" : "pglite", results, pageWeight: weight, budget: BUDGET, withinBudget: !overBudget, peakRssMb: peakRss });
  console.log(`written ${file}`);
  if (overBudget) {
    console.error("over budget: / must load at most 100 KB gzipped JS and 15 KB gzipped CSS");
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}

// The back office as the order history grows: the same scenarios at 10,000, 100,000 and 1,000,000
// orders in one run (BENCH_ORDERS_STEPS, comma-separated; the table grows from one step to the
// next). Per step: median and p90 of each list view one request at a time (admin: first page, 200
// pages deep by its next links, status filter, searches, overdue; staff: "My cases", the queue,
// everything they see; the inquiries and users lists, which grow with the orders), the searched
// and filtered list under BENCH_CONNECTIONS connections
// (autocannon), and the full CSV export with the server's memory sampled while it streams.
// Targets at 1,000,000 orders on PostgreSQL: every view median <= 50 ms and p90 <= 100 ms; search +
// filter under 10 connections >= 100 req/s; the CSV of a million rows <= 30 s with flat memory.
// Reported, not enforced (a shared machine's noise would make it flaky); bench/README.md quotes the figures.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { benchDatabaseKind, startBenchServer, writeResult } from "./lib/server.js";
import { Visitor } from "./lib/session.js";

const postgres = benchDatabaseKind() === "postgresql";
// The embedded database is not meant for a million orders on one machine: it stops at 100,000 unless asked.
const STEPS = (
  process.env.BENCH_ORDERS_STEPS ??
  process.env.BENCH_ORDERS ??
  (postgres ? "10000,100000,1000000" : "10000,100000")
)
  .split(",")
  .map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DEEP_PAGES = 200;
const TARGET = { medianMs: 50, p90Ms: 100, requestsPerSecond: 100, csvMillionMs: 30_000 };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-bench-orders-"));
const steps = [];
let failed = false;
try {
  for (const target of STEPS) {
    const step = await runStep(target);
    steps.push(step);
    failed ||= step.failed;
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const last = steps[steps.length - 1];
const file = writeResult("admin-orders", {
  orders: last?.orders,
  database: benchDatabaseKind(),
  samplesPerScenario: SAMPLES,
  target: TARGET,
  targetMs: TARGET.medianMs,
  // The targets are set at a million orders: judged on the largest step.
  withinTarget: last ? withinTarget(last) : false,
  steps,
  // The largest step's figures where earlier reports read them.
  results: last?.results,
  csvExport: last?.csvExport,
  throughput: last?.throughput,
  loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10),
});
console.log(`written ${file}`);
console.log("\ncost as the table grows (median / p90 / database median, request ms):");
console.log(["scenario".padEnd(30), ...steps.map((s) => String(s.orders).padStart(20))].join(" "));
for (const name of last?.results.map((r) => r.name) ?? []) {
  const cell = (s) => {
    const r = s.results.find((x) => x.name === name);
    return (r ? `${r.medianMs} / ${r.p90Ms} / ${r.dbMedianMs ?? "-"}` : "-").padStart(20);
  };
  console.log([name.padEnd(30), ...steps.map(cell)].join(" "));
}
console.log(
  [
    `CSV export (s)`.padEnd(30),
    ...steps.map((s) => String((s.csvExport.medianMs / 1000).toFixed(1)).padStart(20)),
  ].join(" "),
);
console.log(
  [`search+filter req/s`.padEnd(30), ...steps.map((s) => String(s.throughput.requestsPerSecond).padStart(20))].join(
    " ",
  ),
);
if (failed) {
  console.error("admin-orders: a request failed, the CSV did not hold every order, or the load test saw errors");
  process.exitCode = 1;
}

async function runStep(target) {
  const seedStarted = Date.now();
  const seed = spawnSync(process.execPath, ["--import", "tsx", "bench/lib/seed-orders.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      BENCH_ORDERS: String(target),
      SESSION_SECRET: "bench-session-secret-0123456789abcdef012345",
    },
    encoding: "utf8",
    maxBuffer: 16 * 2 ** 20,
  });
  if (seed.status !== 0) throw new Error(`seeding failed:\n${seed.stderr || seed.stdout}`);
  const seeded = JSON.parse(seed.stdout.trim().split("\n").pop());
  const slowestBatchMs = Math.max(0, ...[...seed.stderr.matchAll(/in (\d+) ms/g)].map((m) => Number(m[1])));
  console.log(
    `\n== ${seeded.orders} orders (seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s; slowest statement ${slowestBatchMs} ms)`,
  );

  const server = await startBenchServer({ DATA_DIR: dataDir });
  try {
    const adminHeaders = { cookie: await logIn(server.url, seeded.admin), "accept-encoding": "gzip" };
    const staffHeaders = { cookie: await logIn(server.url, seeded.staff), "accept-encoding": "gzip" };
    const firstPage = await (await fetch(`${server.url}/admin`, { headers: adminHeaders })).text();
    const idPrefix = /data-order-id="([0-9a-f]{8})/.exec(firstPage)?.[1];
    if (!idPrefix) throw new Error("the admin list did not render any order (is the login working?)");
    const deepPath = await followNext(server.url, "/admin", adminHeaders, DEEP_PAGES);
    const deepInquiries = await followNext(server.url, "/admin/inquiries", adminHeaders, DEEP_PAGES);

    const scenarios = [
      { name: "list, first page", path: "/admin", headers: adminHeaders },
      { name: `list, ${DEEP_PAGES} pages deep`, path: deepPath, headers: adminHeaders },
      { name: "filter status", path: "/admin?status=processing", headers: adminHeaders },
      { name: "search e-mail", path: "/admin?q=client42%40bench", headers: adminHeaders },
      { name: "search + filter", path: "/admin?q=haddad&status=completed", headers: adminHeaders },
      { name: "search id prefix", path: `/admin?q=${idPrefix}`, headers: adminHeaders },
      { name: "overdue", path: "/admin?due=overdue", headers: adminHeaders },
      { name: "staff: my cases", path: "/admin?view=mine", headers: staffHeaders },
      { name: "staff: unassigned", path: "/admin?view=unassigned", headers: staffHeaders },
      { name: "staff: all theirs", path: "/admin", headers: staffHeaders },
      { name: "staff: search + filter", path: "/admin?q=haddad&status=completed", headers: staffHeaders },
      // The other lists (as many inquiries as orders, an account per ten orders; decision 093).
      { name: "inquiries, first page", path: "/admin/inquiries", headers: adminHeaders },
      { name: `inquiries, ${DEEP_PAGES} pages deep`, path: deepInquiries, headers: adminHeaders },
      {
        name: "inquiries, status + service",
        path: "/admin/inquiries?status=contacted&service=contract-review",
        headers: adminHeaders,
      },
      { name: "inquiries, search + filter", path: "/admin/inquiries?q=haddad&status=closed", headers: adminHeaders },
      { name: "inquiries, search e-mail", path: "/admin/inquiries?q=lead4242%40bench", headers: adminHeaders },
      { name: "users, first page", path: "/admin/users", headers: adminHeaders },
      { name: "users, role", path: "/admin/users?role=staff", headers: adminHeaders },
      { name: "users, search", path: "/admin/users?q=account42%40bench", headers: adminHeaders },
    ];
    for (let i = 0; i < 10; i++)
      await fetch(server.url + scenarios[0].path, { headers: adminHeaders }).then((r) => r.text());
    const results = [];
    for (const scenario of scenarios) {
      const times = [];
      const dbTimes = [];
      let status = 0;
      for (let i = 0; i < SAMPLES; i++) {
        const started = performance.now();
        const response = await fetch(server.url + scenario.path, { headers: scenario.headers });
        await response.arrayBuffer();
        times.push(performance.now() - started);
        const db = /db;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1];
        if (db) dbTimes.push(Number(db));
        status = response.status;
      }
      // medianMs: the whole request (database, rendering, network on this machine); dbMedianMs: the
      // figures' and the list's queries alone, from the Server-Timing header.
      const row = {
        name: scenario.name,
        status,
        medianMs: round(quantile(times, 0.5)),
        p90Ms: round(quantile(times, 0.9)),
        dbMedianMs: dbTimes.length ? round(quantile(dbTimes, 0.5)) : null,
      };
      results.push(row);
      console.log(
        `${scenario.name.padEnd(24)} median ${row.medianMs} ms  p90 ${row.p90Ms} ms  database ${row.dbMedianMs} ms  (HTTP ${status})`,
      );
    }

    const load = await autocannon({
      url: `${server.url}/admin?q=haddad&status=completed`,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: adminHeaders,
    });
    const throughput = {
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      requestsPerSecond: Math.round(load.requests.average),
      latencyP50Ms: load.latency.p50,
      latencyP90Ms: load.latency.p90,
      latencyP99Ms: load.latency.p99,
      errors: load.errors + load.timeouts + load.non2xx,
    };
    console.log(
      `search + filter, ${CONNECTIONS} connections: ${throughput.requestsPerSecond} req/s  p50 ${throughput.latencyP50Ms} ms  p99 ${throughput.latencyP99Ms} ms  errors ${throughput.errors}`,
    );

    const csvExport = await measureExport(server, adminHeaders.cookie, seeded.orders >= 500_000 ? 1 : 3);
    console.log(
      `CSV export               median ${csvExport.medianMs} ms for ${csvExport.rows} rows (${csvExport.megabytes} MB); server memory ${csvExport.rssBeforeMb} MB before, ${csvExport.rssMaxMb} MB at most while streaming`,
    );
    const cancelled = await measureCancel(server, adminHeaders.cookie);
    console.log(
      `CSV export cancelled after ${cancelled.readMb} MB: server answers again in ${cancelled.nextRequestMs} ms`,
    );

    return {
      orders: seeded.orders,
      seedSeconds: round((Date.now() - seedStarted) / 1000),
      slowestSeedStatementMs: slowestBatchMs,
      results,
      throughput,
      csvExport,
      cancelledExport: cancelled,
      peakRssMb: server.peakRssMb(),
      failed: results.some((r) => r.status !== 200) || csvExport.rows !== seeded.orders || throughput.errors > 0,
    };
  } finally {
    await server.stop();
  }
}

function withinTarget(step) {
  return (
    step.results.every((r) => r.medianMs <= TARGET.medianMs && r.p90Ms <= TARGET.p90Ms) &&
    step.throughput.requestsPerSecond >= TARGET.requestsPerSecond &&
    step.csvExport.medianMs <= (TARGET.csvMillionMs * Math.max(step.orders, 1)) / 1_000_000 + 1000
  );
}

/** Follows a list's "next" link `pages` times (the links carry signed cursors) and returns the last page's path. */
async function followNext(url, start, headers, pages) {
  let current = start;
  for (let i = 0; i < pages; i++) {
    const html = await (await fetch(url + current, { headers })).text();
    const next = /<a[^>]*href="([^"]*)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="([^"]*)"/.exec(html);
    const href = (next?.[1] ?? next?.[2])?.replace(/&amp;/g, "&");
    if (!href) break;
    current = href.startsWith("?") ? `${start.split("?")[0]}${href}` : href;
  }
  return current;
}

/** Downloads the whole export `runs` times, sampling the server's resident memory every 100 ms. */
async function measureExport(server, cookie, runs) {
  const times = [];
  let rows = 0;
  let bytes = 0;
  const rssBeforeMb = server.rssMb();
  let rssMaxMb = rssBeforeMb;
  for (let i = 0; i < runs; i++) {
    const sampler = setInterval(() => (rssMaxMb = Math.max(rssMaxMb, server.rssMb())), 100);
    const started = performance.now();
    const response = await fetch(`${server.url}/admin/orders.csv`, { headers: { cookie } });
    rows = 0;
    bytes = 0;
    // Counted as it arrives, never held whole: the client's memory stays flat as well. Line ends
    // are counted by their "\n" byte, which a chunk boundary cannot split (no cell holds a line break here).
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) rows++;
    }
    times.push(performance.now() - started);
    clearInterval(sampler);
  }
  return {
    medianMs: round(quantile(times, 0.5)),
    rows: rows - 1,
    megabytes: round(bytes / 2 ** 20),
    rssBeforeMb,
    rssMaxMb,
  };
}

/** Starts an export, reads about a megabyte, goes away; then times the next request. */
async function measureCancel(server, cookie) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/admin/orders.csv`, { headers: { cookie }, signal: controller.signal });
  let read = 0;
  try {
    for await (const chunk of response.body) {
      read += chunk.length;
      if (read > 2 ** 20) break;
    }
  } finally {
    controller.abort();
  }
  const started = performance.now();
  await (await fetch(`${server.url}/admin`, { headers: { cookie } })).text();
  return { readMb: round(read / 2 ** 20), nextRequestMs: round(performance.now() - started) };
}

async function logIn(url, { email, password, totpSecret }) {
  const visitor = new Visitor(url);
  await visitor.logIn(email, password, totpSecret);
  return `__session=${visitor.cookies.get("__session")}`;
}

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lower = Math.floor(pos);
  return sorted[lower] + (sorted[Math.min(lower + 1, sorted.length - 1)] - sorted[lower]) * (pos - lower);
}
function round(value) {
  return Math.round(value * 10) / 10;
}

// Memory soak of the production server: a steady mix of GET /, a service page, POST /inquiry (a
// plain form with a fresh submission each time, answered 303) and POST /cart/update (a plain form
// adding a tier, answered 303), for BENCH_SOAK_SECONDS (default 300) after a warm-up of
// BENCH_SOAK_WARMUP_SECONDS (default 60).
//
// Memory is the server's resident set (VmRSS of the child process, /proc/<pid>/status), read at the
// end of the warm-up and at the end of the soak right after the server was made to collect its
// garbage fully (through Node's inspector, see bench/lib/server.js): the budget compares these two.
// Under load RSS follows V8's garbage-collection cycle (on this machine it swings by 100 MB within
// a minute while the heap kept after a full collection stays put), so a reading at an arbitrary
// moment says more about the cycle's phase than about what the server keeps; a leak — V8 heap or
// native (buffers, zlib, the database driver) — survives a full collection and shows. RSS under
// load is still sampled every half second and reported (median of the last 5 s of each phase, peak). Every 5 s the RSS is also split into
// WebAssembly memory (the embedded PGlite database) and the rest (V8 heap, buffers), to tell which
// grows, and the V8 heap in use after each full collection is recorded too.
//
//   BENCH_SOAK_CONNECTIONS (default 4), BENCH_SOAK_RATE (requests per second over all
//   connections, default 40; 0 = as fast as the server answers)
//
// Budget (exit 1, printed as "over budget"): RSS after a full collection at the end at most 10 %
// above the same reading after the warm-up; 0 errors.
import { randomUUID } from "node:crypto";
import os from "node:os";
import autocannon from "autocannon";
import { benchDatabaseKind, startBenchServer, writeResult } from "./lib/server.js";

const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const WARMUP_SECONDS = Number(process.env.BENCH_SOAK_WARMUP_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 4);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 40);
const WINDOW_MS = 5000;
const BUDGET = { rssGrowthPercent: 10, errors: 0 };
const SERVICE_PAGE = "/ban-checks/travel-ban-check";

const server = await startBenchServer({ INQUIRY_RATE_LIMIT: "1000000" }, { inspect: true });
const loadBefore = os.loadavg()[0];
let sent = 0;
const inquiry = () =>
  new URLSearchParams({
    fullName: "Soak Visitor",
    email: `soak-${(sent++).toString(36)}@example.com`,
    phone: "+971 50 123 4567",
    country: "UAE",
    documentId: "784-1990-1234567-1",
    serviceType: "travel-ban-check",
    message: "Is a travel ban registered against me?",
    consent: "on",
    sourcePage: SERVICE_PAGE,
    submissionId: randomUUID(),
  }).toString();
const form = { "content-type": "application/x-www-form-urlencoded", origin: server.url, "accept-encoding": "gzip" };
const cartBody = new URLSearchParams({
  intent: "add",
  serviceType: "travel-ban",
  tierId: "basic",
  redirectTo: SERVICE_PAGE,
}).toString();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : 0;
};

const misses = [];
try {
  // Check each request of the mix answers as expected before loading the server with it.
  const checks = [
    [await fetch(`${server.url}/`), 200],
    [await fetch(server.url + SERVICE_PAGE), 200],
    [await fetch(`${server.url}/inquiry`, { method: "POST", headers: form, body: inquiry(), redirect: "manual" }), 303],
    [
      await fetch(`${server.url}/cart/update`, { method: "POST", headers: form, body: cartBody, redirect: "manual" }),
      303,
    ],
  ];
  for (const [response, status] of checks)
    if (response.status !== status) throw new Error(`${response.url} answered ${response.status}, expected ${status}`);

  const samples = [];
  const started = Date.now();
  let tick = 0;
  const sampler = setInterval(() => {
    const sample = { t: Date.now() - started, rssMb: server.rssMb() };
    if (tick++ % 10 === 9) Object.assign(sample, server.memorySplitMb());
    samples.push(sample);
  }, 500);
  let heapAfterWarmup = null;
  const warmupTimer = setTimeout(
    async () => (heapAfterWarmup = await server.heapAfterGc()),
    WARMUP_SECONDS * 1000 + 100,
  );
  const r = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    ...(RATE > 0 ? { overallRate: RATE } : {}),
    duration: WARMUP_SECONDS + SOAK_SECONDS,
    requests: [
      { method: "GET", path: "/", headers: { "accept-encoding": "gzip" } },
      { method: "GET", path: SERVICE_PAGE, headers: { "accept-encoding": "gzip" } },
      { method: "POST", path: "/inquiry", headers: form, setupRequest: (request) => ({ ...request, body: inquiry() }) },
      { method: "POST", path: "/cart/update", headers: form, body: cartBody },
    ],
  });
  clearInterval(sampler);
  clearTimeout(warmupTimer);
  const heapAtEnd = await server.heapAfterGc();
  const warmupEnd = WARMUP_SECONDS * 1000;
  const end = samples.at(-1)?.t ?? 0;
  const startRss = median(samples.filter((s) => s.t > warmupEnd - WINDOW_MS && s.t <= warmupEnd).map((s) => s.rssMb));
  const endRss = median(samples.filter((s) => s.t > end - WINDOW_MS).map((s) => s.rssMb));
  const growthPercent = startRss ? Math.round(((endRss - startRss) / startRss) * 1000) / 10 : null;
  const sign = (value) => `${value >= 0 ? "+" : ""}${value} %`;
  const errors = r.errors + r.timeouts + r["4xx"] + r["5xx"];
  const peakRss = server.peakRssMb();
  // One sample every 10 s is enough to see a trend in the result file.
  const timeline = samples
    .filter((_, i) => i % 20 === 19)
    .map((s) => ({ seconds: Math.round(s.t / 1000), rssMb: s.rssMb, wasmMb: s.wasmMb, otherMb: s.otherMb }));
  const splitAt = (t) => samples.filter((s) => s.wasmMb !== undefined && s.t <= t).at(-1) ?? {};
  const split = {
    afterWarmup: { wasmMb: splitAt(warmupEnd).wasmMb, otherMb: splitAt(warmupEnd).otherMb },
    end: { wasmMb: splitAt(end).wasmMb, otherMb: splitAt(end).otherMb },
  };
  if (errors > 0) misses.push(`soak: ${errors} errors (must be 0)`);
  const growth = (from, to) => (from ? Math.round(((to - from) / from) * 1000) / 10 : null);
  const gcGrowthPercent = heapAfterWarmup ? growth(heapAfterWarmup.rssMb, heapAtEnd.rssMb) : null;
  if (gcGrowthPercent === null || gcGrowthPercent > BUDGET.rssGrowthPercent) {
    misses.push(
      `soak: RSS after a full GC grew ${gcGrowthPercent} % (${heapAfterWarmup?.rssMb} → ${heapAtEnd.rssMb} MB) in ${SOAK_SECONDS} s, more than ${BUDGET.rssGrowthPercent} %`,
    );
  }
  console.log(
    `soak ${SOAK_SECONDS} s after ${WARMUP_SECONDS} s warm-up (${benchDatabaseKind()}, ${CONNECTIONS} connections, ${RATE || "unlimited"} req/s target): ` +
      `${r.requests.total} requests (${Math.round(r.requests.average)} req/s), p99 ${r.latency.p99} ms, errors ${errors}; ` +
      `RSS after a full GC ${heapAfterWarmup?.rssMb} MB after warm-up → ${heapAtEnd.rssMb} MB at the end (${sign(gcGrowthPercent)}); ` +
      `under load (median of 5 s) ${startRss} → ${endRss} MB (${sign(growthPercent)}), peak ${peakRss} MB ` +
      `(WebAssembly/PGlite ${split.afterWarmup.wasmMb} → ${split.end.wasmMb} MB, the rest ${split.afterWarmup.otherMb} → ${split.end.otherMb} MB); ${sent} inquiries sent; ` +
      `V8 heap in use after a full GC ${heapAfterWarmup?.heapUsedMb} → ${heapAtEnd.heapUsedMb} MB`,
  );
  // One file per database, so bench/README.md can show the embedded and the PostgreSQL soak side by side.
  const file = writeResult(benchDatabaseKind() === "postgresql" ? "soak-postgresql" : "soak", {
    database: benchDatabaseKind(),
    soakSeconds: SOAK_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    connections: CONNECTIONS,
    targetRate: RATE || null,
    mix: ["GET /", `GET ${SERVICE_PAGE}`, "POST /inquiry (form, 303)", "POST /cart/update (form, 303)"],
    loadAverage: { before: Number(loadBefore.toFixed(1)), after: Number(os.loadavg()[0].toFixed(1)) },
    requests: r.requests.total,
    requestsPerSecond: Math.round(r.requests.average),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    errors,
    statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count])),
    inquiriesSent: sent,
    // The budgeted figure: RSS right after a forced full garbage collection.
    rssAfterFullGc: {
      afterWarmupMb: heapAfterWarmup?.rssMb ?? null,
      endMb: heapAtEnd.rssMb,
      growthPercent: gcGrowthPercent,
    },
    // RSS under load: median of the last 5 s of the warm-up and of the soak, and the peak (VmHWM).
    rss: { afterWarmupMb: startRss, endMb: endRss, growthPercent, peakMb: peakRss },
    // RSS split (smaps, one sample each): WebAssembly memory (PGlite) and the rest of the process.
    rssSplit: split,
    // V8 heap in use right after a forced full garbage collection (what the server keeps), and RSS at that moment.
    v8HeapAfterFullGc: { afterWarmupMb: heapAfterWarmup?.heapUsedMb ?? null, endMb: heapAtEnd.heapUsedMb },
    timeline,
    budget: BUDGET,
    withinBudget: misses.length === 0,
    misses,
  });
  console.log(`written ${file}`);
} finally {
  await server.stop();
}
if (misses.length) {
  for (const miss of misses) console.error(`over budget: ${miss}`);
  process.exitCode = 1;
}

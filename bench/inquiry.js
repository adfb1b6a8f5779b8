// Inquiry submissions per second: POST /inquiry as a browser without JavaScript sends it
// (urlencoded, same origin, a fresh submission id each time), answered with 303 back to the page.
// autocannon, 20 connections, 10 s by default, against PostgreSQL: DATABASE_URL when set, else a
// throw-away database on the local server (127.0.0.1:5432, user postgres), else the embedded one.
// Budget: zero errors (every answer a 303) and every submission stored with its two mails queued.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import postgres from "postgres";
import { throwawayPostgres } from "./lib/database.js";
import { startBenchServer, writeResult } from "./lib/server.js";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

async function benchDatabase() {
  const shared = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (shared) return { url: shared, drop: async () => {} };
  const own = process.env.BENCH_DATABASE === "pglite" ? null : await throwawayPostgres("inquiry");
  return own ?? { url: undefined, drop: async () => {} };
}

const database = await benchDatabase();
const server = await startBenchServer({
  INQUIRY_RATE_LIMIT: "1000000",
  ...(database.url ? { DATABASE_URL: database.url } : {}),
});
let sent = 0;
let stopped = false;
const body = () =>
  new URLSearchParams({
    fullName: "Bench Visitor",
    email: `bench-${(sent++).toString(36)}@example.com`,
    phone: "+971 50 123 4567",
    country: "UAE",
    documentId: "784-1990-1234567-1",
    serviceType: "labor-ban-check",
    message: "I would like to know whether a labor ban is on my record.\nThank you.",
    consent: "on",
    sourcePage: "/ban-checks/labor-ban-check",
    submissionId: randomUUID(),
  }).toString();

/** Inquiries and queued mails in the database (a shared BENCH_DATABASE_URL already holds other benchmarks' rows). */
async function countRows() {
  const sql = postgres(database.url, { onnotice: () => {}, max: 1 });
  const [counts] =
    await sql`select (select count(*)::int from inquiries) as stored, (select count(*)::int from outbox) as mails`;
  await sql.end();
  return counts;
}

try {
  const headers = { "content-type": "application/x-www-form-urlencoded", origin: server.url };
  const before = database.url ? await countRows() : null;
  // Warm up (the first request opens the database and compiles the route).
  for (let i = 0; i < 10; i++)
    await fetch(`${server.url}/inquiry`, { method: "POST", headers, body: body(), redirect: "manual" });
  let peakRss = server.rssMb();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rssMb())), 250);
  const r = await autocannon({
    url: `${server.url}/inquiry`,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [{ method: "POST", headers, setupRequest: (request) => ({ ...request, body: body() }) }],
  });
  clearInterval(sampler);
  const redirects = r["3xx"];
  const errors = r.errors + r.timeouts + r["4xx"] + r["5xx"] + r["2xx"];
  let stored = null;
  let mails = null;
  if (database.url) {
    // Requests autocannon gave up on at the end may still be running: stop the server first (it
    // finishes them on SIGTERM), then count both tables in one snapshot.
    await server.stop();
    stopped = true;
    const after = await countRows();
    stored = after.stored - before.stored;
    mails = after.mails - before.mails;
  }
  const result = {
    database: database.url ? "postgresql" : "pglite",
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    requestsPerSecond: Math.round(r.requests.average),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    total: r.requests.total,
    redirects,
    errors,
    stored,
    mailsQueued: mails,
    peakRssMb: peakRss,
  };
  console.log(
    `POST /inquiry (${result.database}, ${CONNECTIONS} connections): ${result.requestsPerSecond} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${errors}` +
      (stored === null ? "" : `  stored ${stored} (sent ${sent}), mails ${mails}`),
  );
  // Every request that got its 303 (plus the warm-up) is a stored inquiry with two mails.
  const lost = stored !== null && (stored < redirects + 10 || mails !== stored * 2);
  writeResult("inquiry", { ...result, withinBudget: errors === 0 && !lost });
  if (errors > 0 || lost) {
    console.error(
      errors > 0
        ? `over budget: ${errors} answers were not 303`
        : "over budget: a submission answered 303 was not stored with its mails",
    );
    process.exitCode = 1;
  }
} finally {
  if (!stopped) await server.stop();
  await database.drop().catch((error) => console.warn(`could not drop the bench database: ${error.message}`));
}

// The checkout page of a signed-in client with two lines in the cart: GET /checkout on the
// production server (autocannon, 10 connections, 10 s by default) next to the same client's home
// page in the same run (signed in, so rendered for every request like the checkout, never from the
// page cache), so a busy machine slows both alike, and the gzipped JavaScript it loads.
// Budget: /checkout serves at least 40 % of the home page's requests per second (it reads the
// session user and prices the cart from the catalogue), no errors, at most 130 KB gzipped
// JavaScript (the form, Conform and the coupon fetcher on top of React and Remix).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { pageWeight } from "./lib/page-weight.js";
import { startBenchServer, writeResult } from "./lib/server.js";
import { seedAdmin } from "./lib/session.js";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const BUDGET = { minThroughputVsHome: 0.4, jsGzipBytes: 130 * 1024 };

// A confirmed client to sign in as (sign-in waits for a confirmed address), seeded before the server starts.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-bench-checkout-"));
const { client } = seedAdmin(dataDir);
const server = await startBenchServer({ DATA_DIR: dataDir });
const cookies = new Map();
const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");

/** A form POST as a browser sends it (same origin), keeping the cookies it sets. */
async function post(path, fields) {
  const response = await fetch(server.url + path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Origin: server.url, Cookie: cookieHeader(), "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...rest] = pair.split("=");
    const value = rest.join("=");
    if (value) cookies.set(name.trim(), value);
    else cookies.delete(name.trim());
  }
  return response;
}

try {
  await post("/client-login", { intent: "login", email: client.email, password: client.password });
  await post("/cart/update", { intent: "add", serviceType: "travel-ban", tierId: "comprehensive" });
  await post("/cart/update", { intent: "add", serviceType: "labor-ban", tierId: "basic" });
  const headers = { Cookie: cookieHeader(), "accept-encoding": "gzip" };
  const page = await fetch(`${server.url}/checkout`, { headers, redirect: "manual" });
  const html = await page.text();
  if (page.status !== 200 || !html.includes("Order Summary") || !html.includes("Pay ")) {
    throw new Error(
      `GET /checkout did not show a cart (status ${page.status}): is the client signed in and the cart filled?`,
    );
  }
  for (let i = 0; i < 20; i++) {
    await fetch(`${server.url}/checkout`, { headers });
    await fetch(`${server.url}/`, { headers });
  }
  let peakRss = server.rssMb();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rssMb())), 250);
  const results = [];
  for (const target of [
    { name: "GET / (signed in)", path: "/", headers },
    { name: "GET /checkout (signed in, 2 cart lines)", path: "/checkout", headers },
  ]) {
    const r = await autocannon({
      url: server.url + target.path,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: target.headers,
    });
    const errors = r.errors + r.timeouts + r.non2xx;
    results.push({
      name: target.name,
      requestsPerSecond: Math.round(r.requests.average),
      latencyP50Ms: r.latency.p50,
      latencyP99Ms: r.latency.p99,
      errors,
      total: r.requests.total,
    });
    console.log(
      `${target.name.padEnd(40)} ${String(Math.round(r.requests.average)).padStart(5)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${errors}`,
    );
  }
  clearInterval(sampler);
  const [home, checkout] = results;
  const ratio = Math.round((checkout.requestsPerSecond / Math.max(1, home.requestsPerSecond)) * 100) / 100;
  const weight = await pageWeight(server.url, "/checkout", { headers: { Cookie: cookieHeader() } });
  console.log(
    `/checkout: ${ratio} × the home page's throughput; loads ${(weight.jsGzipBytes / 1024).toFixed(1)} KB gzipped JS (${weight.files.js} files); peak RSS ${peakRss} MB`,
  );
  const within =
    home.errors + checkout.errors === 0 &&
    ratio >= BUDGET.minThroughputVsHome &&
    weight.jsGzipBytes <= BUDGET.jsGzipBytes;
  const file = writeResult("checkout", {
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    database: process.env.DATABASE_URL ? "postgresql" : "pglite",
    results,
    throughputVsHome: ratio,
    pageWeight: weight,
    budget: BUDGET,
    withinBudget: within,
    peakRssMb: peakRss,
  });
  console.log(`written ${file}`);
  if (!within) {
    console.error(`over budget: ${JSON.stringify(BUDGET)}`);
    process.exitCode = 1;
  }
} finally {
  await server.stop();
}

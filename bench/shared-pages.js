// Shared anonymous pages against the precompressed static ceiling, and the signed-in pages, in one
// run (docs/decisions/091, 092). 50 connections, a browser's `Accept-Encoding: gzip, br`,
// BENCH_DURATION seconds each (default 10):
// - the ceiling: the very brotli bytes of each page (as our server sends them) served by nginx
//   when it is installed, and by a bare Node `http` server (a child process) in any case;
// - anonymous GET /, a service page and /ar from our server (the page cache);
// - signed-in /dashboard, /checkout (a client with two lines in the cart) and /admin.
// Before measuring it checks what a CDN needs on each shared page: Content-Encoding br, Vary with
// Accept-Encoding, a strong ETag, `Cache-Control: public, max-age, stale-while-revalidate`, no
// Set-Cookie, and a 304 to If-None-Match.
// Targets (issue 32; exit 1, "over budget"): no errors; each anonymous page ≥ 5,000 req/s and
// p99 ≤ 20 ms. On a shared machine the figures move with the neighbours' load (recorded).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { benchDatabaseKind, freePort, startBenchServer, writeResult } from "./lib/server.js";
import { seedAdmin, Visitor } from "./lib/session.js";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ACCEPT_ENCODING = "gzip, br";
const PAGES = [
  { key: "home", path: "/" },
  { key: "service", path: "/ban-checks/travel-ban-check" },
  { key: "arabic", path: "/ar" },
];
const BUDGET = { errors: 0, minAnonymousRequestsPerSecond: 5000, maxAnonymousP99Ms: 20 };

/** The bytes and headers as sent (fetch would decode them). */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (chunk) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

/** What a CDN needs to keep the page; the problems found. */
async function cdnProblems(base, pathname) {
  // A visitor who has been here before (the language remembered): nothing to set.
  const cookie = `lang=${pathname.startsWith("/ar") ? "ar" : "en"}`;
  const answer = await rawGet(base + pathname, { "Accept-Encoding": ACCEPT_ENCODING, Cookie: cookie });
  const problems = [];
  if (answer.status !== 200) problems.push(`status ${answer.status}`);
  if (answer.headers["content-encoding"] !== "br")
    problems.push(`Content-Encoding ${answer.headers["content-encoding"]}`);
  if (!/Accept-Encoding/.test(answer.headers.vary ?? "")) problems.push(`Vary ${answer.headers.vary}`);
  if (!/^"[^"]+"$/.test(answer.headers.etag ?? "")) problems.push(`ETag ${answer.headers.etag} (not strong)`);
  if (!/^public, max-age=\d+, stale-while-revalidate=\d+$/.test(answer.headers["cache-control"] ?? ""))
    problems.push(`Cache-Control ${answer.headers["cache-control"]}`);
  if (answer.headers["set-cookie"]) problems.push("Set-Cookie");
  const again = await rawGet(base + pathname, {
    "Accept-Encoding": ACCEPT_ENCODING,
    Cookie: cookie,
    "If-None-Match": answer.headers.etag ?? "",
  });
  if (again.status !== 304) problems.push(`If-None-Match gave ${again.status}`);
  return { answer, problems };
}

/** A bare Node http server in its own process, answering each path with the stored brotli bytes. */
async function startBareNode(dir) {
  const port = await freePort();
  const script = `
    const fs = require("node:fs"), http = require("node:http"), path = require("node:path");
    const pages = new Map(JSON.parse(fs.readFileSync(path.join(${JSON.stringify(dir)}, "index.json"), "utf8")).map(([url, file]) => [url, fs.readFileSync(file)]));
    http.createServer((req, res) => {
      const body = pages.get(req.url);
      if (!body) { res.statusCode = 404; return res.end(); }
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "br", Vary: "Accept-Encoding", "Cache-Control": "public, max-age=60", "Content-Length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise((resolve) => child.stdout.once("data", resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** nginx (Debian's) serving the same files with the same headers, when it is installed. */
async function startNginx(dir, files) {
  const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => fs.existsSync(candidate));
  if (!nginx) return null;
  const port = await freePort();
  // Exact locations answered with one stored file each (try_files: no index lookup for "/").
  const locations = files
    .map(([url, file]) => `location = ${url} { try_files /${path.basename(file)} =404; }`)
    .join("\n");
  const conf = `worker_processes auto; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${dir}; types { } default_type "text/html; charset=utf-8";
    add_header Content-Encoding br; add_header Vary Accept-Encoding; add_header Cache-Control "public, max-age=60";
    ${locations} } }`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  const check = spawnSync(nginx, ["-t", "-c", path.join(dir, "nginx.conf"), "-p", dir], { encoding: "utf8" });
  if (check.status !== 0) {
    console.log(`nginx not usable here, skipped: ${check.stderr.trim().split("\n").pop()}`);
    return null;
  }
  const child = spawn(nginx, ["-c", path.join(dir, "nginx.conf"), "-p", dir, "-g", "daemon off;"], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i++) {
    try {
      await rawGet(url + files[0][0]);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { url, stop: () => child.kill() };
}

async function measure(name, url, headers = {}, expectedBody = null) {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { "accept-encoding": ACCEPT_ENCODING, ...headers },
  });
  const wrongStatus = r.requests.total ? r.requests.total - (r.statusCodeStats?.["200"]?.count ?? 0) : 0;
  const row = {
    name,
    requestsPerSecond: Math.round(r.requests.average),
    latencyP50Ms: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    errors: r.errors + r.timeouts + wrongStatus,
    total: r.requests.total,
    bytes: expectedBody,
  };
  console.log(
    `${name.padEnd(56)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${row.latencyP50Ms} ms  p99 ${row.latencyP99Ms} ms  errors ${row.errors}`,
  );
  return row;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-bench-shared-"));
const { admin, client } = seedAdmin(dataDir);
const server = await startBenchServer({ DATA_DIR: dataDir });
const ceilingDir = fs.mkdtempSync(path.join(os.tmpdir(), "sanad-bench-ceiling-"));
const loadBefore = os.loadavg();
const misses = [];
const stops = [];
try {
  const files = [];
  const cdn = {};
  for (const page of PAGES) {
    const { answer, problems } = await cdnProblems(server.url, page.path);
    cdn[page.path] = {
      problems,
      headers: {
        "cache-control": answer.headers["cache-control"],
        vary: answer.headers.vary,
        etag: answer.headers.etag,
        "content-encoding": answer.headers["content-encoding"],
      },
      brotliBytes: answer.body.length,
    };
    for (const problem of problems) misses.push(`${page.path}: a CDN could not keep it (${problem})`);
    const file = path.join(ceilingDir, `${page.key}.html.br`);
    fs.writeFileSync(file, answer.body);
    files.push([page.path, file]);
  }
  fs.writeFileSync(path.join(ceilingDir, "index.json"), JSON.stringify(files));
  console.log("CDN headers:", JSON.stringify(cdn, null, 1));

  const bare = await startBareNode(ceilingDir);
  stops.push(bare.stop);
  const nginx = await startNginx(ceilingDir, files);
  if (nginx) stops.push(nginx.stop);

  const signedInClient = new Visitor(server.url);
  await signedInClient.logIn(client.email, client.password);
  await signedInClient.post("/cart/update", { intent: "add", serviceType: "travel-ban", tierId: "comprehensive" });
  await signedInClient.post("/cart/update", { intent: "add", serviceType: "labor-ban", tierId: "basic" });
  const signedInAdmin = new Visitor(server.url);
  await signedInAdmin.logIn(admin.email, admin.password, admin.totpSecret);
  // Warm up: templates cached, JIT, first queries.
  for (const page of PAGES)
    for (let i = 0; i < 20; i++) await rawGet(server.url + page.path, { "Accept-Encoding": ACCEPT_ENCODING });
  for (const [pathname, visitor] of [
    ["/dashboard", signedInClient],
    ["/checkout", signedInClient],
    ["/admin", signedInAdmin],
  ])
    for (let i = 0; i < 10; i++)
      await (await fetch(server.url + pathname, { headers: { Cookie: visitor.cookieHeader() } })).text();

  const rows = [];
  for (const page of PAGES) {
    const row = { path: page.path, brotliBytes: cdn[page.path].brotliBytes };
    if (nginx) row.nginx = await measure(`${page.path} precompressed, nginx`, nginx.url + page.path);
    row.bareNode = await measure(`${page.path} precompressed, bare Node http`, bare.url + page.path);
    row.ours = await measure(`${page.path} anonymous, our server`, server.url + page.path, {
      cookie: `lang=${page.path.startsWith("/ar") ? "ar" : "en"}`,
    });
    row.oursVsBareNode = Math.round((row.ours.requestsPerSecond / row.bareNode.requestsPerSecond) * 100) / 100;
    rows.push(row);
    if (row.ours.errors > 0) misses.push(`${page.path}: ${row.ours.errors} errors`);
    if (row.ours.requestsPerSecond < BUDGET.minAnonymousRequestsPerSecond)
      misses.push(
        `${page.path}: ${row.ours.requestsPerSecond} req/s (at least ${BUDGET.minAnonymousRequestsPerSecond})`,
      );
    if (row.ours.latencyP99Ms > BUDGET.maxAnonymousP99Ms)
      misses.push(`${page.path}: p99 ${row.ours.latencyP99Ms} ms (at most ${BUDGET.maxAnonymousP99Ms})`);
  }
  const signedIn = [];
  for (const [pathname, visitor] of [
    ["/dashboard", signedInClient],
    ["/checkout", signedInClient],
    ["/admin", signedInAdmin],
  ]) {
    const row = await measure(`${pathname} signed in`, server.url + pathname, { cookie: visitor.cookieHeader() });
    signedIn.push({ path: pathname, ...row });
    if (row.errors > 0) misses.push(`${pathname}: ${row.errors} errors`);
  }
  const file = writeResult("shared-pages", {
    database: benchDatabaseKind(),
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    acceptEncoding: ACCEPT_ENCODING,
    loadAverage: { before: Number(loadBefore[0].toFixed(1)), after: Number(os.loadavg()[0].toFixed(1)) },
    note: "measured on a 2-core machine shared with other work at the time: figures move with the neighbours' load",
    cdn,
    anonymous: rows,
    signedIn,
    budget: BUDGET,
    withinBudget: misses.length === 0,
    misses,
  });
  console.log(`written ${file}`);
} finally {
  for (const stop of stops) stop();
  await server.stop();
  fs.rmSync(ceilingDir, { recursive: true, force: true });
}
if (misses.length) {
  for (const miss of misses) console.error(`over budget: ${miss}`);
  process.exitCode = 1;
}

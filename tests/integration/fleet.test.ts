import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { count, countDistinct, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { inquiries } from "../../db/schema";
import { startFakeSmtp } from "../support/fake-smtp";
import { openServerDatabase, seedAccounts, signInOverHttp } from "../support/seed-accounts";
import { freePort, startServer, tempDir, type RunningServer } from "../support/server-process";
import { dropPostgresDatabase, testDbKind } from "../support/test-db";

// The product as a fleet (docs/decisions/095): three production processes on one PostgreSQL behind
// a real nginx with the proxy settings compose.yaml ships (deploy/nginx/proxy-settings.conf),
// round robin. Sessions and limits live in the database, so any instance answers any visitor;
// a rolling restart under load (each instance in turn SIGTERM, drained, replaced) fails no request
// and loses no submission; an instance killed mid-request has its requests passed on by nginx and
// nothing stored twice. PostgreSQL only: the embedded database belongs to one process.

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => fs.existsSync(candidate));
if (!NGINX && process.env.CI) throw new Error("nginx is not installed: .ci/run installs it (apt-get install nginx)");
const RUNS = testDbKind() === "postgres" && Boolean(process.env.TEST_DATABASE_URL) && Boolean(NGINX);

const PASSWORD = "fleet-password-2026";
const unique = () => crypto.randomBytes(4).toString("hex");
const RUN = unique();
const EMAILS = { client: `fleet-client-${RUN}@example.com`, otherClient: `fleet-other-${RUN}@example.com`, admin: `fleet-admin-${RUN}@example.com` };
const SIZE = 3;
const METRICS_TOKEN = crypto.randomBytes(24).toString("base64url");

let databaseUrl: string;
let handle: DatabaseHandle;
let publicUrl: string;
let nginx: ChildProcess | undefined;
let nginxLog = "";
const instances: RunningServer[] = [];
const ports: number[] = [];
let instanceEnv: Record<string, string>;
let smtp: Awaited<ReturnType<typeof startFakeSmtp>> | undefined;

async function startNginx(publicPort: number) {
  const dir = tempDir("sanad-fleet-nginx-");
  const upstreams = ports.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join("\n");
  const config = `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream sanad_app {
${upstreams}
  }
  server {
    listen 127.0.0.1:${publicPort};
    location / {
      include ${path.resolve("deploy/nginx/proxy-settings.conf")};
      proxy_pass http://sanad_app;
    }
  }
}
`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), config);
  const check = spawnSync(NGINX!, ["-t", "-p", dir, "-c", path.join(dir, "nginx.conf")], { encoding: "utf8" });
  expect(check.status, check.stderr).toBe(0);
  nginx = spawn(NGINX!, ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  nginx.stderr?.on("data", (chunk: Buffer) => (nginxLog += chunk.toString()));
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${publicUrl}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not start: ${nginxLog}`);
}

function post(base: string, target: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${target}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: publicUrl, ...(cookie ? { Cookie: cookie } : {}), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Which instance answered: every instance gives its own request ids, so ask each one directly. */
async function dashboardStatus(base: string, cookie: string) {
  const response = await fetch(`${base}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
  await response.body?.cancel();
  return response.status;
}

/**
 * Three visitors sending page views and inquiry forms (each with its own submission key, as the
 * page's form carries one) through nginx until stopped; anything but the expected answer is a failure.
 */
function startLoad(marker: string) {
  const result = { marker, failures: [] as string[], acknowledged: 0, pageViews: 0 };
  let running = true;
  const pages = ["/", "/about", "/ar", "/contact", "/ar/about"];
  async function visitor(n: number) {
    let i = 0;
    while (running) {
      i++;
      try {
        if (i % 4 === 0) {
          const lead = {
            fullName: "Fleet Visitor",
            email: `${marker}-${n}-${i}@example.com`,
            phone: "+971 50 123 4567",
            country: "UAE",
            serviceType: "legal-consultation",
            message: "Sent while the fleet changes.",
            consent: "on",
            sourcePage: "/contact",
            submissionId: crypto.randomUUID(),
          };
          const response = await post(publicUrl, "/inquiry", lead);
          await response.body?.cancel();
          if (response.status === 302 || response.status === 303) result.acknowledged++;
          else result.failures.push(`POST /inquiry ${response.status}`);
        } else {
          const page = pages[i % pages.length]!;
          const response = await fetch(`${publicUrl}${page}`, { redirect: "manual" });
          await response.body?.cancel();
          if (response.status === 200) result.pageViews++;
          else result.failures.push(`GET ${page} ${response.status}`);
        }
      } catch (error) {
        result.failures.push(`network: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`);
      }
    }
  }
  const visitors = Promise.all([1, 2, 3].map((n) => visitor(n)));
  return Object.assign(result, {
    stop: async () => {
      running = false;
      await visitors;
    },
  });
}

/** How many inquiries of a load run are stored, and for how many different senders (each sender sent one). */
async function storedInquiries(marker: string) {
  const [row] = await handle.db.select({ rows: count(), distinct: countDistinct(inquiries.email) }).from(inquiries).where(like(inquiries.email, `${marker}-%`));
  return { rows: Number(row!.rows), distinct: Number(row!.distinct) };
}

describe.runIf(RUNS)("the fleet: three instances on one PostgreSQL behind nginx", () => {
  beforeAll(async () => {
    const opened = await openServerDatabase("sanad-fleet-");
    databaseUrl = opened.databaseUrl!;
    try {
      await seedAccounts(opened.handle, EMAILS, PASSWORD);
    } finally {
      await opened.handle.close();
    }
    handle = openDatabase({ url: databaseUrl, poolSize: 2 });
    smtp = await startFakeSmtp();
    const publicPort = await freePort();
    publicUrl = `http://127.0.0.1:${publicPort}`;
    instanceEnv = {
      NODE_ENV: "production",
      SITE_URL: publicUrl,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: "4",
      TRUST_PROXY: "1",
      LOG_REQUESTS: "false",
      INQUIRY_RATE_LIMIT: "1000000",
      SHUTDOWN_GRACE_MS: "10000",
      METRICS_TOKEN,
      SMTP_URL: smtp.url,
    };
    // Started together, as a deployment's replicas come up: the advisory lock lets one migrate
    // (the seeding migrated already: they all find nothing to do, and wait for each other to see it).
    instances.push(...(await Promise.all(Array.from({ length: SIZE }, () => startServer(instanceEnv)))));
    ports.push(...instances.map((instance) => instance.port));
    await startNginx(publicPort);
  }, 180_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.on("exit", resolve));
      nginx.kill("SIGQUIT");
      await exited;
    }
    await Promise.all(instances.map((instance) => instance.stop()));
    await handle?.close();
    await smtp?.close();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  it("spreads requests over every instance (round robin)", async () => {
    const healthChecks = async (instance: RunningServer) => {
      const text = await (await fetch(`${instance.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      const line = text.split("\n").find((row) => row.startsWith("sanad_http_requests_total{") && row.includes('route="/healthz"'));
      return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
    };
    const before = await Promise.all(instances.map(healthChecks));
    for (let i = 0; i < SIZE * 4; i++) expect((await fetch(`${publicUrl}/healthz`)).status).toBe(200);
    const after = await Promise.all(instances.map(healthChecks));
    // Each instance answered its share (round robin: 4 each; a slow moment may shift one or two).
    for (let i = 0; i < SIZE; i++) expect(after[i]! - before[i]!, `instance ${i}`).toBeGreaterThanOrEqual(2);
  });

  it("a session made on one instance works on the others, and signing out ends it everywhere", async () => {
    const cookie = await signInOverHttp(instances[0]!.url, EMAILS.client, PASSWORD);
    for (const instance of instances) expect(await dashboardStatus(instance.url, cookie)).toBe(200);
    for (let i = 0; i < SIZE; i++) expect(await dashboardStatus(publicUrl, cookie)).toBe(200);
    const signedOut = await post(instances[1]!.url, "/logout", {}, cookie);
    expect(signedOut.status).toBe(302);
    for (const instance of instances) expect(await dashboardStatus(instance.url, cookie)).toBe(302);
    for (let i = 0; i < SIZE; i++) expect(await dashboardStatus(publicUrl, cookie)).toBe(302);
  });

  it("a rate limit holds across instances: failed sign-ins through nginx count together", async () => {
    // Five failures per account and address in 15 minutes; nginx spreads them over all three.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await post(publicUrl, "/client-login", { intent: "login", email: EMAILS.otherClient, password: `wrong-${i}-password` });
      const text = await response.text();
      expect(text).toContain("Invalid email or password.");
      statuses.push(response.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    // Now even the right password is refused on whichever instance: three in a row through nginx
    // (one per instance), and each instance asked directly as nginx asks it (its X-Forwarded-For).
    for (const base of [publicUrl, publicUrl, publicUrl, ...instances.map((instance) => instance.url)]) {
      const response = await post(base, "/client-login", { intent: "login", email: EMAILS.otherClient, password: PASSWORD }, undefined, { "X-Forwarded-For": "127.0.0.1" });
      await response.body?.cancel();
      expect(response.status, base).toBe(429);
      expect(response.headers.getSetCookie().some((header) => header.startsWith("__session=") && !header.startsWith("__session=;"))).toBe(false);
    }
  });

  it("a rolling restart under load fails no request and loses no submission", async () => {
    const load = startLoad(`fleet-roll-${RUN}`);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      for (let index = 0; index < SIZE; index++) {
        const old = instances[index]!;
        const exitCode = await old.stop("SIGTERM");
        expect(exitCode, old.output().slice(-2000)).toBe(0);
        instances[index] = await startServer(instanceEnv, { port: ports[index] });
        // Load reaches the new one before the next is stopped.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    } finally {
      await load.stop();
    }
    expect(load.failures, nginxLog.slice(-2000)).toEqual([]);
    expect(load.pageViews).toBeGreaterThan(20);
    expect(load.acknowledged).toBeGreaterThan(5);
    expect(await storedInquiries(load.marker)).toEqual({ rows: load.acknowledged, distinct: load.acknowledged });
    // Each acknowledgement mail goes out once, whichever instance queued it and whichever delivered
    // it (the outbox is claimed with SKIP LOCKED; a draining instance finishes its sending run).
    const acknowledgementsTo = () => smtp!.messages.flatMap((message) => message.to).filter((to) => to.startsWith(load.marker));
    for (let attempt = 0; attempt < 150 && acknowledgementsTo().length < load.acknowledged; attempt++) await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(acknowledgementsTo().length).toBe(load.acknowledged);
    expect(new Set(acknowledgementsTo()).size).toBe(load.acknowledged);
  }, 240_000);

  it("an instance killed with SIGKILL under load: nginx passes its requests on, nothing is stored twice", async () => {
    const load = startLoad(`fleet-kill-${RUN}`);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await instances[1]!.stop("SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      instances[1] = await startServer(instanceEnv, { port: ports[1] });
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await load.stop();
    }
    // A request cut off mid-way is retried on another instance (proxy_next_upstream): a form
    // carries its submission key, so a retried inquiry that had been stored is not stored again.
    expect(load.failures, nginxLog.slice(-2000)).toEqual([]);
    expect(load.acknowledged).toBeGreaterThan(3);
    expect(await storedInquiries(load.marker)).toEqual({ rows: load.acknowledged, distinct: load.acknowledged });
  }, 180_000);
});

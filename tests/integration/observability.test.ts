import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { openServerDatabase, seedAccounts, type SeededAccounts } from "../support/seed-accounts";
import { signInOverHttp } from "../support/sign-in";
import { freePort, startServer, type RunningServer } from "../support/server-process";
import { dropPostgresDatabase, testDbKind } from "../support/test-db";

// Metrics (Prometheus text, on METRICS_PORT and behind METRICS_TOKEN on the main port) and the
// JSON request log of the production build: docs/decisions/096.

const kind = testDbKind();
const PASSWORD = "observability-password-2026";
const TOKEN = crypto.randomBytes(24).toString("base64url");
const unique = () => crypto.randomBytes(4).toString("hex");
const EMAILS = {
  client: `obs-client-${unique()}@example.com`,
  otherClient: `obs-other-${unique()}@example.com`,
  admin: `obs-admin-${unique()}@example.com`,
};

let server: RunningServer;
let seeded: SeededAccounts;
let clientId: string;
let databaseUrl: string | undefined;
let metricsPort: number;
let clientCookie: string;

type LogLine = Record<string, unknown> & {
  type?: string;
  requestId?: string;
  route?: string;
  status?: number;
  userId?: string;
  msg?: string;
};

function logLines(): LogLine[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

async function scrape(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    text: await response.text(),
    headers: response.headers,
  };
}

/** The value of one series in Prometheus text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) continue;
    return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

describe(`metrics and logs of the production build (${kind})`, () => {
  beforeAll(async () => {
    const opened = await openServerDatabase("sanad-observability-");
    databaseUrl = opened.databaseUrl;
    try {
      seeded = await seedAccounts(opened.handle, EMAILS, PASSWORD);
      const [client] = await opened.handle.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, EMAILS.client));
      clientId = client!.id;
    } finally {
      await opened.handle.close();
    }
    metricsPort = await freePort();
    server = await startServer({
      NODE_ENV: "production",
      LOG_REQUESTS: "true",
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
      DATA_DIR: opened.dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    clientCookie = await signInOverHttp(server.url, EMAILS.client, PASSWORD);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  });

  it("answers a scrape on the main port only with the bearer token: 401 without it or with another", async () => {
    const none = await scrape(`${server.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(none.text).not.toContain("sanad_");
    expect((await scrape(`${server.url}/metrics`, { Authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await scrape(`${server.url}/metrics`, { Authorization: TOKEN })).status).toBe(401);
    const good = await scrape(`${server.url}/metrics`, { Authorization: `Bearer ${TOKEN}` });
    expect(good.status).toBe(200);
    expect(good.type).toMatch(/^text\/plain;.*version=0\.0\.4/);
    expect(good.text).toContain("# TYPE sanad_http_requests_total counter");
  });

  it("counts requests by route pattern and status class, never by raw path", async () => {
    const secretPath = `no-such-page-${unique()}`;
    expect((await fetch(`${server.url}/${secretPath}?token=query-token-${unique()}`)).status).toBe(404);
    const order = await fetch(`${server.url}/dashboard/orders/${seeded.order}`, { headers: { Cookie: clientCookie } });
    expect(order.status).toBe(200);
    await order.text();
    const { text } = await scrape(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(text).not.toContain(secretPath);
    expect(text).not.toContain(seeded.order);
    expect(
      sample(text, "sanad_http_requests_total", { method: "GET", route: "/:lang?/*", status: "4xx" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "sanad_http_requests_total", {
        method: "GET",
        route: "/:lang?/dashboard/orders/:id",
        status: "2xx",
      }),
    ).toBe(1);
    expect(
      sample(text, "sanad_http_request_duration_seconds_count", {
        route: "/:lang?/dashboard/orders/:id",
        status: "2xx",
      }),
    ).toBe(1);
    expect(
      sample(text, "sanad_http_request_duration_seconds_bucket", { route: "/:lang?/dashboard/orders/:id", le: "+Inf" }),
    ).toBe(1);
  });

  it("reports page-cache hits and misses, the outbox, jobs, the pool, the event loop and the heap", async () => {
    // Anonymous pages without a query are served from the page cache after their first rendering.
    for (let i = 0; i < 3; i++) await (await fetch(`${server.url}/about`)).text();
    // The mail worker runs at start and every few seconds.
    let text = "";
    for (let attempt = 0; attempt < 50; attempt++) {
      text = (await scrape(`http://127.0.0.1:${metricsPort}/metrics`)).text;
      if (sample(text, "sanad_job_last_success_timestamp_seconds", { job: "mail-delivery" })) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(sample(text, "sanad_page_cache_lookups_total", { result: "hit" })).toBeGreaterThanOrEqual(2);
    expect(sample(text, "sanad_page_cache_lookups_total", { result: "miss" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "sanad_job_last_success_timestamp_seconds", { job: "mail-delivery" })).toBeGreaterThan(
      Date.now() / 1000 - 120,
    );
    expect(sample(text, "sanad_outbox_pending")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "sanad_outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "sanad_db_pool_size")).toBe(kind === "postgres" ? 10 : 1);
    expect(sample(text, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(0);
    expect(sample(text, "nodejs_heap_size_used_bytes")).toBeGreaterThan(1_000_000);
    expect(sample(text, "sanad_http_requests_in_flight")).toBeGreaterThanOrEqual(0);
  });

  it("the metrics listener answers /metrics and nothing else", async () => {
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/healthz`)).status).toBe(404);
  });

  it("logs one JSON line per request with its id, route pattern, status, duration and user id; no password, token, path or query", async () => {
    const response = await fetch(`${server.url}/dashboard`, { headers: { Cookie: clientCookie } });
    await response.text();
    const requestId = response.headers.get("x-request-id")!;
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = logLines().find((entry) => entry.type === "request" && entry.requestId === requestId);
    expect(line, server.output().slice(-2000)).toMatchObject({
      level: "info",
      method: "GET",
      route: "/:lang?/dashboard",
      status: 200,
      userId: clientId,
    });
    expect(typeof line!.durationMs).toBe("number");
    expect(Date.parse(String(line!.time))).toBeGreaterThan(0);
    const anonymous = logLines().filter((entry) => entry.type === "request" && entry.route === "/:lang?/about");
    expect(anonymous.length).toBeGreaterThanOrEqual(3);
    expect(anonymous.every((entry) => entry.userId === undefined)).toBe(true);
    const output = server.output();
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain(TOKEN);
    expect(output).not.toContain(clientCookie.split("=")[1]!.split(";")[0]!);
    expect(output).not.toContain("no-such-page-");
    expect(output).not.toContain("query-token-");
    // Every line is JSON when stdout is no terminal (LOG_FORMAT=auto).
    for (const text of output.split("\n").filter(Boolean)) expect(() => JSON.parse(text), text).not.toThrow();
  });
});

describe(`without METRICS_PORT and METRICS_TOKEN (${kind})`, () => {
  it("exposes no metrics at all", async () => {
    const opened = await openServerDatabase("sanad-no-metrics-");
    await opened.handle.close();
    const plain = await startServer({
      NODE_ENV: "production",
      DATA_DIR: opened.dataDir,
      ...(opened.databaseUrl ? { DATABASE_URL: opened.databaseUrl } : {}),
    });
    try {
      const response = await fetch(`${plain.url}/metrics`, {
        headers: { Authorization: "Bearer anything-at-all-anything-at-all-1234" },
      });
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("sanad_http_requests_total");
    } finally {
      await plain.stop();
      if (opened.databaseUrl) await dropPostgresDatabase(opened.databaseUrl);
    }
  });
});

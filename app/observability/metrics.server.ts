import client from "prom-client";

/**
 * The process's Prometheus metrics (docs/decisions/096). One registry on globalThis: server.ts and
 * the Remix build are two bundles and both record into it. Labels are bounded: route patterns,
 * status classes, job names; never paths, ids or addresses.
 */
type Metrics = ReturnType<typeof createMetrics>;

function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const requests = new client.Counter({
    name: "sanad_http_requests_total",
    help: "Requests answered, by method, route pattern and status class",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "sanad_http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status class",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pageCache = new client.Counter({
    name: "sanad_page_cache_lookups_total",
    help: "Page cache lookups of anonymous pages: hit (served from memory) or miss (rendered)",
    labelNames: ["result"] as const,
    registers: [registry],
  });
  const jobRuns = new client.Counter({
    name: "sanad_job_runs_total",
    help: "Background job runs, by job and outcome",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const jobLastSuccess = new client.Gauge({
    name: "sanad_job_last_success_timestamp_seconds",
    help: "When each background job last finished without error (Unix time)",
    labelNames: ["job"] as const,
    registers: [registry],
  });
  const dbPoolSize = new client.Gauge({
    name: "sanad_db_pool_size",
    help: "Database connections this instance may open (DATABASE_POOL_SIZE; 1 for the embedded database)",
    registers: [registry],
  });
  const dbUnavailable = new client.Counter({
    name: "sanad_db_unavailable_total",
    help: "Requests answered 503 because the database was unreachable or a statement timed out",
    registers: [registry],
  });
  const inFlight = new client.Gauge({
    name: "sanad_http_requests_in_flight",
    help: "Requests being answered now",
    registers: [registry],
  });
  return { registry, requests, duration, pageCache, jobRuns, jobLastSuccess, dbPoolSize, dbUnavailable, inFlight };
}

const metricsKey = Symbol.for("sanad.metrics");
export function metrics(): Metrics {
  const g = globalThis as { [metricsKey]?: Metrics };
  g[metricsKey] ??= createMetrics();
  return g[metricsKey];
}

export function statusClass(status: number) {
  return `${Math.floor(status / 100)}xx`;
}

export function recordRequest(method: string, route: string, status: number, seconds: number) {
  const labels = {
    method: ["GET", "HEAD", "POST"].includes(method) ? method : "other",
    route,
    status: statusClass(status),
  };
  metrics().requests.inc(labels);
  metrics().duration.observe(labels, seconds);
}

export function recordPageCache(result: "hit" | "miss") {
  metrics().pageCache.inc({ result });
}

export function recordJobRun(job: string, ok: boolean) {
  metrics().jobRuns.inc({ job, outcome: ok ? "ok" : "failed" });
  if (ok) metrics().jobLastSuccess.set({ job }, Date.now() / 1000);
}

/** A request answered 503 because the database was away or too slow (statement timeout). */
export function recordDatabaseUnavailable() {
  metrics().dbUnavailable.inc();
}

/** The Prometheus text of every metric. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

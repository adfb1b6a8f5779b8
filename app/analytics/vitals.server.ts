import { and, gte, lt, sql } from "drizzle-orm";
import * as z from "zod";
import { WEB_VITAL_NAMES, webVitals } from "../../db/schema";
import { db } from "../db.server";
import { parseJsonInput } from "../http/input-text.server";
import { retentionRule } from "../privacy/retention";

// For the pages' loaders: through a server module, so the schema (and the ORM) stays out of the browser build.
export { WEB_VITAL_NAMES };
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

/** How long measurements are kept; the performance page looks at the last 7 days. */
/** Measurements are deleted this long after they were taken (the retention table's period). */
export const VITALS_RETENTION_DAYS = retentionRule("web-vitals").period.amount;
export const VITALS_WINDOW_DAYS = 7;
/** Most metrics one beacon may carry (a page sends at most five, one per name, plus repeats of CLS/INP). */
export const MAX_METRICS_PER_BEACON = 10;
/** Largest body we read from a beacon. */
export const MAX_BEACON_BYTES = 4096;

/** Upper bounds well above anything real: a larger value is a broken or forged report. */
const MAX_VALUE: Record<WebVitalName, number> = { LCP: 120_000, INP: 60_000, CLS: 100, FCP: 120_000, TTFB: 120_000 };

/** Google's thresholds (good up to the first, poor from the second), used for the chart colours. */
export const VITAL_THRESHOLDS: Record<WebVitalName, [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export function vitalRating(name: WebVitalName, value: number): "good" | "needs-improvement" | "poor" {
  const [good, poor] = VITAL_THRESHOLDS[name];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

const UUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The route a measurement is stored under: the path without query or fragment, with ids replaced
 * by ":id", so no order id (or anything else personal) is kept. Null for anything that is not a
 * plain site path.
 */
export function normaliseRoute(path: unknown): string | null {
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//") || path.length > 300) return null;
  const pathname = path.split(/[?#]/)[0]!;
  const segments = pathname.split("/").slice(1);
  if (segments.length > 8) return null;
  const cleaned: string[] = [];
  for (const segment of segments) {
    if (segment === "") continue;
    if (UUID_SEGMENT.test(segment) || /^\d+$/.test(segment) || /^[0-9a-f]{16,}$/i.test(segment)) cleaned.push(":id");
    else if (/^[a-z0-9][a-z0-9._-]{0,60}$/i.test(segment)) cleaned.push(segment.toLowerCase());
    else return null;
  }
  return "/" + cleaned.join("/");
}

const metricSchema = z.object({
  name: z.enum(WEB_VITAL_NAMES),
  value: z.number().finite().min(0),
});

const beaconSchema = z.object({
  route: z.string().max(300),
  metrics: z.array(metricSchema).min(1).max(MAX_METRICS_PER_BEACON),
});

export type VitalRecord = { route: string; name: WebVitalName; value: number; rating: string };

/**
 * Reads a beacon body (JSON; sent as text/plain by navigator.sendBeacon). Returns the measurements
 * to store, or null when the body is not a valid report. Only the route, metric name and value are
 * kept: no identifiers, no user agent, no address.
 */
export function parseVitalsBeacon(body: string): VitalRecord[] | null {
  if (body.length === 0 || body.length > MAX_BEACON_BYTES) return null;
  let json: unknown;
  try {
    // Strings pass the input boundary like form fields do (a route path with NUL never reaches the database).
    json = parseJsonInput(body);
  } catch {
    return null;
  }
  const parsed = beaconSchema.safeParse(json);
  if (!parsed.success) return null;
  const route = normaliseRoute(parsed.data.route);
  if (!route) return null;
  const records: VitalRecord[] = [];
  for (const metric of parsed.data.metrics) {
    if (metric.value > MAX_VALUE[metric.name]) return null;
    records.push({ route, name: metric.name, value: metric.value, rating: vitalRating(metric.name, metric.value) });
  }
  return records;
}

export async function recordVitals(records: VitalRecord[], now = new Date()) {
  if (!records.length) return;
  await db.insert(webVitals).values(records.map((r) => ({ ...r, createdAt: now })));
}

/** Deletes measurements older than the retention period. */
export async function pruneVitals(now = new Date()) {
  const cutoff = new Date(now.getTime() - VITALS_RETENTION_DAYS * 86_400_000);
  const deleted = await db.delete(webVitals).where(lt(webVitals.createdAt, cutoff)).returning({ id: webVitals.id });
  return deleted.length;
}

export type RouteVitals = {
  route: string;
  samples: number;
  p75: Partial<Record<WebVitalName, number>>;
  counts: Partial<Record<WebVitalName, number>>;
};

/** The 75th percentile of each metric per route over the last `days` days, busiest routes first. */
export async function vitalsP75ByRoute(now = new Date(), days = VITALS_WINDOW_DAYS): Promise<RouteVitals[]> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const rows = await db
    .select({
      route: webVitals.route,
      name: webVitals.name,
      samples: sql<number>`count(*)`.mapWith(Number),
      p75: sql<number>`percentile_cont(0.75) within group (order by ${webVitals.value})`.mapWith(Number),
    })
    .from(webVitals)
    .where(and(gte(webVitals.createdAt, since), lt(webVitals.createdAt, now)))
    .groupBy(webVitals.route, webVitals.name);
  const byRoute = new Map<string, RouteVitals>();
  for (const row of rows) {
    const entry = byRoute.get(row.route) ?? { route: row.route, samples: 0, p75: {}, counts: {} };
    entry.samples += row.samples;
    entry.p75[row.name] = row.p75;
    entry.counts[row.name] = row.samples;
    byRoute.set(row.route, entry);
  }
  return [...byRoute.values()].sort((a, b) => b.samples - a.samples || a.route.localeCompare(b.route));
}

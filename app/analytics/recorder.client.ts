/**
 * The analytics and performance recorders (browser only; nothing runs without JavaScript).
 * - Page views: 'app_start' once, then 'page_view' per client-side navigation, with the spec's event
 *   shape. The last 100 are kept in local storage and each is forwarded to a tag manager
 *   (window.dataLayer / gtag) when the site has one. Only the path is recorded: never the query
 *   string (it can hold search terms), form contents or chat text.
 * - Core Web Vitals through the web-vitals package, loaded lazily after the page is idle: the last
 *   50 metrics kept locally, and sent anonymously to /api/vitals with navigator.sendBeacon when the
 *   page is hidden.
 */

type DeviceInfo = { userAgent: string; screenSize: string; viewportSize: string; language: string; timezone: string };
export type AnalyticsEvent = {
  event: string;
  data: { sessionId: string; anonymousUserId: string; path: string; device: DeviceInfo; timestamp: string };
  timestamp: string;
};
export type PerformanceMetric = { name: string; value: number; timestamp: string };

const EVENTS_KEY = "sanad.analytics.events";
const METRICS_KEY = "sanad.performance.metrics";
const USER_KEY = "sanad.analytics.uid";
const SESSION_KEY = "sanad.analytics.sid";
export const MAX_EVENTS = 100;
export const MAX_METRICS = 50;

let started = false;
let landingRoute = "/";
const pending = new Map<string, number>();

function randomId() {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : Math.random().toString(36).slice(2);
}

function stored(storage: Storage | undefined, key: string): string {
  try {
    if (!storage) return randomId();
    let value = storage.getItem(key);
    if (!value) {
      value = randomId();
      storage.setItem(key, value);
    }
    return value;
  } catch {
    return randomId();
  }
}

function appendCapped<T>(key: string, item: T, cap: number) {
  try {
    const list = JSON.parse(localStorage.getItem(key) ?? "[]") as unknown;
    const next = [...(Array.isArray(list) ? (list as T[]) : []), item].slice(-cap);
    localStorage.setItem(key, JSON.stringify(next));
  } catch {
    // Storage full or blocked (private mode): recording is best-effort.
  }
}

function readList<T>(key: string): T[] {
  try {
    const list = JSON.parse(localStorage.getItem(key) ?? "[]") as unknown;
    return Array.isArray(list) ? (list as T[]) : [];
  } catch {
    return [];
  }
}

/** The recorded events (newest last), e.g. for a summary of the last 10. */
export const recordedEvents = () => readList<AnalyticsEvent>(EVENTS_KEY);
export const recordedMetrics = () => readList<PerformanceMetric>(METRICS_KEY);

function device(): DeviceInfo {
  return {
    userAgent: navigator.userAgent,
    screenSize: `${screen.width}x${screen.height}`,
    viewportSize: `${window.innerWidth}x${window.innerHeight}`,
    language: navigator.language,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

type TagWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

export function trackEvent(name: string, path: string) {
  const timestamp = new Date().toISOString();
  const event: AnalyticsEvent = {
    event: name,
    data: {
      sessionId: stored(sessionStorage, SESSION_KEY),
      anonymousUserId: stored(localStorage, USER_KEY),
      path,
      device: device(),
      timestamp,
    },
    timestamp,
  };
  appendCapped(EVENTS_KEY, event, MAX_EVENTS);
  const w = window as TagWindow;
  try {
    if (typeof w.gtag === "function") w.gtag("event", name, { page_path: path });
    else if (Array.isArray(w.dataLayer)) w.dataLayer.push({ event: name, ...event.data });
  } catch {
    // A broken tag manager must not break the page.
  }
}

function flushVitals() {
  if (!pending.size) return;
  const metrics = [...pending].map(([name, value]) => ({ name, value }));
  pending.clear();
  const body = JSON.stringify({ route: landingRoute, metrics });
  try {
    if (navigator.sendBeacon) navigator.sendBeacon("/api/vitals", body);
  } catch {
    // Best-effort.
  }
}

async function startVitals() {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import("web-vitals");
  const report = (metric: { name: string; value: number }) => {
    // Later reports of CLS and INP replace earlier ones: one value per metric per beacon.
    pending.set(metric.name, metric.value);
    appendCapped<PerformanceMetric>(
      METRICS_KEY,
      { name: metric.name, value: metric.value, timestamp: new Date().toISOString() },
      MAX_METRICS,
    );
  };
  onTTFB(report);
  onFCP(report);
  onLCP(report);
  onCLS(report);
  onINP(report);
  addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flushVitals();
  });
  addEventListener("pagehide", flushVitals);
}

/** Starts both recorders once, at app start. */
export function startRecorders(path: string) {
  if (started) return;
  started = true;
  landingRoute = path;
  trackEvent("app_start", path);
  const idle = (callback: () => void) =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(callback, { timeout: 3000 })
      : setTimeout(callback, 1500);
  idle(() => {
    startVitals().catch(() => {
      // Without the metrics module (offline, blocked) the site works the same.
    });
  });
}

/** A client-side navigation. */
export function recordPageView(path: string) {
  if (started) trackEvent("page_view", path);
}

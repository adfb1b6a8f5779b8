import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";

export type LiveSource = { url: string; version: string; intervalMs: number; maxIntervalMs: number };

/**
 * Keeps a page's data current while it is open (docs/decisions/067): every few seconds, while
 * the tab is visible, asks `source.url` for the version of what the page shows and reloads the
 * page's data (a revalidation, not a page load) when it differs. Plain short requests, so it
 * works behind any proxy; it backs off when the server does not answer, pauses in hidden tabs,
 * and stops when the answer says the visitor may no longer look (signed out, 404).
 */
export function useLiveUpdates(source: LiveSource | null) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // The version the page's data was loaded with, and whether a reload may start now: read by the timer.
  const current = useRef(source?.version);
  current.current = source?.version;
  const busy = useRef(false);
  busy.current = revalidator.state !== "idle" || navigation.state !== "idle";
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const url = source?.url;
  const intervalMs = source?.intervalMs ?? 5000;
  const maxIntervalMs = source?.maxIntervalMs ?? 60_000;

  useEffect(() => {
    if (!url) return;
    let timer: number | undefined;
    let delay = intervalMs;
    let stopped = false;
    let controller: AbortController | undefined;

    const schedule = () => {
      window.clearTimeout(timer);
      if (!stopped && !document.hidden) timer = window.setTimeout(poll, delay);
    };
    async function poll() {
      controller = new AbortController();
      try {
        const response = await fetch(url!, {
          headers: { Accept: "application/json" },
          cache: "no-store",
          credentials: "same-origin",
          redirect: "manual",
          signal: controller.signal,
        });
        // Signed out (a redirect to the login page) or no longer allowed: nothing more to watch.
        if (
          response.type === "opaqueredirect" ||
          response.status === 401 ||
          response.status === 403 ||
          response.status === 404
        ) {
          stopped = true;
          return;
        }
        if (!response.ok) throw new Error(String(response.status));
        const { version } = (await response.json()) as { version?: unknown };
        delay = intervalMs;
        if (typeof version === "string" && version !== current.current && !busy.current) revalidate.current();
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        delay = Math.min(delay * 2, maxIntervalMs);
      }
      schedule();
    }
    const onVisibility = () => {
      if (document.hidden) window.clearTimeout(timer);
      else {
        // Back in view: look at once, then at the usual pace.
        delay = intervalMs;
        window.clearTimeout(timer);
        if (!stopped) void poll();
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    schedule();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      controller?.abort();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [url, intervalMs, maxIntervalMs]);
}

import { count, inArray, min } from "drizzle-orm";
import client from "prom-client";
import { outbox } from "../../db/schema";
import { db } from "../db.server";
import { metrics } from "./metrics.server";

/** The outbox's backlog, read from the database at each scrape (server.ts registers it once). */
export function registerOutboxMetrics() {
  const { registry } = metrics();
  if (registry.getSingleMetric("sanad_outbox_pending")) return;
  // Both gauges ask once per scrape.
  let query: Promise<{ pending: number; oldestAgeSeconds: number }> | undefined;
  const backlog = () => {
    query ??= db
      .select({ pending: count(), oldest: min(outbox.createdAt) })
      .from(outbox)
      .where(inArray(outbox.status, ["queued", "sending"]))
      .then(([row]) => {
        const oldest = row?.oldest ? new Date(row.oldest) : null;
        return {
          pending: Number(row?.pending ?? 0),
          oldestAgeSeconds: oldest ? Math.max(0, (Date.now() - oldest.getTime()) / 1000) : 0,
        };
      })
      // A scrape while the database is away still answers; these two say "unknown".
      .catch(() => ({ pending: Number.NaN, oldestAgeSeconds: Number.NaN }))
      .finally(() => setTimeout(() => (query = undefined), 0));
    return query;
  };
  new client.Gauge({
    name: "sanad_outbox_pending",
    help: "Mail waiting in the outbox (queued or being sent)",
    registers: [registry],
    async collect() {
      this.set((await backlog()).pending);
    },
  });
  new client.Gauge({
    name: "sanad_outbox_oldest_pending_age_seconds",
    help: "Age of the oldest mail waiting in the outbox (0 when none)",
    registers: [registry],
    async collect() {
      this.set((await backlog()).oldestAgeSeconds);
    },
  });
}

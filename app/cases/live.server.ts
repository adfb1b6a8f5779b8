import crypto from "node:crypto";
import { and, count, eq, max, ne, sql } from "drizzle-orm";
import { orderMessages, orders } from "../../db/schema";
import { db } from "../db.server";
import type { Side } from "./messages.server";

/**
 * Live updates by polling (docs/decisions/067-live-updates-by-polling.md): a page asks a small
 * JSON endpoint for the version of what it shows every few seconds and reloads its data when the
 * version changed. A version is a short hash, so it says nothing about the case itself.
 */
const digest = (parts: Array<string | number | null>) =>
  crypto.createHash("sha256").update(parts.join("|")).digest("base64url").slice(0, 16);

/**
 * The version of a case page: the order's state (status, payment, due time, assignee, last
 * change) and its conversation as `side` sees it (the client's leaves internal notes out).
 */
export async function caseVersion(orderId: string, side: Side): Promise<string> {
  const visible =
    side === "client"
      ? and(eq(orderMessages.orderId, orderId), ne(orderMessages.kind, "note"))
      : eq(orderMessages.orderId, orderId);
  const [[order], [thread]] = await Promise.all([
    db
      .select({
        updatedAt: sql<string>`${orders.updatedAt}::text`,
        status: orders.status,
        payment: orders.paymentStatus,
        due: sql<string | null>`${orders.dueAt}::text`,
        assignee: orders.assigneeId,
      })
      .from(orders)
      .where(eq(orders.id, orderId)),
    db
      .select({
        messages: count(),
        last: max(orderMessages.createdAt),
        resolved: sql<string | null>`max(${orderMessages.resolvedAt})::text`,
      })
      .from(orderMessages)
      .where(visible),
  ]);
  return digest([
    order?.updatedAt ?? null,
    order?.status ?? null,
    order?.payment ?? null,
    order?.due ?? null,
    side === "staff" ? (order?.assignee ?? null) : null,
    thread?.messages ?? 0,
    thread?.last?.toISOString() ?? null,
    thread?.resolved ?? null,
  ]);
}

/** The version of a client's dashboard: their orders' number and last change (statuses, payments, due times). */
export async function dashboardVersion(userId: string): Promise<string> {
  const [row] = await db
    .select({ orders: count(), last: sql<string | null>`max(${orders.updatedAt})::text` })
    .from(orders)
    .where(eq(orders.userId, userId));
  return dashboardVersionOf(row?.orders ?? 0, row?.last ?? null);
}

/** The dashboard's version from its number of orders and their last change (also read with the dashboard's figures). */
export function dashboardVersionOf(orderCount: number, lastUpdated: string | null): string {
  return digest([orderCount, lastUpdated]);
}

/** How often a visible page asks, and the longest wait after failures (it backs off). */
export const LIVE_POLL = { intervalMs: 5000, maxIntervalMs: 60_000 } as const;

/** The JSON answer of a live endpoint: never cached, by a browser or a proxy. */
export function liveResponse(version: string) {
  return new Response(JSON.stringify({ version }), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

import { and, asc, desc, eq, gte, lt } from "drizzle-orm";
import { accessLog, type AccessAction } from "../../db/schema";
import type { UserRole } from "../../db/schema";
import { db, type Queryable } from "../db.server";
import { csvLine } from "../utils/csv.server";

type Actor = { id: string; fullName: string | null; email: string; role: UserRole };

/** One entry of the access log (docs/decisions/080): who did what with whose data, from where. */
export async function recordAccess(
  entry: {
    action: AccessAction;
    actor: Actor | null;
    subjectUserId: string | null;
    orderId?: string | null;
    documentId?: string | null;
    fileName?: string | null;
    clientAddress?: string | null;
  },
  outer: Queryable = db,
) {
  await outer.insert(accessLog).values({
    action: entry.action,
    actorId: entry.actor?.id ?? null,
    // Copied: the client still sees who it was after a rename, a role change or the account's removal.
    actorName: entry.actor ? entry.actor.fullName?.trim() || entry.actor.email : null,
    actorRole: entry.actor?.role ?? null,
    subjectUserId: entry.subjectUserId,
    orderId: entry.orderId ?? null,
    documentId: entry.documentId ?? null,
    fileName: entry.fileName ?? null,
    clientAddress: entry.clientAddress ?? null,
  });
}

/** A member of the team opening a client's document is recorded; the client opening their own is not. */
export function isRecordedDocumentAccess(viewer: { id: string; role: UserRole }, ownerId: string) {
  return viewer.id !== ownerId && (viewer.role === "staff" || viewer.role === "admin");
}

export type TeamAccess = { id: string; name: string; role: "staff" | "admin"; fileName: string; at: Date };

/** Who from the team opened the order's documents and when, newest first: what the client sees on the order page. */
export async function teamAccessToOrder(orderId: string, limit = 50): Promise<TeamAccess[]> {
  const rows = await db
    .select({
      id: accessLog.id,
      name: accessLog.actorName,
      role: accessLog.actorRole,
      fileName: accessLog.fileName,
      at: accessLog.createdAt,
    })
    .from(accessLog)
    .where(and(eq(accessLog.orderId, orderId), eq(accessLog.action, "document-view")))
    .orderBy(desc(accessLog.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? "—",
    role: row.role === "admin" ? "admin" : "staff",
    fileName: row.fileName ?? "",
    at: row.at,
  }));
}

export const ACCESS_LOG_CSV_HEADER = [
  "When (UTC)",
  "Action",
  "Who",
  "Role",
  "Client account",
  "Order ID",
  "Document ID",
  "File",
  "Client address",
];

/** The access log as CSV for admins, oldest first, optionally from/to a date. */
export async function accessLogCsv(range: { from?: Date; to?: Date } = {}): Promise<string> {
  const conditions = [
    range.from ? gte(accessLog.createdAt, range.from) : undefined,
    range.to ? lt(accessLog.createdAt, range.to) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select()
    .from(accessLog)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(accessLog.createdAt))
    .limit(100_000);
  return (
    csvLine(ACCESS_LOG_CSV_HEADER) +
    rows
      .map((row) =>
        csvLine([
          row.createdAt.toISOString(),
          row.action,
          row.actorName,
          row.actorRole,
          row.subjectUserId,
          row.orderId,
          row.documentId,
          row.fileName,
          row.clientAddress,
        ]),
      )
      .join("")
  );
}

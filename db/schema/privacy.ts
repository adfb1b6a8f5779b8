import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, encryptedBytea, id } from "./columns";
import { users } from "./users";

export const ACCESS_ACTIONS = ["document-view", "data-export", "account-closure"] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/**
 * Who opened a client's document or report (staff and admins), and the data exports and account
 * closures (docs/decisions/080). No foreign keys to documents or orders: the record outlives them.
 * The actor's name and role are copied, so the client sees who it was after a role change.
 */
export const accessLog = pgTable(
  "access_log",
  {
    id: id(),
    action: text("action", { enum: ACCESS_ACTIONS }).notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    actorRole: text("actor_role", { enum: ["client", "staff", "admin"] }),
    /** The client whose data it is. */
    subjectUserId: uuid("subject_user_id").references(() => users.id, { onDelete: "set null" }),
    orderId: uuid("order_id"),
    documentId: uuid("document_id"),
    fileName: text("file_name"),
    clientAddress: text("client_address"),
    createdAt: createdAt(),
  },
  (t) => [
    check("access_log_action_check", sql`${t.action} in ('document-view', 'data-export', 'account-closure')`),
    index("access_log_order_idx").on(t.orderId, t.createdAt),
    index("access_log_created_idx").on(t.createdAt),
  ],
);

export const EXPORT_STATUSES = ["queued", "ready", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/**
 * "Download my data" archives: queued, built by the job, ready (encrypted ZIP) until expires_at.
 * At most one queued export per account: two requests at once make one archive.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: EXPORT_STATUSES }).notNull().default("queued"),
    lang: text("lang", { enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    archive: encryptedBytea("archive", "data_exports.archive"),
    sizeBytes: integer("size_bytes"),
    /** The assistant conversation of the browser that asked (kept in a cookie, not in the account). */
    conversationId: uuid("conversation_id"),
    createdAt: createdAt(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [
    check("data_exports_status_check", sql`${t.status} in ('queued', 'ready', 'failed')`),
    uniqueIndex("data_exports_one_queued_key")
      .on(t.userId)
      .where(sql`${t.status} = 'queued'`),
    index("data_exports_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);

export type AccessLogEntry = typeof accessLog.$inferSelect;
export type DataExport = typeof dataExports.$inferSelect;

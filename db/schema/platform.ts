import { sql } from "drizzle-orm";
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

/**
 * Fixed-window counters for rate limits, shared by every app instance through the database.
 * key: "<limit name>:<subject>" (e.g. "login-ip:203.0.113.9").
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limits_expires_idx").on(t.expiresAt)],
);

/**
 * An attachment rendered at sending time: a tax invoice or credit note by id; a consultation's
 * calendar invite by "<booking id>:<REQUEST|CANCEL>" (its current times and SEQUENCE).
 */
export type MailAttachmentRef = { kind: "tax-document" | "consultation-invite"; id: string };

export const OUTBOX_STATUSES = ["queued", "sending", "sent", "failed", "held"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * E-mails to send, written in the same transaction as the record that caused them and
 * delivered by the worker in app/mail/worker.server.ts. "held": no SMTP configured, kept here
 * (readable at /dev/mailbox outside production).
 */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** What the mail is about, e.g. "inquiry-ack"; for tests and the dev mailbox. */
    kind: text("kind").notNull(),
    /** Files made when the mail is sent (e.g. a tax invoice's PDF), by reference: the outbox stays small. */
    attachments: jsonb("attachments").$type<MailAttachmentRef[]>().notNull().default([]),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("outbox_status_check", sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'held')`),
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_created_idx").on(t.createdAt.desc()),
  ],
);

export type OutboxMessage = typeof outbox.$inferSelect;

export const WEB_VITAL_NAMES = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;

/** Core Web Vitals sent by browsers (no personal data): route pattern, metric, value. */
export const webVitals = pgTable(
  "web_vitals",
  {
    id: id(),
    route: text("route").notNull(),
    name: text("name", { enum: WEB_VITAL_NAMES }).notNull(),
    value: doublePrecision("value").notNull(),
    rating: text("rating"),
    createdAt: createdAt(),
  },
  (t) => [
    check("web_vitals_name_check", sql`${t.name} in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')`),
    index("web_vitals_route_name_created_idx").on(t.route, t.name, t.createdAt),
    index("web_vitals_created_idx").on(t.createdAt),
  ],
);

/**
 * Submissions already carried out, by the key their form carried ("<scope>:<form token>"), with
 * what they answered: a repeated submission (a double click, a retry after the connection
 * dropped) gets the first answer instead of being carried out twice. Kept a few days.
 */
export const submissionKeys = pgTable(
  "submission_keys",
  {
    key: text("key").primaryKey(),
    result: jsonb("result").$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [index("submission_keys_created_idx").on(t.createdAt)],
);

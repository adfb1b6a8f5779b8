import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { orders } from "./orders";
import { users } from "./users";

export const CONSULTATION_MODES = ["video", "phone", "in_person"] as const;
export type ConsultationMode = (typeof CONSULTATION_MODES)[number];

/** One stretch of a consultant's week: weekday (0 = Sunday) and minutes after midnight, Gulf time. */
export type WeeklyHours = { weekday: number; startMinute: number; endMinute: number }[];

/**
 * How a member of staff consults. No row: the defaults (every admin and member of staff consults,
 * with the office's opening hours, in every mode), so a fresh install takes bookings at once.
 */
export const consultantSettings = pgTable("consultant_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  consults: boolean("consults").notNull().default(true),
  modes: text("modes")
    .array()
    .notNull()
    .default(sql`'{video,phone,in_person}'::text[]`),
  /** Null: the office's opening hours. */
  weeklyHours: jsonb("weekly_hours").$type<WeeklyHours>(),
  /** The consultant's own meeting link for video sessions (else the configured template). */
  videoUrl: text("video_url"),
  /** SHA-256 of the secret of the consultant's calendar feed URL; null: no feed (or revoked). */
  feedTokenHash: text("feed_token_hash"),
  updatedAt: updatedAt(),
});

/** Days a consultant does not consult (Gulf-time dates), besides the public holidays. */
export const consultantDaysOff = pgTable(
  "consultant_days_off",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const BOOKING_STATES = ["booked", "cancelled", "held", "missed"] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/**
 * A booked consultation session: one credit of a paid order. Every state but "cancelled" uses the
 * credit and holds the consultant's time; an exclusion constraint (migration 0010) keeps two live
 * bookings of one consultant from overlapping, the buffer after each included (`blocked_until`).
 */
export const consultationBookings = pgTable(
  "consultation_bookings",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    clientId: uuid("client_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    consultantId: uuid("consultant_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    mode: text("mode", { enum: CONSULTATION_MODES }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The end plus the buffer before the consultant's next meeting: the time the booking holds. */
    blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
    state: text("state", { enum: BOOKING_STATES }).notNull().default("booked"),
    /** The invite's SEQUENCE: raised with every change mailed to the client. */
    sequence: integer("sequence").notNull().default(0),
    /** The unguessable name of the video room (video sessions). */
    roomName: text("room_name"),
    notes: text("notes"),
    /** The submission key of the form that booked it: a repeated submit finds this booking. */
    submissionKey: text("submission_key"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    changeReason: text("change_reason"),
    reminderDaySentAt: timestamp("reminder_day_sent_at", { withTimezone: true }),
    reminderHourSentAt: timestamp("reminder_hour_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("consultation_bookings_order_idx").on(t.orderId),
    index("consultation_bookings_consultant_starts_idx").on(t.consultantId, t.startsAt),
    index("consultation_bookings_starts_idx").on(t.startsAt),
    uniqueIndex("consultation_bookings_submission_key_idx").on(t.submissionKey),
    check("consultation_bookings_state_check", sql`${t.state} in ('booked', 'cancelled', 'held', 'missed')`),
    check("consultation_bookings_mode_check", sql`${t.mode} in ('video', 'phone', 'in_person')`),
    check("consultation_bookings_times_check", sql`${t.endsAt} > ${t.startsAt} and ${t.blockedUntil} >= ${t.endsAt}`),
  ],
);

export type ConsultationBooking = typeof consultationBookings.$inferSelect;

import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { consultationBookings } from "../../db/schema";
import { db } from "../db.server";
import { queueBookingMail } from "./booking-mail.server";

/**
 * Reminders 24 hours and 1 hour before a session, each sent once however many server processes
 * run: a process claims due bookings with FOR UPDATE SKIP LOCKED, queues the mail and marks the
 * booking in the same transaction, so another process skips or no longer sees them.
 */
const REMINDERS = [
  { kind: "reminder-day", column: "reminderDaySentAt", beforeMs: 24 * 3_600_000 },
  { kind: "reminder-hour", column: "reminderHourSentAt", beforeMs: 3_600_000 },
] as const;

const BATCH = 50;

export async function sendDueReminders(now = new Date()): Promise<number> {
  let sent = 0;
  for (const reminder of REMINDERS) {
    const column = consultationBookings[reminder.column];
    sent += await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: consultationBookings.id })
        .from(consultationBookings)
        .where(
          and(
            eq(consultationBookings.state, "booked"),
            isNull(column),
            gt(consultationBookings.startsAt, now),
            lte(consultationBookings.startsAt, new Date(now.getTime() + reminder.beforeMs)),
          ),
        )
        .limit(BATCH)
        .for("update", { skipLocked: true });
      for (const { id } of due) {
        // A session booked less than an hour ahead gets the hour's reminder only, never the day's as well.
        if (reminder.kind === "reminder-day") {
          await tx.update(consultationBookings).set({ reminderDaySentAt: now }).where(eq(consultationBookings.id, id));
          const [row] = await tx
            .select({ startsAt: consultationBookings.startsAt })
            .from(consultationBookings)
            .where(eq(consultationBookings.id, id));
          if (row && row.startsAt.getTime() - now.getTime() <= 3_600_000) continue;
        } else {
          await tx.update(consultationBookings).set({ reminderHourSentAt: now }).where(eq(consultationBookings.id, id));
        }
        await queueBookingMail(tx, id, reminder.kind);
      }
      return due.length;
    });
  }
  return sent;
}

import { and, asc, eq, gt, sql } from "drizzle-orm";
import { consultationBookings, type ConsultationBooking } from "../../db/schema";
import { db, type Queryable } from "../db.server";
import { isUuid } from "../utils/ids";
import type { BookingError } from "./booking-errors";
import { queueBookingMail } from "./booking-mail.server";
import { clientChangeDeadline } from "./booking-view.server";
import { checkSlot, isConsultationMode, nearestFree, newRoomName, pgCode, Refused } from "./booking.server";
import type { Slot } from "./slots";

/**
 * Rescheduling and cancelling a booked session. The client may until CONSULTATION_CHANGE_HOURS
 * before it starts; staff at any time, with a reason the client reads. Every change raises the
 * invite's SEQUENCE and mails the client (an updated invite, or METHOD:CANCEL); a cancelled
 * session no longer counts against the order's credits, so the credit is back.
 */
export type ChangeActor = { kind: "client"; clientId: string } | { kind: "staff"; userId: string; reason: unknown };
export type ChangeResult =
  { ok: true; booking: ConsultationBooking } | { ok: false; error: BookingError; nearest: Slot[] };

export { clientChangeDeadline };

function staffReason(actor: ChangeActor): string | null {
  if (actor.kind === "client") return null;
  const reason = typeof actor.reason === "string" ? actor.reason.trim() : "";
  if (reason.length < 3 || reason.length > 500) throw new Refused("reason");
  return reason;
}

/** Locks the live booking and checks who may change it now. */
async function lockForChange(tx: Queryable, bookingId: string, actor: ChangeActor, now: Date) {
  if (!isUuid(bookingId)) throw new Refused("not-found");
  const [booking] = await tx
    .select()
    .from(consultationBookings)
    .where(eq(consultationBookings.id, bookingId))
    .for("update");
  if (!booking || (actor.kind === "client" && booking.clientId !== actor.clientId)) throw new Refused("not-found");
  if (booking.state !== "booked") throw new Refused("not-live");
  if (actor.kind === "client" && now.getTime() > clientChangeDeadline(booking).getTime()) throw new Refused("too-late");
  return { booking, reason: staffReason(actor) };
}

/** The one way a booking becomes cancelled: SEQUENCE + 1 and the METHOD:CANCEL mail, in the caller's transaction. */
async function markCancelled(
  tx: Queryable,
  bookingId: string,
  reason: string | null,
  now: Date,
  kind: "cancelled" | "refund-cancelled",
  mailReason: string | null = reason,
) {
  const [updated] = await tx
    .update(consultationBookings)
    .set({
      state: "cancelled",
      cancelledAt: now,
      changeReason: reason,
      sequence: sql`${consultationBookings.sequence} + 1`,
      updatedAt: now,
    })
    .where(eq(consultationBookings.id, bookingId))
    .returning();
  await queueBookingMail(tx, bookingId, kind, mailReason);
  return updated!;
}

export const REFUND_CANCEL_REASON = "Order refunded in full";

/**
 * A full refund takes the order's sessions back (decision 100): its sessions still to come are
 * cancelled in the refund's own transaction, each with a cancellation the client's calendar
 * understands. Sessions already started, held or missed stay as they are.
 */
export async function cancelSessionsOfRefundedOrder(
  tx: Queryable,
  orderId: string,
  now = new Date(),
): Promise<ConsultationBooking[]> {
  const live = await tx
    .select({ id: consultationBookings.id })
    .from(consultationBookings)
    .where(
      and(
        eq(consultationBookings.orderId, orderId),
        eq(consultationBookings.state, "booked"),
        gt(consultationBookings.startsAt, now),
      ),
    )
    .orderBy(asc(consultationBookings.startsAt))
    .for("update");
  const cancelled: ConsultationBooking[] = [];
  // The mail's intro says why; the stored reason is for staff.
  for (const { id } of live)
    cancelled.push(await markCancelled(tx, id, REFUND_CANCEL_REASON, now, "refund-cancelled", null));
  return cancelled;
}

export async function cancelBooking(
  bookingId: string,
  actor: ChangeActor,
  now = new Date(),
  q: Queryable = db,
): Promise<ChangeResult> {
  try {
    const booking = await q.transaction(async (tx) => {
      const { reason } = await lockForChange(tx, bookingId, actor, now);
      return markCancelled(tx, bookingId, reason, now, "cancelled");
    });
    return { ok: true, booking };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.reason, nearest: [] };
    throw error;
  }
}

export type RescheduleRequest = {
  bookingId: string;
  actor: ChangeActor;
  consultantId: unknown;
  startsAt: unknown;
  mode?: unknown;
  now?: Date;
};

/** Moves a session to another slot (and mode): the same exclusion constraint guards the new time. */
export async function rescheduleBooking(request: RescheduleRequest, q: Queryable = db): Promise<ChangeResult> {
  const now = request.now ?? new Date();
  const startsAt =
    request.startsAt instanceof Date
      ? request.startsAt
      : typeof request.startsAt === "number"
        ? new Date(request.startsAt)
        : null;
  let context: { mode: ConsultationBooking["mode"]; minutes: number } | null = null;
  try {
    const booking = await q.transaction(async (tx) => {
      const { booking: current, reason } = await lockForChange(tx, request.bookingId, request.actor, now);
      const mode =
        request.mode === undefined || request.mode === null || request.mode === "" ? current.mode : request.mode;
      if (!isConsultationMode(mode)) throw new Refused("mode");
      const minutes = Math.round((current.endsAt.getTime() - current.startsAt.getTime()) / 60_000);
      context = { mode, minutes };
      if (!startsAt || Number.isNaN(startsAt.getTime())) throw new Refused("slot");
      const { consultant, endsAt, blockedUntil } = await checkSlot(tx, {
        consultantId: request.consultantId,
        startsAt,
        mode,
        minutes,
        now,
      });
      const [updated] = await tx
        .update(consultationBookings)
        .set({
          consultantId: consultant.id,
          mode,
          startsAt,
          endsAt,
          blockedUntil,
          roomName: mode === "video" ? (current.roomName ?? newRoomName()) : current.roomName,
          changeReason: reason,
          sequence: sql`${consultationBookings.sequence} + 1`,
          reminderDaySentAt: null,
          reminderHourSentAt: null,
          updatedAt: now,
        })
        .where(eq(consultationBookings.id, current.id))
        .returning();
      await queueBookingMail(tx, current.id, "rescheduled", reason);
      return updated!;
    });
    return { ok: true, booking };
  } catch (error) {
    const reason: BookingError | null =
      error instanceof Refused ? error.reason : pgCode(error) === "23P01" ? "taken" : null;
    if (!reason) throw error;
    const known = context as { mode: ConsultationBooking["mode"]; minutes: number } | null;
    const nearest =
      known && (reason === "taken" || reason === "unavailable" || reason === "holiday")
        ? await nearestFree(q, known.mode, known.minutes, startsAt ?? now, now)
        : [];
    return { ok: false, error: reason, nearest };
  }
}

import crypto from "node:crypto";
import { and, asc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import {
  consultantDaysOff,
  consultantSettings,
  consultationBookings,
  orderItems,
  orders,
  users,
  CONSULTATION_MODES,
  type ConsultationBooking,
  type ConsultationMode,
} from "../../db/schema";
import { sessionMinutesOfLine } from "../catalogue";
import { holidaySet } from "../cases/holidays.server";
import { addOfficeMinutes } from "../cases/office-time";
import { officeSchedule } from "../cases/turnaround.server";
import { db, type Queryable } from "../db.server";
import { getEnv } from "../env.server";
import { isUuid } from "../utils/ids";
import type { BookingError } from "./booking-errors";
import { queueBookingMail } from "./booking-mail.server";
import { sessionCredits } from "./credits.server";
import {
  consultantSlots,
  freeSlots,
  gulfDate,
  nearestSlots,
  officeWeek,
  type BusyRange,
  type ConsultantAvailability,
  type Slot,
  type SlotRules,
} from "./slots";

/**
 * Booking a session: the slots an order's client may choose and the booking itself. The database
 * holds the line: an exclusion constraint on (consultant, [start, end + buffer)) over live
 * bookings (migration 0010, docs/decisions/088), so two transactions can never both keep
 * overlapping times, on PostgreSQL and on the embedded PGlite alike.
 */

/** Slots are offered for this many days ahead. */
export const BOOKING_DAYS = 14;
/** Slots start every half hour within a consultant's hours. */
export const SLOT_STEP_MINUTES = 30;

export function isConsultationMode(value: unknown): value is ConsultationMode {
  return typeof value === "string" && (CONSULTATION_MODES as readonly string[]).includes(value);
}

/** The modes at least one consultant offers, in the usual order. */
export function offeredModes(consultants: readonly ConsultantAvailability[]): ConsultationMode[] {
  return CONSULTATION_MODES.filter((mode) => consultants.some((c) => c.modes.includes(mode)));
}

/** Who consults and when: every admin and member of staff, with their settings or the defaults. */
export async function loadConsultants(q: Queryable = db, from = new Date()): Promise<ConsultantAvailability[]> {
  const office = officeSchedule();
  const rows = await q
    .select({
      id: users.id,
      consults: consultantSettings.consults,
      modes: consultantSettings.modes,
      weeklyHours: consultantSettings.weeklyHours,
    })
    .from(users)
    .leftJoin(consultantSettings, eq(consultantSettings.userId, users.id))
    .where(and(inArray(users.role, ["staff", "admin"]), sql`${users.closedAt} is null`))
    .orderBy(asc(users.id));
  const daysOff = await q
    .select()
    .from(consultantDaysOff)
    .where(gte(consultantDaysOff.day, gulfDate(new Date(from.getTime() - 86_400_000))));
  return rows
    .filter((row) => row.consults !== false)
    .map((row) => ({
      id: row.id,
      weeklyHours: row.weeklyHours ?? officeWeek(office.openMinute, office.closeMinute, office.days),
      modes: (row.modes ?? CONSULTATION_MODES).filter(isConsultationMode),
      daysOff: new Set(daysOff.filter((d) => d.userId === row.id).map((d) => d.day)),
    }));
}

/** The rules of slots from `now`: the session's length, the buffer, the notice in office time, 14 days. */
export async function slotRules(q: Queryable, minutes: number, now: Date): Promise<SlotRules> {
  const env = getEnv();
  const holidays = await holidaySet(q, now);
  const earliest = addOfficeMinutes(now, env.CONSULTATION_NOTICE_OFFICE_HOURS * 60, { ...officeSchedule(), holidays });
  return {
    minutes,
    bufferMinutes: env.CONSULTATION_BUFFER_MINUTES,
    stepMinutes: SLOT_STEP_MINUTES,
    earliest,
    latest: new Date(now.getTime() + BOOKING_DAYS * 86_400_000),
    holidays,
  };
}

/** Live bookings overlapping [from, to): the time they hold. */
export async function busyRanges(q: Queryable, from: Date, to: Date, exceptBookingId?: string): Promise<BusyRange[]> {
  const rows = await q
    .select({
      consultantId: consultationBookings.consultantId,
      start: consultationBookings.startsAt,
      end: consultationBookings.blockedUntil,
    })
    .from(consultationBookings)
    .where(
      and(
        ne(consultationBookings.state, "cancelled"),
        lt(consultationBookings.startsAt, to),
        gte(consultationBookings.blockedUntil, new Date(from.getTime() - 86_400_000)),
        exceptBookingId ? ne(consultationBookings.id, exceptBookingId) : undefined,
      ),
    );
  return rows;
}

type OrderForBooking = {
  id: string;
  userId: string;
  status: string;
  paymentStatus: string;
  items: { serviceKey: string; tierId: string; quantity: number }[];
};

async function loadOrder(q: Queryable, orderId: string, lock = false): Promise<OrderForBooking | null> {
  if (!isUuid(orderId)) return null;
  const base = q
    .select({ id: orders.id, userId: orders.userId, status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  // The order's row lock serialises bookings of one order, so its credits are never overspent.
  const [order] = lock ? await base.for("update") : await base;
  if (!order) return null;
  const items = await q
    .select({ serviceKey: orderItems.serviceKey, tierId: orderItems.tierId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return { ...order, items };
}

/** A session's length for an order: its lines' session length (the longest, when lines differ). */
export function sessionMinutesOf(order: Pick<OrderForBooking, "items">): number {
  return Math.max(0, ...order.items.map((item) => sessionMinutesOfLine(item.serviceKey, item.tierId)));
}

export async function liveBookingsOf(q: Queryable, orderId: string): Promise<ConsultationBooking[]> {
  return q
    .select()
    .from(consultationBookings)
    .where(and(eq(consultationBookings.orderId, orderId), ne(consultationBookings.state, "cancelled")))
    .orderBy(asc(consultationBookings.startsAt));
}

/** One of a client's bookings, of the order named; null for anyone else's or an unknown id. */
export async function bookingOfClient(
  bookingId: string,
  orderId: string,
  clientId: string,
  q: Queryable = db,
): Promise<ConsultationBooking | null> {
  if (!isUuid(bookingId) || !isUuid(orderId)) return null;
  const [row] = await q
    .select()
    .from(consultationBookings)
    .where(
      and(
        eq(consultationBookings.id, bookingId),
        eq(consultationBookings.orderId, orderId),
        eq(consultationBookings.clientId, clientId),
      ),
    );
  return row ?? null;
}

export type BookingContext = {
  order: OrderForBooking;
  minutes: number;
  credits: number;
  unused: number;
  bookings: ConsultationBooking[];
};

/** The client's order with its sessions: null when it is not theirs or has no session at all. */
export async function bookingContext(
  orderId: string,
  clientId: string,
  q: Queryable = db,
): Promise<BookingContext | null> {
  const order = await loadOrder(q, orderId);
  if (!order || order.userId !== clientId) return null;
  const minutes = sessionMinutesOf(order);
  if (minutes === 0) return null;
  const credits = sessionCredits(order);
  const bookings = await liveBookingsOf(q, orderId);
  return { order, minutes, credits, unused: Math.max(0, credits - bookings.length), bookings };
}

/** The free slots of a mode for a session of `minutes`, from `now` on. */
export async function availableSlots(
  mode: ConsultationMode,
  minutes: number,
  now = new Date(),
  q: Queryable = db,
  exceptBookingId?: string,
): Promise<Slot[]> {
  const rules = await slotRules(q, minutes, now);
  const consultants = await loadConsultants(q, now);
  return freeSlots(consultants, rules, await busyRanges(q, now, rules.latest, exceptBookingId), mode);
}

export type { BookingError };
export type BookingResult =
  { ok: true; booking: ConsultationBooking; repeated: boolean } | { ok: false; error: BookingError; nearest: Slot[] };

export type BookingRequest = {
  orderId: string;
  clientId: string;
  mode: unknown;
  consultantId: unknown;
  startsAt: unknown;
  /** The length the form was shown (optional): a different one is refused. */
  minutes?: unknown;
  submissionKey?: string | null;
  now?: Date;
};

/**
 * The consultant offers this slot for a session of `minutes` in this mode (bookings aside: the
 * exclusion constraint judges those): the consultant and the time the booking holds, or Refused.
 */
export async function checkSlot(
  tx: Queryable,
  slot: { consultantId: unknown; startsAt: Date; mode: ConsultationMode; minutes: number; now: Date },
) {
  const { startsAt, now } = slot;
  if (startsAt.getTime() <= now.getTime()) throw new Refused("past");
  const consultant = (await loadConsultants(tx, now)).find((c) => c.id === slot.consultantId);
  if (!consultant || !consultant.modes.includes(slot.mode)) throw new Refused("consultant");
  const rules = await slotRules(tx, slot.minutes, now);
  const offered = consultantSlots(consultant, rules).some((s) => s.startsAt.getTime() === startsAt.getTime());
  if (!offered) throw new Refused(whyUnavailable(startsAt, now, rules, consultant));
  const endsAt = new Date(startsAt.getTime() + slot.minutes * 60_000);
  return { consultant, endsAt, blockedUntil: new Date(endsAt.getTime() + rules.bufferMinutes * 60_000) };
}

export class Refused extends Error {
  constructor(readonly reason: BookingError) {
    super(reason);
  }
}

export function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Why a slot the consultant does not offer was refused: the clearest reason the client can act on. */
function whyUnavailable(start: Date, now: Date, rules: SlotRules, consultant: ConsultantAvailability): BookingError {
  if (start.getTime() <= now.getTime()) return "past";
  if (rules.holidays.has(gulfDate(start))) return "holiday";
  void consultant;
  return "unavailable";
}

/** A video room name nobody can guess (128 random bits). */
export function newRoomName(): string {
  return `sanad-${crypto.randomBytes(16).toString("base64url")}`;
}

/**
 * Books one session of the client's order at the chosen slot, in one transaction: the order is
 * locked (credits), the slot checked against the consultant's availability, and the insert left
 * to the exclusion constraint, which refuses a slot another transaction took meanwhile. A repeated
 * submission (same key) returns the booking it made.
 */
export async function bookSession(request: BookingRequest, q: Queryable = db): Promise<BookingResult> {
  const now = request.now ?? new Date();
  const startsAt =
    typeof request.startsAt === "number"
      ? new Date(request.startsAt)
      : request.startsAt instanceof Date
        ? request.startsAt
        : null;
  let minutes = 0;
  let mode: ConsultationMode | null = null;
  try {
    const booking = await q.transaction(async (tx) => {
      const order = await loadOrder(tx, request.orderId, true);
      if (!order || order.userId !== request.clientId) throw new Refused("not-found");
      // After the lock: a repeated submission waiting behind its first finds what that one booked.
      if (request.submissionKey) {
        const [earlier] = await tx
          .select()
          .from(consultationBookings)
          .where(eq(consultationBookings.submissionKey, request.submissionKey));
        if (earlier) return { booking: earlier, repeated: true };
      }
      minutes = sessionMinutesOf(order);
      const live = await liveBookingsOf(tx, order.id);
      if (minutes === 0 || sessionCredits(order) - live.length < 1) throw new Refused("no-credit");
      if (!isConsultationMode(request.mode)) throw new Refused("mode");
      mode = request.mode;
      if (!startsAt || Number.isNaN(startsAt.getTime())) throw new Refused("slot");
      if (
        request.minutes !== undefined &&
        request.minutes !== null &&
        request.minutes !== "" &&
        Number(request.minutes) !== minutes
      )
        throw new Refused("wrong-length");
      const { consultant, endsAt, blockedUntil } = await checkSlot(tx, {
        consultantId: request.consultantId,
        startsAt,
        mode,
        minutes,
        now,
      });
      const [inserted] = await tx
        .insert(consultationBookings)
        .values({
          orderId: order.id,
          clientId: order.userId,
          consultantId: consultant.id,
          mode,
          startsAt,
          endsAt,
          blockedUntil,
          roomName: mode === "video" ? newRoomName() : null,
          submissionKey: request.submissionKey ?? null,
        })
        .returning();
      await queueBookingMail(tx, inserted!.id, "booked");
      return { booking: inserted!, repeated: false };
    });
    return { ok: true, ...booking };
  } catch (error) {
    const code = pgCode(error);
    if (code === "23505" && request.submissionKey) {
      // The same submission, finished by a parallel request first.
      const [earlier] = await q
        .select()
        .from(consultationBookings)
        .where(eq(consultationBookings.submissionKey, request.submissionKey));
      if (earlier) return { ok: true, booking: earlier, repeated: true };
    }
    const reason: BookingError | null = error instanceof Refused ? error.reason : code === "23P01" ? "taken" : null;
    if (!reason) throw error;
    const nearest =
      reason === "taken" || reason === "unavailable" || reason === "past" || reason === "holiday"
        ? await nearestFree(q, mode, minutes, startsAt ?? now, now)
        : [];
    return { ok: false, error: reason, nearest };
  }
}

export async function nearestFree(
  q: Queryable,
  mode: ConsultationMode | null,
  minutes: number,
  around: Date,
  now: Date,
): Promise<Slot[]> {
  if (!mode || minutes === 0) return [];
  return nearestSlots(await availableSlots(mode, minutes, now, q), around);
}

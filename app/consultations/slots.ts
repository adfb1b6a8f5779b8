import type { ConsultationMode, WeeklyHours } from "../../db/schema/consultations";

/**
 * Free consultation slots: pure functions of the consultants' weeks, their days off, the public
 * holidays and the bookings that hold their time, so they can be tested without a clock or a
 * database. Everything is in Gulf Standard Time (UTC+4, no daylight saving); a visitor's own
 * zone only changes how a slot is shown.
 */
export const GULF_OFFSET_MINUTES = 4 * 60;
export const GULF_TIME_ZONE = "Asia/Dubai";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export type ConsultantAvailability = {
  id: string;
  weeklyHours: WeeklyHours;
  /** Gulf-time dates ("2026-12-02") the consultant does not consult. */
  daysOff: ReadonlySet<string>;
  modes: readonly ConsultationMode[];
};

/** A stretch of time a consultant is taken: a booking from its start to its end plus the buffer. */
export type BusyRange = { consultantId: string; start: Date; end: Date };

export type SlotRules = {
  /** The session's length. */
  minutes: number;
  /** Free time kept after every session before the consultant's next one. */
  bufferMinutes: number;
  /** Slots start on this grid (minutes after the opening of the stretch). */
  stepMinutes: number;
  /** No slot starts before this (now plus the minimum notice, in office time). */
  earliest: Date;
  /** Nor on or after this. */
  latest: Date;
  holidays: ReadonlySet<string>;
};

export type Slot = { consultantId: string; startsAt: Date; endsAt: Date };

/** The Gulf-time date of an instant, "2026-12-02". */
export function gulfDate(time: Date): string {
  return new Date(time.getTime() + GULF_OFFSET_MINUTES * MINUTE).toISOString().slice(0, 10);
}

/** The instant of a Gulf-time date at `minute` after its midnight. */
export function gulfInstant(date: string, minute: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + (minute - GULF_OFFSET_MINUTES) * MINUTE);
}

function overlaps(start: number, end: number, busy: readonly BusyRange[]) {
  return busy.some((range) => range.start.getTime() < end && start < range.end.getTime());
}

/**
 * Every slot a consultant could hold under the rules, ignoring bookings (`busy` omitted) or
 * leaving out those that would overlap one, the buffer after each side included.
 */
export function consultantSlots(
  consultant: ConsultantAvailability,
  rules: SlotRules,
  busy?: readonly BusyRange[],
): Slot[] {
  const own = busy?.filter((range) => range.consultantId === consultant.id) ?? [];
  const slots: Slot[] = [];
  const length = rules.minutes * MINUTE;
  const buffer = rules.bufferMinutes * MINUTE;
  for (
    let day = Date.parse(`${gulfDate(rules.earliest)}T00:00:00Z`);
    gulfInstant(new Date(day).toISOString().slice(0, 10), 0) < rules.latest;
    day += DAY
  ) {
    const date = new Date(day).toISOString().slice(0, 10);
    if (rules.holidays.has(date) || consultant.daysOff.has(date)) continue;
    const weekday = new Date(day).getUTCDay();
    for (const stretch of consultant.weeklyHours.filter((hours) => hours.weekday === weekday)) {
      for (let minute = stretch.startMinute; minute + rules.minutes <= stretch.endMinute; minute += rules.stepMinutes) {
        const start = gulfInstant(date, minute).getTime();
        if (start < rules.earliest.getTime() || start >= rules.latest.getTime()) continue;
        // This session holds [start, end + buffer); one booked before it holds up to its own end + buffer.
        if (overlaps(start, start + length + buffer, own)) continue;
        slots.push({ consultantId: consultant.id, startsAt: new Date(start), endsAt: new Date(start + length) });
      }
    }
  }
  return slots;
}

/**
 * The slots a client chooses from: one per start time, with the consultant who offers the mode
 * and has the fewest sessions that day (then the first by id), so the work is shared.
 */
export function freeSlots(
  consultants: readonly ConsultantAvailability[],
  rules: SlotRules,
  busy: readonly BusyRange[],
  mode: ConsultationMode,
): Slot[] {
  const sessionsOnDay = (consultantId: string, date: string) =>
    busy.filter((range) => range.consultantId === consultantId && gulfDate(range.start) === date).length;
  const byStart = new Map<number, Slot>();
  const offering = consultants
    .filter((c) => c.modes.includes(mode))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const consultant of offering) {
    for (const slot of consultantSlots(consultant, rules, busy)) {
      const key = slot.startsAt.getTime();
      const current = byStart.get(key);
      if (
        !current ||
        sessionsOnDay(slot.consultantId, gulfDate(slot.startsAt)) <
          sessionsOnDay(current.consultantId, gulfDate(current.startsAt))
      )
        byStart.set(key, slot);
    }
  }
  return [...byStart.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The `count` free slots nearest to `time` (either side), in time order: offered when a slot was taken meanwhile. */
export function nearestSlots(slots: readonly Slot[], time: Date, count = 3): Slot[] {
  return [...slots]
    .sort((a, b) => Math.abs(a.startsAt.getTime() - time.getTime()) - Math.abs(b.startsAt.getTime() - time.getTime()))
    .slice(0, count)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** The office's opening hours as a consultant's week (Sunday to Thursday). */
export function officeWeek(
  openMinute: number,
  closeMinute: number,
  days: readonly number[] = [0, 1, 2, 3, 4],
): WeeklyHours {
  return days.map((weekday) => ({ weekday, startMinute: openMinute, endMinute: closeMinute }));
}

/** How a slot travels in a form: "<consultant id>_<start in ms>". */
export function slotValue(slot: { consultantId: string; startsAt: Date }): string {
  return `${slot.consultantId}_${slot.startsAt.getTime()}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseSlotValue(value: unknown): { consultantId: string; startsAt: Date } | null {
  if (typeof value !== "string") return null;
  const match = /^([^_]{1,64})_(\d{1,15})$/.exec(value);
  if (!match || !UUID.test(match[1]!)) return null;
  const startsAt = new Date(Number(match[2]));
  return Number.isNaN(startsAt.getTime()) ? null : { consultantId: match[1]!.toLowerCase(), startsAt };
}

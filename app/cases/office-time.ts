/**
 * Office-time arithmetic for promised turnarounds: minutes and hours count only while the office
 * is open, a business day is one whole opening, and business days run Sunday to Thursday.
 * Pure functions of a schedule (no clock, no configuration), so they can be property-tested.
 * Public holidays (the list admins keep) are days off like Fridays and Saturdays.
 */
export type OfficeSchedule = {
  /** Working weekdays, 0 = Sunday … 6 = Saturday (in the office's time zone). */
  days: readonly number[];
  /** Opening and closing time, minutes after local midnight (close > open). */
  openMinute: number;
  closeMinute: number;
  /** The office's offset from UTC in minutes (Gulf Standard Time: +240, no daylight saving). */
  utcOffsetMinutes: number;
  /** Public holidays: local dates ("2026-12-02") on which the office stays closed. */
  holidays?: ReadonlySet<string>;
};

/** Sunday to Thursday, 09:00 to 18:00 Gulf Standard Time. */
export const DEFAULT_OFFICE_SCHEDULE: OfficeSchedule = {
  days: [0, 1, 2, 3, 4],
  openMinute: 9 * 60,
  closeMinute: 18 * 60,
  utcOffsetMinutes: 4 * 60,
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Length of one opening in minutes (a business day in office time). */
export function officeDayMinutes(schedule: OfficeSchedule) {
  return schedule.closeMinute - schedule.openMinute;
}

/** Reads "09:00-18:00" (24-hour clock); undefined when it is not a valid opening. */
export function parseOpeningHours(value: string): { openMinute: number; closeMinute: number } | undefined {
  const match = /^\s*(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})\s*$/.exec(value);
  if (!match) return undefined;
  const [openH, openM, closeH, closeM] = match.slice(1).map(Number) as [number, number, number, number];
  if (openH > 23 || closeH > 24 || openM > 59 || closeM > 59 || (closeH === 24 && closeM > 0)) return undefined;
  const openMinute = openH * 60 + openM;
  const closeMinute = closeH * 60 + closeM;
  return closeMinute > openMinute ? { openMinute, closeMinute } : undefined;
}

/** The local day (ms of local midnight, as if UTC) and its weekday, for an instant. */
function localDay(time: number, schedule: OfficeSchedule) {
  const local = time + schedule.utcOffsetMinutes * MINUTE;
  const midnight = Math.floor(local / DAY) * DAY;
  return { midnight, weekday: new Date(midnight).getUTCDay() };
}

/** The opening [open, close] (UTC ms) of the local day starting at `midnight`, or null on a day off. */
function openingOf(midnight: number, schedule: OfficeSchedule): [number, number] | null {
  if (!schedule.days.includes(new Date(midnight).getUTCDay())) return null;
  if (schedule.holidays?.has(new Date(midnight).toISOString().slice(0, 10))) return null;
  const offset = schedule.utcOffsetMinutes * MINUTE;
  return [midnight + schedule.openMinute * MINUTE - offset, midnight + schedule.closeMinute * MINUTE - offset];
}

/** True when `date` falls within an opening (its closing minute included). */
export function isOfficeTime(date: Date, schedule: OfficeSchedule = DEFAULT_OFFICE_SCHEDULE) {
  const time = date.getTime();
  const opening = openingOf(localDay(time, schedule).midnight, schedule);
  return opening !== null && time >= opening[0] && time <= opening[1];
}

/**
 * The instant `minutes` of office time after `start`. Time before an opening, after a closing or
 * on a day off does not count; a result that lands exactly on a closing stays there (due by the
 * end of that day) rather than moving to the next opening. With 0 minutes: the first office
 * moment at or after `start`.
 */
export function addOfficeMinutes(
  start: Date,
  minutes: number,
  schedule: OfficeSchedule = DEFAULT_OFFICE_SCHEDULE,
): Date {
  if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError("minutes must be a finite number of at least 0");
  if (schedule.days.length === 0) throw new RangeError("the schedule has no working day");
  let remaining = Math.round(minutes * MINUTE);
  let time = start.getTime();
  let { midnight } = localDay(time, schedule);
  // Whole weeks at once, so long turnarounds cost a few steps, not one per day.
  const weekly = officeDayMinutes(schedule) * MINUTE * schedule.days.length;
  for (;;) {
    const opening = openingOf(midnight, schedule);
    // (Not across holidays: a week with one is shorter.)
    if (opening && time <= opening[0] && remaining > weekly && !schedule.holidays?.size) {
      // From before an opening, a whole week of office time ends just before the same opening a week later.
      const weeks = Math.floor((remaining - 1) / weekly);
      remaining -= weeks * weekly;
      midnight += weeks * 7 * DAY;
      time = midnight - schedule.utcOffsetMinutes * MINUTE;
      continue;
    }
    if (opening && time <= opening[1]) {
      const from = Math.max(time, opening[0]);
      const available = opening[1] - from;
      if (remaining <= available) return new Date(from + remaining);
      remaining -= available;
    }
    midnight += DAY;
    time = midnight - schedule.utcOffsetMinutes * MINUTE;
  }
}

/** Minutes of office time between two instants (0 when `to` is not after `from`). */
export function officeMinutesBetween(from: Date, to: Date, schedule: OfficeSchedule = DEFAULT_OFFICE_SCHEDULE): number {
  const start = from.getTime();
  const end = to.getTime();
  if (end <= start) return 0;
  let total = 0;
  for (
    let midnight = localDay(start, schedule).midnight;
    midnight - schedule.utcOffsetMinutes * MINUTE < end;
    midnight += DAY
  ) {
    const opening = openingOf(midnight, schedule);
    if (!opening) continue;
    const overlap = Math.min(end, opening[1]) - Math.max(start, opening[0]);
    if (overlap > 0) total += overlap;
  }
  return total / MINUTE;
}

import type { Lang } from "../i18n/lang";
import { GULF_TIME_ZONE } from "./slots";

/**
 * Showing Gulf-time slots in a visitor's own zone. The select offers these zones without
 * JavaScript; with it, the browser's own zone (any valid IANA name) is chosen for the visitor.
 */
export const COMMON_TIME_ZONES = [
  "Europe/London",
  "Europe/Dublin",
  "Europe/Paris",
  "Europe/Berlin",
  "Europe/Istanbul",
  "Europe/Moscow",
  "Africa/Cairo",
  "Africa/Johannesburg",
  "Asia/Riyadh",
  "Asia/Qatar",
  "Asia/Tehran",
  "Asia/Karachi",
  "Asia/Kolkata",
  "Asia/Dhaka",
  "Asia/Manila",
  "Asia/Singapore",
  "Asia/Shanghai",
  "Asia/Tokyo",
  "Australia/Sydney",
  "America/New_York",
  "America/Chicago",
  "America/Los_Angeles",
  "America/Toronto",
] as const;

/** A time-zone name the runtime knows (IANA), or null. */
export function validTimeZone(value: unknown): string | null {
  if (
    typeof value !== "string" ||
    value.length === 0 ||
    value.length > 64 ||
    !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)
  )
    return null;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

// Building a formatter costs far more than using one (the booking page formats hundreds of slot
// times): one per locale and options, kept. Zones are checked first (validTimeZone), so the set of
// keys is bounded by the zones the runtime knows.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(localeName: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = localeName + JSON.stringify(options);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeName, options);
    formatters.set(key, format);
  }
  return format;
}

/** The wall-clock date ("2026-10-25") and minute after midnight of an instant in a zone. */
export function wallClock(instant: Date, timeZone: string): { date: string; minute: number } {
  const parts = Object.fromEntries(
    formatter("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The zone's offset from UTC at an instant, in minutes (London: 0 in winter, 60 in summer). */
export function utcOffsetMinutes(instant: Date, timeZone: string): number {
  const { date, minute } = wallClock(instant, timeZone);
  const wallAsUtc = Date.parse(`${date}T00:00:00Z`) + minute * 60_000;
  return Math.round((wallAsUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

const locale = (lang: Lang) => (lang === "ar" ? "ar-AE-u-nu-latn" : "en-GB");

/** "10:00" in a zone (24-hour clock). */
export function formatTime(instant: Date, lang: Lang, timeZone = GULF_TIME_ZONE): string {
  return formatter(locale(lang), { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
}

/** "Sunday 25 October" in a zone. */
export function formatDay(instant: Date, lang: Lang, timeZone = GULF_TIME_ZONE): string {
  return formatter(locale(lang), { timeZone, weekday: "long", day: "numeric", month: "long" }).format(instant);
}

/** "08:00 BST" or, when the date differs from the Gulf date, "Sat 24 Oct, 23:00 EDT": the time in the visitor's zone with its name. */
export function formatInZone(instant: Date, lang: Lang, timeZone: string): string {
  const sameDay = wallClock(instant, timeZone).date === wallClock(instant, GULF_TIME_ZONE).date;
  const options: Intl.DateTimeFormatOptions = {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  };
  return formatter(
    locale(lang),
    sameDay ? options : { ...options, weekday: "short", day: "numeric", month: "short" },
  ).format(instant);
}

/** True when a zone shows the same wall clock as Gulf time at that instant (nothing to add). */
export function sameAsGulf(instant: Date, timeZone: string): boolean {
  return utcOffsetMinutes(instant, timeZone) === utcOffsetMinutes(instant, GULF_TIME_ZONE);
}

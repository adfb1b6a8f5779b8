import { and, asc, eq, gte, inArray } from "drizzle-orm";
import * as z from "zod";
import {
  CONSULTATION_MODES,
  consultantDaysOff,
  consultantSettings,
  users,
  type ConsultationMode,
  type WeeklyHours,
} from "../../db/schema";
import { officeSchedule } from "../cases/turnaround.server";
import { db, type Queryable } from "../db.server";
import { isUuid } from "../utils/ids";
import { endField, startField, STRETCHES, STRETCHES_PER_DAY, WEEKDAYS } from "./hours-fields";
import { gulfDate, gulfInstant, officeWeek } from "./slots";

/**
 * What an admin sets for a consultant (decisions 087, 100): whether they consult, their modes, up
 * to STRETCHES_PER_DAY stretches of hours per weekday (Gulf time, not overlapping) and their own
 * video link; days off are single dates.
 * Saving writes the `consultant_settings` row; until then the defaults hold.
 */
export { endField, startField, STRETCHES, STRETCHES_PER_DAY, WEEKDAYS };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minuteOf = (value: string) => {
  const match = TIME.exec(value)!;
  return Number(match[1]) * 60 + Number(match[2]);
};
/** An end of 00:00 (or 24:00, typed without a time picker) is midnight at the end of the day. */
const endMinuteOf = (value: string) => (value === "24:00" ? 1440 : minuteOf(value) || 1440);
const timeField = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || TIME.test(v), "time");
const endTimeField = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || v === "24:00" || TIME.test(v), "time");

const dayShape = Object.fromEntries(
  WEEKDAYS.flatMap((d) =>
    STRETCHES.flatMap((n) => [
      [startField(d, n), timeField],
      [endField(d, n), endTimeField],
    ]),
  ),
) as Record<string, typeof timeField>;

type Stretch = { n: number; startMinute: number; endMinute: number };

/** A day's filled rows, read (only those whose times are both valid). */
function stretchesOf(record: Record<string, string | undefined>, day: number): Stretch[] {
  return STRETCHES.flatMap((n) => {
    const start = record[startField(day, n)];
    const end = record[endField(day, n)];
    return start && end && TIME.test(start) && (end === "24:00" || TIME.test(end))
      ? [{ n, startMinute: minuteOf(start), endMinute: endMinuteOf(end) }]
      : [];
  });
}

export const consultantSettingsSchema = z
  .object({
    consults: z.boolean().optional(),
    modes: z.array(z.enum(CONSULTATION_MODES, { message: "modes" })).optional(),
    videoUrl: z
      .string()
      .trim()
      .max(500, "videoUrl")
      .optional()
      .refine((v) => !v || (URL.canParse(v) && new URL(v).protocol === "https:"), "videoUrl"),
    ...dayShape,
  })
  .superRefine((value, ctx) => {
    const record = value as Record<string, string | undefined>;
    for (const day of WEEKDAYS) {
      for (const n of STRETCHES) {
        const start = record[startField(day, n)];
        const end = record[endField(day, n)];
        if (!start !== !end)
          ctx.addIssue({ code: "custom", path: [start ? endField(day, n) : startField(day, n)], message: "pair" });
      }
      const stretches = stretchesOf(record, day);
      for (const s of stretches)
        if (s.endMinute <= s.startMinute)
          ctx.addIssue({ code: "custom", path: [endField(day, s.n)], message: "order" });
      // Two stretches of one day may touch (13:00 and 13:00) but not overlap; the later one is marked.
      const ordered = stretches
        .filter((s) => s.endMinute > s.startMinute)
        .sort((a, b) => a.startMinute - b.startMinute || a.n - b.n);
      for (let i = 1; i < ordered.length; i++) {
        const overlapping = ordered.slice(0, i).some((earlier) => earlier.endMinute > ordered[i]!.startMinute);
        if (overlapping) ctx.addIssue({ code: "custom", path: [startField(day, ordered[i]!.n)], message: "overlap" });
      }
    }
    if (value.consults && !value.modes?.length) ctx.addIssue({ code: "custom", path: ["modes"], message: "modes" });
  });

export type ConsultantSettingsInput = z.infer<typeof consultantSettingsSchema>;

// Midnight at the end of a day is shown as 00:00, as a time picker can say it.
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

/** The members of staff and admins, who consult unless an admin says otherwise. */
export async function consultantList(q: Queryable = db) {
  const rows = await q
    .select({ id: users.id, name: users.fullName, email: users.email })
    .from(users)
    .where(inArray(users.role, ["staff", "admin"]))
    .orderBy(asc(users.fullName), asc(users.email));
  return rows.map((r) => ({ id: r.id, name: r.name ?? r.email }));
}

/** The form's values as they stand (the defaults when nothing was saved). */
export async function consultantSettingsOf(userId: string, now = new Date(), q: Queryable = db) {
  if (!isUuid(userId)) return null;
  const [user] = await q.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  if (!user || (user.role !== "staff" && user.role !== "admin")) return null;
  const [row] = await q.select().from(consultantSettings).where(eq(consultantSettings.userId, userId));
  const office = officeSchedule();
  const hours: WeeklyHours = row?.weeklyHours ?? officeWeek(office.openMinute, office.closeMinute, office.days);
  const days: Record<string, string> = {};
  for (const day of WEEKDAYS) {
    const stretches = hours.filter((h) => h.weekday === day).sort((a, b) => a.startMinute - b.startMinute);
    for (const n of STRETCHES) {
      const stretch = stretches[n];
      days[startField(day, n)] = stretch ? hhmm(stretch.startMinute) : "";
      days[endField(day, n)] = stretch ? hhmm(stretch.endMinute) : "";
    }
  }
  const daysOff = await q
    .select({ day: consultantDaysOff.day })
    .from(consultantDaysOff)
    .where(and(eq(consultantDaysOff.userId, userId), gte(consultantDaysOff.day, gulfDate(now))))
    .orderBy(asc(consultantDaysOff.day));
  return {
    values: {
      consults: row?.consults ?? true,
      modes: (row?.modes ?? [...CONSULTATION_MODES]) as ConsultationMode[],
      videoUrl: row?.videoUrl ?? "",
      ...days,
    },
    daysOff: daysOff.map((d) => d.day),
  };
}

export async function saveConsultantSettings(userId: string, value: ConsultantSettingsInput, q: Queryable = db) {
  const record = value as Record<string, string | undefined>;
  const weeklyHours: WeeklyHours = WEEKDAYS.flatMap((day) =>
    stretchesOf(record, day)
      .sort((a, b) => a.startMinute - b.startMinute)
      .map(({ startMinute, endMinute }) => ({ weekday: day, startMinute, endMinute })),
  );
  const set = {
    consults: value.consults ?? false,
    modes: value.modes ?? [],
    weeklyHours,
    videoUrl: value.videoUrl || null,
    updatedAt: new Date(),
  };
  await q
    .insert(consultantSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: consultantSettings.userId, set });
}

const isRealDate = (value: unknown): value is string =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && gulfDate(gulfInstant(value, 0)) === value;

/** Adds a day off (a Gulf-time date, today or later); false when the date cannot be read or is past. */
export async function addDayOff(userId: string, day: unknown, now = new Date(), q: Queryable = db): Promise<boolean> {
  if (!isRealDate(day) || day < gulfDate(now)) return false;
  await q.insert(consultantDaysOff).values({ userId, day }).onConflictDoNothing();
  return true;
}

export async function removeDayOff(userId: string, day: unknown, q: Queryable = db): Promise<boolean> {
  if (!isRealDate(day)) return false;
  const removed = await q
    .delete(consultantDaysOff)
    .where(and(eq(consultantDaysOff.userId, userId), eq(consultantDaysOff.day, day)))
    .returning({ day: consultantDaysOff.day });
  return removed.length > 0;
}

import { asc, eq, gte } from "drizzle-orm";
import * as z from "zod";
import { publicHolidays } from "../../db/schema";
import { db, type Queryable } from "../db.server";

/**
 * UAE public holidays, the list admins keep (back office, /admin/holidays). The office is closed on
 * them, so promised turnarounds skip them (app/cases/office-time.ts).
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string) {
  const date = new Date(`${value}T00:00:00Z`);
  return ISO_DATE.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** What the add form accepts. Messages are keys the page translates. */
export const holidayFormSchema = z.object({
  day: z.string({ message: "day" }).trim().refine(isRealDate, "day"),
  nameEn: z.string({ message: "nameEn" }).trim().min(1, "nameEn").max(100, "nameEn"),
  nameAr: z.string({ message: "nameAr" }).trim().min(1, "nameAr").max(100, "nameAr"),
});

export type HolidayInput = z.infer<typeof holidayFormSchema>;

export async function listHolidays(q: Queryable = db) {
  return q.select().from(publicHolidays).orderBy(asc(publicHolidays.day));
}

/** Adds a holiday; "duplicate" when the date is already on the list. */
export async function addHoliday(input: HolidayInput, adminId: string): Promise<"added" | "duplicate"> {
  const rows = await db
    .insert(publicHolidays)
    .values({ day: input.day, nameEn: input.nameEn, nameAr: input.nameAr, createdBy: adminId })
    .onConflictDoNothing()
    .returning({ day: publicHolidays.day });
  return rows.length > 0 ? "added" : "duplicate";
}

/** Removes the holiday of a date; false when the value is no date on the list. */
export async function removeHoliday(day: unknown): Promise<boolean> {
  if (typeof day !== "string" || !isRealDate(day)) return false;
  const rows = await db
    .delete(publicHolidays)
    .where(eq(publicHolidays.day, day))
    .returning({ day: publicHolidays.day });
  return rows.length > 0;
}

/** The holidays from a year before `from` on, as the office schedule takes them. */
export async function holidaySet(q: Queryable = db, from = new Date()): Promise<ReadonlySet<string>> {
  const since = new Date(from.getTime() - 366 * 86_400_000).toISOString().slice(0, 10);
  const rows = await q.select({ day: publicHolidays.day }).from(publicHolidays).where(gte(publicHolidays.day, since));
  return new Set(rows.map((row) => row.day));
}

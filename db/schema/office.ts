import { date, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

/**
 * UAE public holidays, the list admins keep: the office is closed on these dates (Gulf time), so
 * promised turnarounds do not count them. One row per date.
 */
export const publicHolidays = pgTable("public_holidays", {
  /** The local date in Gulf time, "2026-12-02". */
  day: date("day", { mode: "string" }).primaryKey(),
  nameEn: text("name_en").notNull(),
  nameAr: text("name_ar").notNull(),
  createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export type PublicHoliday = typeof publicHolidays.$inferSelect;

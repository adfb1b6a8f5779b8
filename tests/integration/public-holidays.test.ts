import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, users } from "../../db/schema";
import { db } from "../../app/db.server";
import {
  addHoliday,
  holidayFormSchema,
  holidaySet,
  listHolidays,
  removeHoliday,
} from "../../app/cases/holidays.server";
import { startTurnaroundClock } from "../../app/cases/turnaround.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const gst = (local: string) => new Date(`${local}+04:00`);

describe(`public holidays on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let admin: string;

  beforeAll(async () => {
    const [row] = await t.handle.db
      .insert(users)
      .values({ email: "holidays-admin@example.com", passwordHash: "x", role: "admin" })
      .returning({ id: users.id });
    admin = row!.id;
  });

  it("keeps one row per date and refuses what is not a date", async () => {
    expect(holidayFormSchema.safeParse({ day: "2026-02-30", nameEn: "x", nameAr: "س" }).success).toBe(false);
    expect(holidayFormSchema.safeParse({ day: "2026-12-02", nameEn: " ", nameAr: "س" }).success).toBe(false);
    expect(await addHoliday({ day: "2026-12-02", nameEn: "National Day", nameAr: "اليوم الوطني" }, admin)).toBe(
      "added",
    );
    expect(await addHoliday({ day: "2026-12-02", nameEn: "Again", nameAr: "مرة أخرى" }, admin)).toBe("duplicate");
    expect((await listHolidays()).map((h) => [h.day, h.nameEn])).toEqual([["2026-12-02", "National Day"]]);
    expect(await removeHoliday("not-a-date")).toBe(false);
    expect(await removeHoliday("2026-12-03")).toBe(false);
    expect([...(await holidaySet(db, gst("2026-11-30T10:00:00")))]).toEqual(["2026-12-02"]);
  });

  it("starts the turnaround clock around the holidays on the list", async () => {
    const [order] = await t.handle.db
      .insert(orders)
      .values({ userId: admin, amount: 65_000, subtotal: 65_000, serviceType: "Travel Ban Check", tierName: "Basic" })
      .returning({ id: orders.id });
    // Two office hours, promised on Tuesday 17:00: Wednesday 2 December is National Day, so Thursday 10:00.
    await t.handle.db.insert(orderItems).values({
      orderId: order!.id,
      serviceKey: "express",
      tierId: "same-day-travel",
      tierName: "Same-Day",
      unitPrice: 65_000,
      quantity: 1,
      turnaroundValue: 2,
      turnaroundUnit: "hours",
    });
    expect(await startTurnaroundClock(db, order!.id, gst("2026-12-01T17:00:00"))).toEqual(gst("2026-12-03T10:00:00"));
    await removeHoliday("2026-12-02");
    await t.handle.db.update(orders).set({ dueAt: null }).where(eq(orders.id, order!.id));
    expect(await startTurnaroundClock(db, order!.id, gst("2026-12-01T17:00:00"))).toEqual(gst("2026-12-02T10:00:00"));
  });
});

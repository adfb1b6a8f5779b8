import crypto from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderItems, orders, outbox, users } from "../../db/schema";
import { bookSession } from "../../app/consultations/booking.server";
import { sendDueReminders } from "../../app/consultations/reminders.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const gst = (local: string) => new Date(`${local}+04:00`);
const NOW = gst("2026-12-06T08:00:00");

describe(`consultation reminders on ${testDbKind()}`, () => {
  const t = useTestDatabase();

  it("sends the day's and the hour's reminder once each, however many workers run at once", async () => {
    const [consultant] = await t.handle.db
      .insert(users)
      .values({ email: "reminder-consultant@example.com", passwordHash: "x", role: "staff" })
      .returning({ id: users.id });
    const bookings: Array<{ email: string }> = [];
    for (let i = 0; i < 6; i++) {
      const [user] = await t.handle.db
        .insert(users)
        .values({ email: `reminded-${crypto.randomUUID()}@example.com`, passwordHash: "x", role: "client" })
        .returning({ id: users.id, email: users.email });
      const [order] = await t.handle.db
        .insert(orders)
        .values({
          userId: user!.id,
          amount: 1,
          subtotal: 1,
          status: "processing",
          paymentStatus: "paid",
          paidAt: NOW,
          serviceType: "x",
          tierName: "x",
        })
        .returning({ id: orders.id });
      await t.handle.db.insert(orderItems).values({
        orderId: order!.id,
        serviceKey: "legal-consultation",
        tierId: "immigration",
        tierName: "x",
        unitPrice: 1,
        quantity: 1,
      });
      const result = await bookSession({
        orderId: order!.id,
        clientId: user!.id,
        mode: "phone",
        consultantId: consultant!.id,
        startsAt: gst(`2026-12-0${7 + (i % 3)}T${10 + 2 * Math.floor(i / 3)}:00:00`).getTime(),
        now: NOW,
      });
      if (!result.ok) throw new Error(result.error);
      bookings.push({ email: user!.email });
    }
    const reminders = async (email: string, kind: string) =>
      (
        await t.handle.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.toAddress, email), eq(outbox.kind, kind)))
      ).length;

    // Workers running at once: on PostgreSQL each on its own connection of the pool, as two
    // server processes would be, so their transactions really overlap.
    // Monday 7 December 10:00 Gulf time: sessions up to Tuesday 10:00 are within a day.
    const at = gst("2026-12-07T09:30:00");
    await Promise.all([sendDueReminders(at), sendDueReminders(at), sendDueReminders(at), sendDueReminders(at)]);
    const day = await Promise.all(bookings.map((b) => reminders(b.email, "consultation-reminder-day")));
    const hour = await Promise.all(bookings.map((b) => reminders(b.email, "consultation-reminder-hour")));
    // Bookings: Mon 10:00, Tue 10:00, Wed 10:00, Mon 12:00, Tue 12:00, Wed 12:00. At Mon 09:30 the
    // 10:00 session is within the hour (its reminder only), 12:00 within the day, Tue 10:00 24.5 h away.
    expect(day).toEqual([0, 0, 0, 1, 0, 0]);
    expect(hour).toEqual([1, 0, 0, 0, 0, 0]);
    await Promise.all([sendDueReminders(gst("2026-12-07T11:00:00")), sendDueReminders(gst("2026-12-07T11:00:00"))]);
    // At Mon 11:00: Tue 10:00 is within the day, Mon 12:00 within the hour; nothing is sent twice.
    expect(await Promise.all(bookings.map((b) => reminders(b.email, "consultation-reminder-day")))).toEqual([
      0, 1, 0, 1, 0, 0,
    ]);
    expect(await Promise.all(bookings.map((b) => reminders(b.email, "consultation-reminder-hour")))).toEqual([
      1, 0, 0, 1, 0, 0,
    ]);
    expect(
      (await t.handle.db.select().from(outbox).where(like(outbox.kind, "consultation-reminder%"))).every(
        (mail) => mail.attachments.length === 0,
      ),
    ).toBe(true);
  });
});

import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  consultantDaysOff,
  consultantSettings,
  consultationBookings,
  orderItems,
  orders,
  publicHolidays,
  users,
  type PaymentStatus,
} from "../../db/schema";
import { db } from "../../app/db.server";
import { availableSlots, bookSession, loadConsultants } from "../../app/consultations/booking.server";
import { sessionsToBook } from "../../app/consultations/credits.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const gst = (local: string) => new Date(`${local}+04:00`);
/** Sunday 6 December 2026, 08:00 Gulf time: the office opens at 09:00, so 4 office hours of notice end at 13:00. */
const NOW = gst("2026-12-06T08:00:00");

describe(`booking consultations on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let consultant: string;

  async function insertUser(role: "client" | "staff" | "admin", email = `${role}-${crypto.randomUUID()}@example.com`) {
    const [row] = await t.handle.db
      .insert(users)
      .values({ email, passwordHash: "x", role })
      .returning({ id: users.id });
    return row!.id;
  }

  async function insertOrder(
    userId: string,
    tierId = "family",
    serviceKey = "legal-consultation",
    paymentStatus: PaymentStatus = "paid",
  ) {
    const [row] = await t.handle.db
      .insert(orders)
      .values({
        userId,
        amount: 90_000,
        subtotal: 90_000,
        status: "processing",
        paymentStatus,
        paidAt: NOW,
        serviceType: "Legal Consultation",
        tierName: tierId,
      })
      .returning({ id: orders.id });
    await t.handle.db
      .insert(orderItems)
      .values({ orderId: row!.id, serviceKey, tierId, tierName: tierId, unitPrice: 90_000, quantity: 1 });
    return row!.id;
  }

  const liveCount = async () =>
    Number(
      (
        await t.handle.db
          .select({ n: sql<number>`count(*)::int` })
          .from(consultationBookings)
          .where(sql`state <> 'cancelled'`)
      )[0]!.n,
    );

  beforeAll(async () => {
    process.env.CONSULTATION_BUFFER_MINUTES = "15";
    consultant = await insertUser("staff");
  });

  it("makes every member of staff a consultant with the office's hours and every mode until an admin changes it", async () => {
    const consultants = await loadConsultants(db, NOW);
    expect(consultants.map((c) => c.id)).toEqual([consultant]);
    expect(consultants[0]!.modes).toEqual(["video", "phone", "in_person"]);
    expect(consultants[0]!.weeklyHours.map((h) => h.weekday)).toEqual([0, 1, 2, 3, 4]);
    const slots = await availableSlots("video", 90, NOW);
    // 4 office hours of notice from Sunday 08:00: the first slot is Sunday 13:00; a 90-minute session ends by 18:00.
    expect(slots[0]!.startsAt).toEqual(gst("2026-12-06T13:00:00"));
    expect(slots.filter((s) => s.startsAt.getTime() < gst("2026-12-07T00:00:00").getTime()).at(-1)!.startsAt).toEqual(
      gst("2026-12-06T16:30:00"),
    );
    // No Friday or Saturday, nothing beyond 14 days.
    expect(slots.some((s) => [5, 6].includes(new Date(s.startsAt.getTime() + 4 * 3_600_000).getUTCDay()))).toBe(false);
    expect(slots.every((s) => s.startsAt.getTime() < NOW.getTime() + 14 * 86_400_000)).toBe(true);
  });

  it("leaves out holidays, days off and modes a consultant does not offer", async () => {
    await t.handle.db
      .insert(publicHolidays)
      .values({ day: "2026-12-07", nameEn: "Test holiday", nameAr: "عطلة تجريبية" });
    await t.handle.db.insert(consultantDaysOff).values({ userId: consultant, day: "2026-12-08" });
    const days = new Set(
      (await availableSlots("phone", 60, NOW)).map((s) =>
        new Date(s.startsAt.getTime() + 4 * 3_600_000).toISOString().slice(0, 10),
      ),
    );
    expect(days.has("2026-12-06")).toBe(true);
    expect(days.has("2026-12-07")).toBe(false);
    expect(days.has("2026-12-08")).toBe(false);
    expect(days.has("2026-12-09")).toBe(true);
    await t.handle.db.insert(consultantSettings).values({ userId: consultant, modes: ["video", "phone"] });
    expect(await availableSlots("in_person", 60, NOW)).toEqual([]);
    await t.handle.db.delete(consultantSettings).where(eq(consultantSettings.userId, consultant));
    await t.handle.db.delete(consultantDaysOff);
  });

  it("books one of twenty parallel requests for the same slot and offers the others the nearest free slots", async () => {
    const startsAt = gst("2026-12-09T10:00:00");
    const clients = await Promise.all(Array.from({ length: 20 }, () => insertUser("client")));
    const orderIds: string[] = [];
    for (const client of clients) orderIds.push(await insertOrder(client));
    const before = await liveCount();
    const results = await Promise.all(
      clients.map((clientId, i) =>
        bookSession({
          orderId: orderIds[i]!,
          clientId,
          mode: "video",
          consultantId: consultant,
          startsAt: startsAt.getTime(),
          now: NOW,
        }),
      ),
    );
    const booked = results.filter((r) => r.ok);
    expect(booked).toHaveLength(1);
    const refused = results.filter((r) => !r.ok);
    expect(refused.map((r) => (r.ok ? "" : r.error))).toEqual(Array(19).fill("taken"));
    for (const r of refused) {
      if (r.ok) continue;
      expect(r.nearest.length).toBeGreaterThan(0);
      // 90-minute session 10:00-11:30 plus 15 minutes of buffer: nothing from 08:45 (ends 10:15 + buffer) to 11:30 is free.
      expect(
        r.nearest.every((s) => s.startsAt >= gst("2026-12-09T11:45:00") || s.startsAt <= gst("2026-12-09T08:30:00")),
      ).toBe(true);
    }
    expect((await liveCount()) - before).toBe(1);
    const winner = booked[0]!.ok ? booked[0]!.booking : null;
    expect(winner?.roomName).toMatch(/^sanad-[\w-]{22}$/);
  });

  it("keeps the buffer between sessions", async () => {
    const slots = (await availableSlots("phone", 90, NOW))
      .filter((s) => s.startsAt >= gst("2026-12-09T09:00:00") && s.startsAt < gst("2026-12-10T00:00:00"))
      .map((s) => s.startsAt.toISOString());
    expect(slots).not.toContain(gst("2026-12-09T11:30:00").toISOString());
    expect(slots).not.toContain(gst("2026-12-09T09:00:00").toISOString());
    expect(slots[0]).toBe(gst("2026-12-09T12:00:00").toISOString());
  });

  it("books a repeated submission once", async () => {
    const client = await insertUser("client");
    const order = await insertOrder(client, "premium", "contract-review");
    expect((await sessionsToBook(client, "en"))[0]!.unused).toBe(2);
    const request = {
      orderId: order,
      clientId: client,
      mode: "phone",
      consultantId: consultant,
      startsAt: gst("2026-12-10T09:00:00").getTime(),
      submissionKey: `book:${client}:${crypto.randomUUID()}`,
      now: NOW,
    };
    const [first, second] = await Promise.all([bookSession(request), bookSession(request)]);
    const third = await bookSession(request);
    expect([first, second, third].every((r) => r.ok)).toBe(true);
    const ids = new Set([first, second, third].map((r) => (r.ok ? r.booking.id : null)));
    expect(ids.size).toBe(1);
    expect((await sessionsToBook(client, "en"))[0]!.unused).toBe(1);
  });

  it("refuses bad input clearly and books nothing", async () => {
    const client = await insertUser("client");
    const order = await insertOrder(client);
    const other = await insertUser("client");
    const othersOrder = await insertOrder(other);
    const noSessions = await insertOrder(client, "basic", "labor-ban-check");
    const unpaid = await insertOrder(client, "family", "legal-consultation", "unpaid");
    await t.handle.db
      .insert(publicHolidays)
      .values({ day: "2026-12-14", nameEn: "Another test holiday", nameAr: "عطلة تجريبية أخرى" });
    const good: {
      orderId: string;
      clientId: string;
      mode: string;
      consultantId: string;
      startsAt: unknown;
      now: Date;
    } = {
      orderId: order,
      clientId: client,
      mode: "video",
      consultantId: consultant,
      startsAt: gst("2026-12-15T14:00:00").getTime(),
      now: NOW,
    };
    const before = await liveCount();
    const attempt = async (change: Partial<typeof good> & { minutes?: unknown }) => {
      const result = await bookSession({ ...good, ...change });
      return result.ok ? "booked" : result.error;
    };
    expect(await attempt({ startsAt: gst("2026-12-06T07:00:00").getTime() })).toBe("past");
    expect(await attempt({ startsAt: gst("2026-12-06T10:00:00").getTime() })).toBe("unavailable"); // within the notice
    expect(await attempt({ startsAt: gst("2026-12-15T20:00:00").getTime() })).toBe("unavailable");
    expect(await attempt({ startsAt: gst("2026-12-11T10:00:00").getTime() })).toBe("unavailable"); // a Friday
    expect(await attempt({ startsAt: gst("2026-12-15T14:10:00").getTime() })).toBe("unavailable"); // off the grid
    expect(await attempt({ startsAt: gst("2027-01-05T10:00:00").getTime() })).toBe("unavailable"); // beyond 14 days
    expect(await attempt({ startsAt: gst("2026-12-14T10:00:00").getTime() })).toBe("holiday");
    expect(await attempt({ startsAt: "tomorrow" })).toBe("slot");
    expect(await attempt({ minutes: "30" })).toBe("wrong-length");
    expect(await attempt({ mode: "carrier-pigeon" })).toBe("mode");
    expect(await attempt({ consultantId: crypto.randomUUID() })).toBe("consultant");
    expect(await attempt({ consultantId: other })).toBe("consultant");
    expect(await attempt({ orderId: othersOrder })).toBe("not-found");
    expect(await attempt({ orderId: "not-an-id" })).toBe("not-found");
    expect(await attempt({ orderId: noSessions })).toBe("no-credit");
    expect(await attempt({ orderId: unpaid })).toBe("no-credit");
    expect(await liveCount()).toBe(before);
    expect(await attempt({})).toBe("booked");
    // The order's one credit is used: a second session is refused.
    expect(await attempt({ startsAt: gst("2026-12-16T14:00:00").getTime() })).toBe("no-credit");
    expect(await liveCount()).toBe(before + 1);
  });
});

import crypto from "node:crypto";
import ICAL from "ical.js";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consultationBookings, orderItems, orders, outbox, users } from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { bookSession } from "../../app/consultations/booking.server";
import {
  agendaSessions,
  changeFromAgenda,
  markSession,
  parseGulfLocal,
  type AgendaViewer,
} from "../../app/consultations/agenda.server";
import { bookingsFilterSchema, listBookings } from "../../app/consultations/bookings-list.server";
import {
  addDayOff,
  consultantSettingsOf,
  consultantSettingsSchema,
  removeDayOff,
  saveConsultantSettings,
} from "../../app/consultations/consultant-settings.server";
import { loadConsultants } from "../../app/consultations/booking.server";
import { consultantFeed, hasFeed, renewFeedToken, revokeFeedToken } from "../../app/consultations/feed.server";
import { consultantSettings } from "../../db/schema";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const gst = (local: string) => new Date(`${local}+04:00`);
// A Sunday morning, Gulf time: the agenda runs to Saturday 12 December.
const NOW = gst("2026-12-06T08:00:00");

describe(`the consultants' agenda on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let staff: AgendaViewer;
  let otherStaff: AgendaViewer;
  let admin: AgendaViewer;

  async function user(role: "staff" | "admin" | "client") {
    const [row] = await t.handle.db
      .insert(users)
      .values({
        email: `agenda-${role}-${crypto.randomUUID()}@example.com`,
        fullName: `Agenda ${role}`,
        passwordHash: "x",
        role,
      })
      .returning({ id: users.id, role: users.role, email: users.email });
    return row!;
  }

  beforeAll(async () => {
    process.env.SITE_URL = "https://sanad.example";
    resetEnvForTests();
    staff = await user("staff");
    otherStaff = await user("staff");
    admin = await user("admin");
  });

  async function bookedSession(consultantId: string, start: string, mode: "video" | "phone" = "video") {
    const client = await user("client");
    // Contract review Premium: two 60-minute sessions.
    const [order] = await t.handle.db
      .insert(orders)
      .values({
        userId: client.id,
        amount: 90_000,
        subtotal: 90_000,
        status: "processing",
        paymentStatus: "paid",
        paidAt: NOW,
        serviceType: "Contract Review",
        tierName: "Premium",
        phone: "+971 50 123 4567",
      })
      .returning({ id: orders.id });
    await t.handle.db.insert(orderItems).values({
      orderId: order!.id,
      serviceKey: "contract-review",
      tierId: "premium",
      tierName: "Premium",
      unitPrice: 90_000,
      quantity: 1,
    });
    const booked = await bookSession({
      orderId: order!.id,
      clientId: client.id,
      mode,
      consultantId,
      startsAt: gst(start).getTime(),
      now: NOW,
    });
    if (!booked.ok) throw new Error(booked.error);
    return { booking: booked.booking, client, orderId: order!.id };
  }

  it("shows staff only their own sessions of today and the week, admins everyone's, clients nothing", async () => {
    const mine = await bookedSession(staff.id, "2026-12-07T10:00:00", "phone");
    const theirs = await bookedSession(otherStaff.id, "2026-12-07T10:00:00");
    const nextWeek = await bookedSession(staff.id, "2026-12-14T10:00:00");
    const cancelled = await bookedSession(staff.id, "2026-12-08T10:00:00");
    await t.handle.db
      .update(consultationBookings)
      .set({ state: "cancelled" })
      .where(eq(consultationBookings.id, cancelled.booking.id));

    const forStaff = await agendaSessions(staff, NOW);
    expect(forStaff.map((s) => s.id)).toEqual([mine.booking.id]);
    expect(forStaff[0]).toMatchObject({
      orderId: mine.orderId,
      clientEmail: mine.client.email,
      clientName: "Agenda client",
      mode: "phone",
      phone: "+971 50 123 4567",
      state: "booked",
    });
    expect(forStaff[0]!.startsAt).toEqual(gst("2026-12-07T10:00:00"));

    const forAdmin = (await agendaSessions(admin, NOW)).map((s) => s.id);
    expect(forAdmin).toContain(mine.booking.id);
    expect(forAdmin).toContain(theirs.booking.id);
    expect(forAdmin).not.toContain(nextWeek.booking.id);
    expect(forAdmin).not.toContain(cancelled.booking.id);
    // A week later the next week's session is today's.
    expect((await agendaSessions(staff, gst("2026-12-14T00:00:00"))).map((s) => s.id)).toEqual([nextWeek.booking.id]);

    expect(await agendaSessions({ id: mine.client.id, role: "client" }, NOW)).toEqual([]);
  });

  it("marks a session held or missed only once it has started, and only the consultant or an admin", async () => {
    const { booking } = await bookedSession(staff.id, "2026-12-09T10:00:00");
    expect(await markSession(staff, booking.id, "held", NOW)).toEqual({ ok: false, error: "not-started" });
    const started = gst("2026-12-09T10:05:00");
    expect(await markSession(otherStaff, booking.id, "held", started)).toEqual({ ok: false, error: "not-found" });
    expect(await markSession(staff, booking.id, "cancelled", started)).toEqual({ ok: false, error: "outcome" });
    expect(await markSession(staff, "not-a-uuid", "held", started)).toEqual({ ok: false, error: "not-found" });
    expect(await markSession(staff, booking.id, "held", started)).toEqual({ ok: true });
    expect(await markSession(staff, booking.id, "missed", started)).toEqual({ ok: false, error: "not-live" });
    const [row] = await t.handle.db.select().from(consultationBookings).where(eq(consultationBookings.id, booking.id));
    expect(row!.state).toBe("held");

    const other = await bookedSession(otherStaff.id, "2026-12-09T12:00:00");
    expect(await markSession(admin, other.booking.id, "missed", gst("2026-12-09T13:00:00"))).toEqual({ ok: true });
  });

  it("lets the consultant move or cancel a session with a reason, mailing the client; others find nothing", async () => {
    const { booking, client } = await bookedSession(staff.id, "2026-12-10T10:00:00");
    const request = {
      intent: "reschedule",
      bookingId: booking.id,
      reason: "Court hearing moved",
      startsAt: "2026-12-10T14:00",
    };
    expect(await changeFromAgenda(otherStaff, request, NOW)).toMatchObject({ ok: false, error: "not-found" });
    expect(await changeFromAgenda({ id: client.id, role: "client" }, request, NOW)).toMatchObject({
      ok: false,
      error: "not-found",
    });
    expect(await changeFromAgenda(staff, { ...request, reason: "" }, NOW)).toMatchObject({
      ok: false,
      error: "reason",
    });
    expect(await changeFromAgenda(staff, { ...request, startsAt: "tomorrow" }, NOW)).toMatchObject({
      ok: false,
      error: "slot",
    });
    expect(await changeFromAgenda(staff, { ...request, startsAt: "2026-12-11T10:00" }, NOW)).toMatchObject({
      ok: false,
      error: "unavailable",
    }); // a Friday

    const moved = await changeFromAgenda(staff, request, NOW);
    if (!moved.ok) throw new Error(moved.error);
    expect(moved.booking).toMatchObject({ consultantId: staff.id, sequence: 1, changeReason: "Court hearing moved" });
    expect(moved.booking.startsAt).toEqual(gst("2026-12-10T14:00:00"));
    expect(
      await t.handle.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, client.email), eq(outbox.kind, "consultation-rescheduled"))),
    ).toHaveLength(1);

    const cancelled = await changeFromAgenda(
      admin,
      { intent: "cancel", bookingId: booking.id, reason: "Client asked by phone" },
      NOW,
    );
    expect(cancelled).toMatchObject({ ok: true, booking: { state: "cancelled", sequence: 2 } });
    expect(
      await t.handle.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, client.email), eq(outbox.kind, "consultation-cancelled"))),
    ).toHaveLength(1);
    expect(
      await changeFromAgenda(staff, { intent: "cancel", bookingId: booking.id, reason: "Again" }, NOW),
    ).toMatchObject({ ok: false, error: "not-live" });
  });

  it("lists every booking for admins by consultant, Gulf-time dates and state, and refuses a filter it cannot read", async () => {
    const early = await bookedSession(otherStaff.id, "2026-12-13T09:00:00");
    const late = await bookedSession(otherStaff.id, "2026-12-13T16:00:00");
    await changeFromAgenda(
      otherStaff,
      { intent: "cancel", bookingId: late.booking.id, reason: "Consultant away" },
      NOW,
    );
    const filter = (query: Record<string, string>) => {
      const parsed = bookingsFilterSchema.safeParse(query);
      if (!parsed.success) throw new Error(parsed.error.message);
      return parsed.data;
    };
    const ids = async (query: Record<string, string>) => (await listBookings(filter(query))).rows.map((r) => r.id);
    // The day runs from Gulf-time midnight to midnight.
    expect(await ids({ consultant: otherStaff.id, from: "2026-12-13", to: "2026-12-13" })).toEqual([
      early.booking.id,
      late.booking.id,
    ]);
    expect(await ids({ consultant: otherStaff.id, from: "2026-12-13", to: "2026-12-13", state: "cancelled" })).toEqual([
      late.booking.id,
    ]);
    expect(await ids({ consultant: otherStaff.id, from: "2026-12-13", to: "2026-12-13", state: "booked" })).toEqual([
      early.booking.id,
    ]);
    expect(await ids({ consultant: staff.id, from: "2026-12-13", to: "2026-12-13" })).toEqual([]);
    expect(await ids({ from: "2026-12-14", to: "2026-12-20" })).not.toContain(early.booking.id);
    const [row] = (await listBookings(filter({ from: "2026-12-13", to: "2026-12-13", state: "booked" }))).rows;
    expect(row).toMatchObject({
      orderId: early.orderId,
      clientName: "Agenda client",
      consultantName: "Agenda staff",
      mode: "video",
    });

    const errors = (query: Record<string, string>) => {
      const parsed = bookingsFilterSchema.safeParse(query);
      return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    };
    expect(errors({ from: "2026-02-30", to: "2026-03-01" })).toEqual(["from:from"]);
    expect(errors({ from: "2026-12-10", to: "2026-12-01" })).toEqual(["to:order"]);
    expect(errors({ from: "2026-01-01", to: "2026-12-31" })).toEqual(["to:span"]);
    expect(errors({ from: "2026-12-01", to: "2026-12-02", consultant: "1 or 1=1", state: "lost" })).toEqual([
      "consultant:consultant",
      "state:state",
    ]);
  });

  it("keeps a consultant's hours, modes and days off as an admin sets them; the slots follow", async () => {
    const consultant = await user("staff");
    const fresh = await consultantSettingsOf(consultant.id, NOW);
    expect(fresh?.values).toMatchObject({
      consults: true,
      modes: ["video", "phone", "in_person"],
      start0_0: "09:00",
      end0_0: "18:00",
      start0_1: "",
      start5_0: "",
      end5_0: "",
    });
    expect(await consultantSettingsOf((await user("client")).id, NOW)).toBeNull();

    const errors = (input: Record<string, unknown>) => {
      const parsed = consultantSettingsSchema.safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    };
    expect(errors({ consults: true, modes: [], start1_0: "10:00" })).toEqual(["end1_0:pair", "modes:modes"]);
    expect(
      errors({
        consults: true,
        modes: ["video"],
        start1_0: "14:00",
        end1_0: "10:00",
        start2_0: "25:00",
        end2_0: "26:00",
        videoUrl: "http://x",
      }),
    ).toEqual(["videoUrl:videoUrl", "start2_0:time", "end2_0:time", "end1_0:order"]);
    expect(errors({ consults: true, modes: ["chat"] })).toEqual(["modes.0:modes"]);

    // Phone only, Mondays 14:00-16:00: what the slots are computed from.
    const availability = async () => (await loadConsultants(t.handle.db, NOW)).find((c) => c.id === consultant.id);
    const parsed = consultantSettingsSchema.parse({
      consults: true,
      modes: ["phone"],
      start1_0: "14:00",
      end1_0: "16:00",
    });
    await saveConsultantSettings(consultant.id, parsed);
    expect((await consultantSettingsOf(consultant.id, NOW))?.values).toMatchObject({
      modes: ["phone"],
      start0_0: "",
      start1_0: "14:00",
      end1_0: "16:00",
      start1_1: "",
      videoUrl: "",
    });
    expect(await availability()).toMatchObject({
      modes: ["phone"],
      weeklyHours: [{ weekday: 1, startMinute: 14 * 60, endMinute: 16 * 60 }],
    });

    expect(await addDayOff(consultant.id, "2026-12-14", NOW)).toBe(true);
    expect(await addDayOff(consultant.id, "2026-12-01", NOW)).toBe(false);
    expect(await addDayOff(consultant.id, "2026-02-30", NOW)).toBe(false);
    expect((await consultantSettingsOf(consultant.id, NOW))?.daysOff).toEqual(["2026-12-14"]);
    expect([...(await availability())!.daysOff]).toEqual(["2026-12-14"]);
    expect(await removeDayOff(consultant.id, "2026-12-14")).toBe(true);
    expect(await removeDayOff(consultant.id, "2026-12-14")).toBe(false);

    await saveConsultantSettings(consultant.id, consultantSettingsSchema.parse({ modes: ["phone"] }));
    expect(await availability()).toBeUndefined();
  });

  it("serves a consultant's upcoming sessions on a secret address that can be renewed and revoked", async () => {
    const consultant = await user("staff");
    const phone = await bookedSession(consultant.id, "2026-12-08T11:00:00", "phone");
    const gone = await bookedSession(consultant.id, "2026-12-09T11:00:00");
    await changeFromAgenda(
      { id: consultant.id, role: "staff" },
      { intent: "cancel", bookingId: gone.booking.id, reason: "Away that day" },
      NOW,
    );
    await bookedSession(otherStaff.id, "2026-12-08T11:00:00");
    expect(await hasFeed(consultant.id)).toBe(false);

    const token = await renewFeedToken(consultant.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.handle.db
      .select()
      .from(consultantSettings)
      .where(eq(consultantSettings.userId, consultant.id));
    expect(row!.feedTokenHash).not.toContain(token);
    expect(row!.weeklyHours).toBeNull(); // the feed leaves the consultant's defaults as they were

    const text = await consultantFeed(token, NOW);
    const calendar = new ICAL.Component(ICAL.parse(text!));
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid)).toEqual([`${phone.booking.id}@sanad.example`]);
    expect(events[0]!.startDate.toJSDate()).toEqual(gst("2026-12-08T11:00:00"));
    expect(events[0]!.endDate.toJSDate()).toEqual(gst("2026-12-08T12:00:00"));
    expect(events[0]!.summary).toContain("Agenda client");
    expect(events[0]!.description).toContain("+971 50 123 4567");
    expect(events[0]!.description).toContain(`/admin/orders/${phone.orderId}`);
    // Past sessions leave the feed a day after they end.
    expect(await consultantFeed(token, gst("2026-12-10T12:00:00"))).not.toContain(phone.booking.id);

    const renewed = await renewFeedToken(consultant.id);
    expect(await consultantFeed(token, NOW)).toBeNull();
    expect(await consultantFeed(renewed, NOW)).toContain(phone.booking.id);
    await revokeFeedToken(consultant.id);
    expect(await hasFeed(consultant.id)).toBe(false);
    expect(await consultantFeed(renewed, NOW)).toBeNull();
    expect(await consultantFeed("", NOW)).toBeNull();
    expect(await consultantFeed("x".repeat(43), NOW)).toBeNull();
  });

  it("reads a datetime-local value as Gulf time and refuses anything else", () => {
    expect(parseGulfLocal("2026-12-10T14:00")).toEqual(gst("2026-12-10T14:00:00"));
    expect(parseGulfLocal("2026-02-30T14:00")).toBeNull();
    expect(parseGulfLocal("2026-12-10 14:00")).toBeNull();
    expect(parseGulfLocal(null)).toBeNull();
  });
});

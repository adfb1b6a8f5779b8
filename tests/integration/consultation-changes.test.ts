import crypto from "node:crypto";
import ICAL from "ical.js";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, outbox, users } from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { bookSession } from "../../app/consultations/booking.server";
import { cancelBooking, rescheduleBooking } from "../../app/consultations/changes.server";
import { sessionsToBook } from "../../app/consultations/credits.server";
import { renderAttachments } from "../../app/mail/attachments.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const gst = (local: string) => new Date(`${local}+04:00`);
const NOW = gst("2026-12-06T08:00:00");

describe(`changing consultations on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let consultant: string;
  let staff: string;

  beforeAll(async () => {
    process.env.SITE_URL = "https://sanad.example";
    process.env.CONSULTATION_CHANGE_HOURS = "24";
    resetEnvForTests();
    const [row] = await t.handle.db
      .insert(users)
      .values({ email: "changes-consultant@example.com", passwordHash: "x", role: "staff" })
      .returning({ id: users.id });
    consultant = row!.id;
    staff = consultant;
  });

  async function clientWithPlan() {
    const [user] = await t.handle.db
      .insert(users)
      .values({ email: `changes-${crypto.randomUUID()}@example.com`, passwordHash: "x", role: "client" })
      .returning({ id: users.id, email: users.email });
    // Contract review Premium: two 60-minute sessions.
    const [order] = await t.handle.db
      .insert(orders)
      .values({
        userId: user!.id,
        amount: 90_000,
        subtotal: 90_000,
        status: "processing",
        paymentStatus: "paid",
        paidAt: NOW,
        serviceType: "Contract Review",
        tierName: "Premium",
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
    return { clientId: user!.id, email: user!.email, orderId: order!.id };
  }

  const unused = async (clientId: string) => (await sessionsToBook(clientId, "en"))[0]?.unused ?? 0;

  async function lastInvite(email: string, kind: string) {
    const rows = await t.handle.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, email), eq(outbox.kind, kind)));
    const text = (await renderAttachments(rows.at(-1)!.attachments))[0]!.content.toString("utf8");
    const calendar = new ICAL.Component(ICAL.parse(text));
    return { calendar, event: new ICAL.Event(calendar.getFirstSubcomponent("vevent")!) };
  }

  it("counts credits through booking, rescheduling, cancelling and a refund, and mails each change with the same UID", async () => {
    const { clientId, email, orderId } = await clientWithPlan();
    expect(await unused(clientId)).toBe(2);
    const first = await bookSession({
      orderId,
      clientId,
      mode: "video",
      consultantId: consultant,
      startsAt: gst("2026-12-09T10:00:00").getTime(),
      now: NOW,
    });
    const second = await bookSession({
      orderId,
      clientId,
      mode: "phone",
      consultantId: consultant,
      startsAt: gst("2026-12-10T10:00:00").getTime(),
      now: NOW,
    });
    if (!first.ok || !second.ok) throw new Error("not booked");
    expect(await unused(clientId)).toBe(0);

    const moved = await rescheduleBooking({
      bookingId: first.booking.id,
      actor: { kind: "client", clientId },
      consultantId: consultant,
      startsAt: gst("2026-12-09T14:00:00").getTime(),
      now: NOW,
    });
    if (!moved.ok) throw new Error(moved.error);
    expect(moved.booking.sequence).toBe(1);
    expect(moved.booking.roomName).toBe(first.booking.roomName);
    expect(await unused(clientId)).toBe(0);
    const updated = await lastInvite(email, "consultation-rescheduled");
    expect(updated.calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(updated.event.uid).toBe(`${first.booking.id}@sanad.example`);
    expect(updated.event.sequence).toBe(1);
    expect(updated.event.startDate.toJSDate()).toEqual(gst("2026-12-09T14:00:00"));
    // The old time is free again.
    const other = await clientWithPlan();
    expect(
      (
        await bookSession({
          orderId: other.orderId,
          clientId: other.clientId,
          mode: "video",
          consultantId: consultant,
          startsAt: gst("2026-12-09T10:00:00").getTime(),
          now: NOW,
        })
      ).ok,
    ).toBe(true);

    const cancelled = await cancelBooking(second.booking.id, { kind: "client", clientId }, NOW);
    if (!cancelled.ok) throw new Error(cancelled.error);
    expect(cancelled.booking.state).toBe("cancelled");
    expect(await unused(clientId)).toBe(1);
    const cancel = await lastInvite(email, "consultation-cancelled");
    expect(cancel.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(cancel.event.uid).toBe(`${second.booking.id}@sanad.example`);
    expect(cancel.event.sequence).toBe(1);
    expect(cancel.calendar.getFirstSubcomponent("vevent")!.getFirstPropertyValue("status")).toBe("CANCELLED");
    // Cancelled twice: refused, nothing changes.
    expect(await cancelBooking(second.booking.id, { kind: "client", clientId }, NOW)).toMatchObject({
      ok: false,
      error: "not-live",
    });

    // The credit is back: another session can be booked; a full refund takes every unused credit.
    expect(
      (
        await bookSession({
          orderId,
          clientId,
          mode: "phone",
          consultantId: consultant,
          startsAt: gst("2026-12-13T10:00:00").getTime(),
          now: NOW,
        })
      ).ok,
    ).toBe(true);
    expect(await unused(clientId)).toBe(0);
    await t.handle.db
      .update(orders)
      .set({ paymentStatus: "refunded", refundedAmount: 90_000 })
      .where(eq(orders.id, orderId));
    expect(await unused(clientId)).toBe(0);
    expect(
      (
        await bookSession({
          orderId,
          clientId,
          mode: "phone",
          consultantId: consultant,
          startsAt: gst("2026-12-14T10:00:00").getTime(),
          now: NOW,
        })
      ).ok,
    ).toBe(false);
  });

  it("lets the client change a session only until the deadline, and staff at any time with a reason", async () => {
    const { clientId, orderId } = await clientWithPlan();
    const booked = await bookSession({
      orderId,
      clientId,
      mode: "video",
      consultantId: consultant,
      startsAt: gst("2026-12-15T10:00:00").getTime(),
      now: NOW,
    });
    if (!booked.ok) throw new Error(booked.error);
    const late = gst("2026-12-14T10:30:00");
    expect(await cancelBooking(booked.booking.id, { kind: "client", clientId }, late)).toMatchObject({
      ok: false,
      error: "too-late",
    });
    expect(
      await rescheduleBooking({
        bookingId: booked.booking.id,
        actor: { kind: "client", clientId },
        consultantId: consultant,
        startsAt: gst("2026-12-16T10:00:00").getTime(),
        now: late,
      }),
    ).toMatchObject({ ok: false, error: "too-late" });
    // Another client's session is not found; a slot taken is refused with the nearest free ones.
    const other = await clientWithPlan();
    expect(await cancelBooking(booked.booking.id, { kind: "client", clientId: other.clientId }, NOW)).toMatchObject({
      ok: false,
      error: "not-found",
    });
    const blocker = await bookSession({
      orderId: other.orderId,
      clientId: other.clientId,
      mode: "video",
      consultantId: consultant,
      startsAt: gst("2026-12-16T10:00:00").getTime(),
      now: NOW,
    });
    expect(blocker.ok).toBe(true);
    const taken = await rescheduleBooking({
      bookingId: booked.booking.id,
      actor: { kind: "staff", userId: staff, reason: "Consultant unwell" },
      consultantId: consultant,
      startsAt: gst("2026-12-16T10:30:00").getTime(),
      now: late,
    });
    expect(taken).toMatchObject({ ok: false, error: "taken" });
    if (!taken.ok) expect(taken.nearest.length).toBeGreaterThan(0);
    expect(await cancelBooking(booked.booking.id, { kind: "staff", userId: staff, reason: " " }, late)).toMatchObject({
      ok: false,
      error: "reason",
    });
    const byStaff = await cancelBooking(
      booked.booking.id,
      { kind: "staff", userId: staff, reason: "Consultant unwell" },
      late,
    );
    expect(byStaff).toMatchObject({ ok: true, booking: { state: "cancelled", changeReason: "Consultant unwell" } });
  });
});

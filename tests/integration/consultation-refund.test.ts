import crypto from "node:crypto";
import ICAL from "ical.js";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consultationBookings, orderItems, orders, outbox, users } from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { bookSession } from "../../app/consultations/booking.server";
import { sessionsToBook } from "../../app/consultations/credits.server";
import { renderAttachments } from "../../app/mail/attachments.server";
import { requestRefund } from "../../app/payments/refunds.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

// Bookings are made as of NOW (a Sunday 08:00 Gulf time, a month ahead); the refund runs at the
// real time, which is before them.
const gst = (local: string) => new Date(`${local}+04:00`);
const gulfDay = (offsetDays: number, from: Date) =>
  new Date(from.getTime() + 4 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const sunday = (() => {
  let offset = 30;
  while (new Date(`${gulfDay(offset, new Date())}T12:00:00+04:00`).getUTCDay() !== 0) offset++;
  return gulfDay(offset, new Date());
})();
const NOW = gst(`${sunday}T08:00:00`);
const dayAfter = (days: number, hour: number) => gst(`${gulfDay(days, NOW)}T${String(hour).padStart(2, "0")}:00:00`);

describe(`a full refund cancels the order's sessions on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let consultant: string;
  let admin: string;

  beforeAll(async () => {
    process.env.SITE_URL = "https://sanad.example";
    resetEnvForTests();
    const [row] = await t.handle.db
      .insert(users)
      .values({ email: "refund-consultant@example.com", passwordHash: "x", role: "staff", fullName: "Consultant" })
      .returning({ id: users.id });
    consultant = row!.id;
    const [adminRow] = await t.handle.db
      .insert(users)
      .values({ email: "refund-admin@example.com", passwordHash: "x", role: "admin", fullName: "Admin" })
      .returning({ id: users.id });
    admin = adminRow!.id;
  });

  async function clientWithPlan(lang: "en" | "ar") {
    const [user] = await t.handle.db
      .insert(users)
      .values({
        email: `refund-${crypto.randomUUID()}@example.com`,
        passwordHash: "x",
        role: "client",
        lang,
        fullName: "Client",
      })
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
        paidAt: new Date(),
        paidAmount: 90_000,
        serviceType: "Contract Review",
        tierName: "Premium",
        lang,
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

  async function bookTwo(client: { clientId: string; orderId: string }, day: number) {
    const offset = day; // Monday or Tuesday
    const first = await bookSession({
      orderId: client.orderId,
      clientId: client.clientId,
      mode: "video",
      consultantId: consultant,
      startsAt: dayAfter(offset, 10).getTime(),
      now: NOW,
    });
    const second = await bookSession({
      orderId: client.orderId,
      clientId: client.clientId,
      mode: "phone",
      consultantId: consultant,
      startsAt: dayAfter(offset, 13).getTime(),
      now: NOW,
    });
    if (!first.ok || !second.ok)
      throw new Error(`not booked: ${!first.ok ? first.error : ""} ${!second.ok ? second.error : ""}`);
    return [first.booking, second.booking];
  }

  const mailsTo = (email: string) => t.handle.db.select().from(outbox).where(eq(outbox.toAddress, email));

  it("leaves the sessions booked after a partial refund", async () => {
    const client = await clientWithPlan("en");
    const booked = await bookTwo(client, 1);
    const refund = await requestRefund({
      orderId: client.orderId,
      amount: "100",
      reason: "Goodwill",
      requestKey: crypto.randomUUID(),
      actorId: admin,
      manual: true,
    });
    expect(refund).toMatchObject({ ok: true, refund: { status: "succeeded" } });
    const [order] = await t.handle.db.select().from(orders).where(eq(orders.id, client.orderId));
    expect(order!.paymentStatus).toBe("partially_refunded");
    const rows = await t.handle.db
      .select()
      .from(consultationBookings)
      .where(eq(consultationBookings.orderId, client.orderId));
    expect(rows.map((r) => [r.state, r.sequence])).toEqual([
      ["booked", 0],
      ["booked", 0],
    ]);
    expect(rows.map((r) => r.id).sort()).toEqual(booked.map((b) => b.id).sort());
    expect(
      (await mailsTo(client.email)).filter(
        (m) => m.kind.startsWith("consultation-") && m.kind !== "consultation-booked",
      ),
    ).toEqual([]);
  });

  it("cancels the sessions to come in the refund's transaction, with a cancellation invite in the client's language; past sessions stay", async () => {
    const client = await clientWithPlan("ar");
    const booked = await bookTwo(client, 2);
    // A session already held (last week) keeps its state.
    const [held] = await t.handle.db
      .insert(consultationBookings)
      .values({
        orderId: client.orderId,
        clientId: client.clientId,
        consultantId: consultant,
        mode: "phone",
        startsAt: new Date(Date.now() - 7 * 86_400_000),
        endsAt: new Date(Date.now() - 7 * 86_400_000 + 3_600_000),
        blockedUntil: new Date(Date.now() - 7 * 86_400_000 + 3_600_000),
        state: "held",
      })
      .returning();

    const refund = await requestRefund({
      orderId: client.orderId,
      amount: "900",
      reason: "Service not delivered",
      requestKey: crypto.randomUUID(),
      actorId: admin,
      manual: true,
    });
    expect(refund).toMatchObject({ ok: true, refund: { status: "succeeded" } });
    const [order] = await t.handle.db.select().from(orders).where(eq(orders.id, client.orderId));
    expect(order!.paymentStatus).toBe("refunded");

    const after = await t.handle.db
      .select()
      .from(consultationBookings)
      .where(eq(consultationBookings.orderId, client.orderId));
    const byId = new Map(after.map((r) => [r.id, r]));
    expect(byId.get(held!.id)).toMatchObject({ state: "held", sequence: 0 });
    for (const b of booked)
      expect(byId.get(b.id)).toMatchObject({ state: "cancelled", sequence: 1, changeReason: "Order refunded in full" });

    const cancellations = await t.handle.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, client.email), eq(outbox.kind, "consultation-refund-cancelled")));
    expect(cancellations).toHaveLength(2);
    // The refund's own mail went out in the same transaction as the cancellations.
    expect((await mailsTo(client.email)).filter((m) => m.kind === "refund")).toHaveLength(1);
    const uids = new Set<string>();
    for (const mail of cancellations) {
      expect(mail.subject).toContain("أُلغيت استشارتك");
      expect(mail.textBody).toContain("رُدّ إليك المبلغ");
      const [file] = await renderAttachments(mail.attachments);
      expect(file!.contentType).toContain("method=CANCEL");
      const calendar = new ICAL.Component(ICAL.parse(file!.content.toString("utf8")));
      expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
      const vevent = calendar.getFirstSubcomponent("vevent")!;
      expect(vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
      const event = new ICAL.Event(vevent);
      expect(event.sequence).toBe(1);
      uids.add(event.uid);
    }
    expect(uids).toEqual(new Set(booked.map((b) => `${b.id}@sanad.example`)));

    // The credits are gone with the money, and the freed times can be booked by someone else.
    expect(await sessionsToBook(client.clientId, "ar")).toEqual([]);
    const other = await clientWithPlan("en");
    const again = await bookSession({
      orderId: other.orderId,
      clientId: other.clientId,
      mode: "video",
      consultantId: consultant,
      startsAt: booked[0]!.startsAt.getTime(),
      now: NOW,
    });
    expect(again.ok).toBe(true);

    // A second full refund report changes nothing more (nothing left to refund, nothing left to cancel).
    expect(
      await requestRefund({
        orderId: client.orderId,
        amount: "1",
        reason: "Again",
        requestKey: crypto.randomUUID(),
        actorId: admin,
        manual: true,
      }),
    ).toMatchObject({ ok: false, error: "nothing-left" });
    expect(
      await t.handle.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.toAddress, client.email), eq(outbox.kind, "consultation-refund-cancelled"))),
    ).toHaveLength(2);
  });
});

import crypto from "node:crypto";
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, outbox, users } from "../../db/schema";
import { resetEnvForTests } from "../../app/env.server";
import { bookSession } from "../../app/consultations/booking.server";
import "../../app/consultations/booking-mail.server";
import { renderAttachments } from "../../app/mail/attachments.server";
import { testDbKind } from "../support/test-db";
import { useTestDatabase } from "../support/use-test-database";

const gst = (local: string) => new Date(`${local}+04:00`);
const NOW = gst("2026-12-06T08:00:00");

describe(`consultation invites on ${testDbKind()}`, () => {
  const t = useTestDatabase();
  let consultant: string;

  async function clientWithOrder(lang: "en" | "ar", phone: string | null = "+971 50 765 4321") {
    const [user] = await t.handle.db
      .insert(users)
      .values({
        email: `invite-${crypto.randomUUID()}@example.com`,
        passwordHash: "x",
        role: "client",
        fullName: 'Omar, "the client"; Haddad',
        lang,
      })
      .returning({ id: users.id, email: users.email });
    const [order] = await t.handle.db
      .insert(orders)
      .values({
        userId: user!.id,
        amount: 90_000,
        subtotal: 90_000,
        status: "processing",
        paymentStatus: "paid",
        paidAt: NOW,
        phone,
        serviceType: "Legal Consultation",
        tierName: "Family",
      })
      .returning({ id: orders.id });
    await t.handle.db.insert(orderItems).values({
      orderId: order!.id,
      serviceKey: "legal-consultation",
      tierId: "family",
      tierName: "Family",
      unitPrice: 90_000,
      quantity: 1,
    });
    return { clientId: user!.id, email: user!.email, orderId: order!.id };
  }

  beforeAll(async () => {
    process.env.SITE_URL = "https://sanad.example";
    process.env.CONTACT_EMAIL = "office@sanad.example";
    process.env.CONSULTATION_VIDEO_URL = "https://video.example/room/{room}";
    resetEnvForTests();
    const [row] = await t.handle.db
      .insert(users)
      .values({ email: "consultant@example.com", passwordHash: "x", role: "staff", fullName: "Layla Consultant" })
      .returning({ id: users.id });
    consultant = row!.id;
  });

  async function mailsTo(email: string) {
    return t.handle.db.select().from(outbox).where(eq(outbox.toAddress, email));
  }

  function parse(text: string) {
    const calendar = new ICAL.Component(ICAL.parse(text));
    const event = new ICAL.Event(calendar.getFirstSubcomponent("vevent")!);
    return { calendar, event, vevent: calendar.getFirstSubcomponent("vevent")! };
  }

  it("mails the confirmation with an RFC 5545 invite a calendar parser reads", async () => {
    const { clientId, email, orderId } = await clientWithOrder("en");
    const result = await bookSession({
      orderId,
      clientId,
      mode: "video",
      consultantId: consultant,
      startsAt: gst("2026-12-09T10:00:00").getTime(),
      now: NOW,
    });
    if (!result.ok) throw new Error(result.error);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Your consultation is booked: Wednesday 9 December, 10:00 Gulf time");
    expect(mail!.textBody).toContain(`https://video.example/room/${result.booking.roomName}`);
    expect(mail!.textBody).toContain("Layla Consultant");
    const [attachment] = await renderAttachments(mail!.attachments);
    expect(attachment!.filename).toBe("consultation.ics");
    expect(attachment!.contentType).toContain("method=REQUEST");
    const text = attachment!.content.toString("utf8");
    expect(text.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const { calendar, event, vevent } = parse(text);
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(event.uid).toBe(`${result.booking.id}@sanad.example`);
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate()).toEqual(gst("2026-12-09T10:00:00"));
    expect(event.endDate.toJSDate()).toEqual(gst("2026-12-09T11:30:00"));
    expect(event.startDate.zone?.tzid).toBe("UTC");
    expect(vevent.getFirstPropertyValue("organizer")).toBe("mailto:office@sanad.example");
    expect(vevent.getFirstProperty("attendee")!.getParameter("cn")).toBe("Omar, the client; Haddad");
    expect(vevent.getFirstPropertyValue("attendee")).toBe(`mailto:${email}`);
    expect(event.location).toBe(`https://video.example/room/${result.booking.roomName}`);
    expect(vevent.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(event.description).toContain("Video call");
  });

  it("writes the mail and the invite in the client's language, with the number we will call", async () => {
    const { clientId, email, orderId } = await clientWithOrder("ar", "+971 50 111 2222");
    const result = await bookSession({
      orderId,
      clientId,
      mode: "phone",
      consultantId: consultant,
      startsAt: gst("2026-12-10T14:00:00").getTime(),
      now: NOW,
    });
    if (!result.ok) throw new Error(result.error);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toMatch(/^تم حجز استشارتك: الخميس، 10 ديسمبر، 14:00 بتوقيت الخليج$/);
    expect(mail!.textBody).toContain("+971 50 111 2222");
    const { event } = parse((await renderAttachments(mail!.attachments))[0]!.content.toString("utf8"));
    expect(event.summary).toMatch(/^استشارة مع /);
    expect(event.description).toContain("+971 50 111 2222");
  });
});

import { eq } from "drizzle-orm";
import { consultationBookings, orders, users, type ConsultationBooking } from "../../db/schema";
import { bookingText } from "../content/booking.server";
import { db, type Queryable } from "../db.server";
import { getEnv, siteName } from "../env.server";
import { fill } from "../i18n/fill";
import { listComma } from "../i18n/format";
import { localizePath, type Lang } from "../i18n/lang";
import { registerAttachmentRenderer } from "../mail/attachments.server";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import { isUuid } from "../utils/ids";
import { consultantOf, meetingDetails } from "./booking-view.server";
import { icsCalendar, type IcsEvent, type IcsMethod } from "./ics";
import { formatDay, formatTime } from "./time-zones";

/**
 * Mail about a booked session, in the client's language, with its calendar invite attached (and
 * the same invite offered for download on the order page). The UID is the booking's id at the
 * site's host, so every update or cancellation replaces the one event in the client's calendar.
 */

export function inviteUid(bookingId: string): string {
  return `${bookingId}@${new URL(getEnv().SITE_URL).hostname}`;
}

/** "Wednesday 9 December, 10:00 Gulf time". */
export function sessionWhen(booking: Pick<ConsultationBooking, "startsAt">, lang: Lang): string {
  return `${formatDay(booking.startsAt, lang)}${listComma(lang)}${fill(bookingText[lang].gulfTime, { time: formatTime(booking.startsAt, lang) })}`;
}

type SessionParties = {
  booking: ConsultationBooking;
  client: { email: string; name: string | null; lang: Lang };
  phone: string | null;
  consultant: { name: string; videoUrl: string | null };
};

async function partiesOf(bookingId: string, q: Queryable = db): Promise<SessionParties | null> {
  if (!isUuid(bookingId)) return null;
  const [row] = await q
    .select({
      booking: consultationBookings,
      email: users.email,
      name: users.fullName,
      lang: users.lang,
      phone: orders.phone,
    })
    .from(consultationBookings)
    .innerJoin(users, eq(users.id, consultationBookings.clientId))
    .innerJoin(orders, eq(orders.id, consultationBookings.orderId))
    .where(eq(consultationBookings.id, bookingId));
  if (!row) return null;
  return {
    booking: row.booking,
    client: { email: row.email, name: row.name, lang: row.lang },
    phone: row.phone,
    consultant: await consultantOf(row.booking.consultantId, q),
  };
}

function eventOf(parties: SessionParties, lang: Lang, now: Date): IcsEvent {
  const env = getEnv();
  const t = bookingText[lang];
  const { booking } = parties;
  const meeting = meetingDetails(booking, lang, {
    phone: parties.phone,
    consultantVideoUrl: parties.consultant.videoUrl,
  });
  const site = siteName(lang, env);
  return {
    uid: inviteUid(booking.id),
    sequence: booking.sequence,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: now,
    summary: fill(t.mail.summary, { site }),
    description: [
      meeting.modeLabel,
      meeting.url ?? meeting.text,
      fill(t.sessionWith, { name: parties.consultant.name }),
    ]
      .filter(Boolean)
      .join("\n"),
    location:
      meeting.url ??
      (booking.mode === "in_person"
        ? lang === "ar"
          ? env.SUPPLIER_ADDRESS_AR
          : env.SUPPLIER_ADDRESS
        : meeting.modeLabel),
    url: meeting.url,
    organizer: { name: site, email: env.CONTACT_EMAIL },
    attendee: { name: parties.client.name ?? parties.client.email, email: parties.client.email },
    cancelled: booking.state === "cancelled",
  };
}

/** The invite of a booking as the client gets it (their language); null when there is no such booking. */
export async function clientInvite(
  bookingId: string,
  method: IcsMethod,
  q: Queryable = db,
  now = new Date(),
): Promise<string | null> {
  const parties = await partiesOf(bookingId, q);
  return parties ? icsCalendar([eventOf(parties, parties.client.lang, now)], method) : null;
}

export const inviteFileName = "consultation.ics";

registerAttachmentRenderer("consultation-invite", async (id) => {
  const [bookingId, method] = id.split(":");
  if (!bookingId || (method !== "REQUEST" && method !== "CANCEL")) return null;
  const text = await clientInvite(bookingId, method);
  return text
    ? {
        filename: inviteFileName,
        content: Buffer.from(text, "utf8"),
        contentType: `text/calendar; charset=utf-8; method=${method}`,
      }
    : null;
});

export type BookingMailKind =
  "booked" | "rescheduled" | "cancelled" | "refund-cancelled" | "reminder-day" | "reminder-hour";

/** Queues the mail of a new, moved or cancelled booking, in the transaction that changed it. */
export async function queueBookingMail(
  tx: Queryable,
  bookingId: string,
  kind: BookingMailKind = "booked",
  reason: string | null = null,
) {
  const parties = await partiesOf(bookingId, tx);
  if (!parties) return;
  const lang = parties.client.lang;
  const t = bookingText[lang];
  const when = sessionWhen(parties.booking, lang);
  const meeting = meetingDetails(parties.booking, lang, {
    phone: parties.phone,
    consultantVideoUrl: parties.consultant.videoUrl,
  });
  const details: Array<[string, string]> = [
    [t.mail.when, when],
    [t.mail.how, meeting.modeLabel],
  ];
  if (kind !== "cancelled" && kind !== "refund-cancelled") {
    if (meeting.url) details.push([t.mail.link, meeting.url]);
    if (meeting.text) details.push([t.mail.how, meeting.text]);
    details.push([t.mail.with, parties.consultant.name]);
  }
  if (reason) details.push([t.mail.reason, reason]);
  const subject = {
    booked: t.mail.bookedSubject,
    rescheduled: t.mail.rescheduledSubject,
    cancelled: t.mail.cancelledSubject,
    "refund-cancelled": t.mail.cancelledSubject,
    "reminder-day": t.mail.reminderDaySubject,
    "reminder-hour": t.mail.reminderHourSubject,
  }[kind];
  const intro = {
    booked: t.mail.booked,
    rescheduled: t.mail.rescheduled,
    cancelled: t.mail.cancelled,
    "refund-cancelled": t.mail.refundCancelled,
    "reminder-day": t.mail.reminder,
    "reminder-hour": t.mail.reminder,
  }[kind];
  const mail = renderEmail(
    {
      subject: fill(subject, { when }),
      greeting:
        lang === "ar"
          ? parties.client.name
            ? `مرحباً ${parties.client.name}،`
            : "مرحباً،"
          : parties.client.name
            ? `Dear ${parties.client.name},`
            : "Hello,",
      paragraphs: kind === "booked" ? [intro, t.mail.calendarNote] : [intro],
      details,
      action: {
        label: t.mail.orderLink,
        url: getEnv().SITE_URL + localizePath(lang, `/dashboard/orders/${parties.booking.orderId}#consultation`),
      },
    },
    lang,
  );
  const method = kind === "cancelled" || kind === "refund-cancelled" ? "CANCEL" : "REQUEST";
  // Reminders carry no invite: the calendar already has the event.
  const attachments = kind.startsWith("reminder")
    ? []
    : [{ kind: "consultation-invite" as const, id: `${bookingId}:${method}` }];
  await queueMail(tx, { to: parties.client.email, ...mail, kind: `consultation-${kind}`, attachments });
}

import { eq } from "drizzle-orm";
import { consultantSettings, users, type ConsultationBooking, type ConsultationMode } from "../../db/schema";
import { bookingText } from "../content/booking.server";
import { db, type Queryable } from "../db.server";
import { getEnv } from "../env.server";
import { fill } from "../i18n/fill";
import { listComma } from "../i18n/format";
import { localizePath, type Lang } from "../i18n/lang";
import { gulfDate, slotValue, type Slot } from "./slots";
import { formatDay, formatInZone, formatTime, sameAsGulf } from "./time-zones";

/** What the booking page and the order page show of slots and booked sessions. */

export type SlotOptionView = { value: string; iso: string; gulf: string; local: string | null };
export type SlotDayView = { date: string; heading: string; slots: SlotOptionView[] };

export function slotOption(slot: Slot, lang: Lang, timeZone: string | null): SlotOptionView {
  const t = bookingText[lang];
  const local =
    timeZone && !sameAsGulf(slot.startsAt, timeZone)
      ? fill(t.yourTime, { time: formatInZone(slot.startsAt, lang, timeZone) })
      : null;
  return {
    value: slotValue(slot),
    iso: slot.startsAt.toISOString(),
    gulf: fill(t.gulfTime, { time: formatTime(slot.startsAt, lang) }),
    local,
  };
}

/** Slots grouped by their Gulf-time day, each day a heading. */
export function slotDays(slots: readonly Slot[], lang: Lang, timeZone: string | null): SlotDayView[] {
  const days = new Map<string, SlotDayView>();
  for (const slot of slots) {
    const date = gulfDate(slot.startsAt);
    const day = days.get(date) ?? { date, heading: formatDay(slot.startsAt, lang), slots: [] };
    day.slots.push(slotOption(slot, lang, timeZone));
    days.set(date, day);
  }
  return [...days.values()];
}

export type MeetingDetails = { mode: ConsultationMode; modeLabel: string; url: string | null; text: string | null };

/** The video link of a session: the consultant's own, or the configured template with the session's room. */
export function videoLink(
  booking: Pick<ConsultationBooking, "roomName">,
  consultantVideoUrl: string | null,
): string | null {
  if (consultantVideoUrl) return consultantVideoUrl;
  return booking.roomName
    ? getEnv().CONSULTATION_VIDEO_URL.replace("{room}", encodeURIComponent(booking.roomName))
    : null;
}

export function meetingDetails(
  booking: Pick<ConsultationBooking, "mode" | "roomName">,
  lang: Lang,
  extra: { phone: string | null; consultantVideoUrl: string | null },
): MeetingDetails {
  const t = bookingText[lang];
  const env = getEnv();
  const modeLabel = t.modes[booking.mode].label;
  if (booking.mode === "video")
    return { mode: booking.mode, modeLabel, url: videoLink(booking, extra.consultantVideoUrl), text: null };
  if (booking.mode === "phone")
    return {
      mode: booking.mode,
      modeLabel,
      url: null,
      text: fill(t.weCallYou, { phone: `\u2066${extra.phone ?? env.CONTACT_PHONE}\u2069` }),
    };
  return {
    mode: booking.mode,
    modeLabel,
    url: null,
    text: fill(t.atOffice, { address: lang === "ar" ? env.SUPPLIER_ADDRESS_AR : env.SUPPLIER_ADDRESS }),
  };
}

/** The last moment a client may change a session themselves (CONSULTATION_CHANGE_HOURS before it). */
export function clientChangeDeadline(booking: Pick<ConsultationBooking, "startsAt">): Date {
  return new Date(booking.startsAt.getTime() - getEnv().CONSULTATION_CHANGE_HOURS * 3_600_000);
}

export type BookedSessionView = {
  id: string;
  when: string;
  iso: string;
  consultant: string;
  meeting: MeetingDetails;
  invitePath: string;
  /** While the client may still change it: until when, and where. */
  change: { until: string; reschedulePath: string; cancelAction: string } | null;
};

/** The consultant's name and own video link. */
export async function consultantOf(consultantId: string, q: Queryable = db) {
  const [row] = await q
    .select({ name: users.fullName, email: users.email, videoUrl: consultantSettings.videoUrl })
    .from(users)
    .leftJoin(consultantSettings, eq(consultantSettings.userId, users.id))
    .where(eq(users.id, consultantId));
  return { name: row?.name ?? row?.email ?? "", email: row?.email ?? "", videoUrl: row?.videoUrl ?? null };
}

export async function bookedSessionView(
  booking: ConsultationBooking,
  lang: Lang,
  phone: string | null,
  now = new Date(),
): Promise<BookedSessionView> {
  const t = bookingText[lang];
  const consultant = await consultantOf(booking.consultantId);
  const minutes = Math.round((booking.endsAt.getTime() - booking.startsAt.getTime()) / 60_000);
  return {
    id: booking.id,
    when: fill(t.sessionWhen, {
      day: formatDay(booking.startsAt, lang),
      time: formatTime(booking.startsAt, lang),
      minutes,
    }),
    iso: booking.startsAt.toISOString(),
    consultant: fill(t.sessionWith, { name: `\u2068${consultant.name}\u2069` }),
    meeting: meetingDetails(booking, lang, { phone, consultantVideoUrl: consultant.videoUrl }),
    invitePath: `/dashboard/orders/${booking.orderId}/sessions/${booking.id}/invite.ics`,
    change:
      booking.state === "booked" && now.getTime() <= clientChangeDeadline(booking).getTime()
        ? {
            until: fill(t.changeUntil, {
              deadline: `${formatDay(clientChangeDeadline(booking), lang)}${listComma(lang)}${fill(t.gulfTime, { time: formatTime(clientChangeDeadline(booking), lang) })}`,
            }),
            reschedulePath: `/dashboard/orders/${booking.orderId}/book?reschedule=${booking.id}`,
            cancelAction: localizePath(lang, `/dashboard/orders/${booking.orderId}/book`),
          }
        : null,
  };
}

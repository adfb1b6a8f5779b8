import crypto from "node:crypto";
import { and, asc, eq, gte, ne } from "drizzle-orm";
import { consultantSettings, consultationBookings, orders, users } from "../../db/schema";
import { bookingText } from "../content/booking.server";
import { db, type Queryable } from "../db.server";
import { getEnv, siteName } from "../env.server";
import { inviteUid } from "./booking-mail.server";
import { meetingDetails, videoLink } from "./booking-view.server";
import { icsCalendar, type IcsEvent } from "./ics";

/**
 * A consultant's private calendar feed (decision 099): a secret URL calendar apps subscribe to.
 * Only the SHA-256 of the token is stored (`consultant_settings.feed_token_hash`), so the URL is
 * shown once; renewing replaces it and revoking clears it, and the old URL answers 404 at once.
 */
const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new secret (256 bits) for the consultant's feed; the previous one stops working. */
export async function renewFeedToken(userId: string, q: Queryable = db): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await q
    .insert(consultantSettings)
    .values({ userId, feedTokenHash: hashOf(token) })
    .onConflictDoUpdate({
      target: consultantSettings.userId,
      set: { feedTokenHash: hashOf(token), updatedAt: new Date() },
    });
  return token;
}

export async function revokeFeedToken(userId: string, q: Queryable = db): Promise<void> {
  await q
    .update(consultantSettings)
    .set({ feedTokenHash: null, updatedAt: new Date() })
    .where(eq(consultantSettings.userId, userId));
}

export async function hasFeed(userId: string, q: Queryable = db): Promise<boolean> {
  const [row] = await q
    .select({ hash: consultantSettings.feedTokenHash })
    .from(consultantSettings)
    .where(eq(consultantSettings.userId, userId));
  return Boolean(row?.hash);
}

/** The feed of the token's consultant (sessions from a day ago on, not cancelled); null for an unknown token. */
export async function consultantFeed(token: string, now = new Date(), q: Queryable = db): Promise<string | null> {
  if (!TOKEN.test(token)) return null;
  const [owner] = await q
    .select({ id: users.id, lang: users.lang, role: users.role })
    .from(consultantSettings)
    .innerJoin(users, eq(users.id, consultantSettings.userId))
    .where(eq(consultantSettings.feedTokenHash, hashOf(token)));
  if (!owner || (owner.role !== "staff" && owner.role !== "admin")) return null;
  const [settings] = await q
    .select({ videoUrl: consultantSettings.videoUrl })
    .from(consultantSettings)
    .where(eq(consultantSettings.userId, owner.id));
  const rows = await q
    .select({
      booking: consultationBookings,
      clientName: users.fullName,
      clientEmail: users.email,
      phone: orders.phone,
    })
    .from(consultationBookings)
    .innerJoin(users, eq(users.id, consultationBookings.clientId))
    .innerJoin(orders, eq(orders.id, consultationBookings.orderId))
    .where(
      and(
        eq(consultationBookings.consultantId, owner.id),
        ne(consultationBookings.state, "cancelled"),
        gte(consultationBookings.endsAt, new Date(now.getTime() - 86_400_000)),
      ),
    )
    .orderBy(asc(consultationBookings.startsAt))
    .limit(1000);
  const env = getEnv();
  const lang = owner.lang;
  const t = bookingText[lang];
  const site = siteName(lang, env);
  const events: IcsEvent[] = rows.map(({ booking, clientName, clientEmail, phone }) => {
    const meeting = meetingDetails(booking, lang, { phone, consultantVideoUrl: settings?.videoUrl ?? null });
    const client = clientName ?? clientEmail;
    const orderUrl = new URL(`/admin/orders/${booking.orderId}`, env.SITE_URL).toString();
    return {
      uid: inviteUid(booking.id),
      sequence: booking.sequence,
      start: booking.startsAt,
      end: booking.endsAt,
      stamp: now,
      summary: `${t.modes[booking.mode].label}: ${client}`,
      description: [
        meeting.modeLabel,
        booking.mode === "phone" ? phone : null,
        booking.mode === "video" ? videoLink(booking, settings?.videoUrl ?? null) : null,
        clientEmail,
        booking.notes,
        orderUrl,
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
      url: orderUrl,
      organizer: { name: site, email: env.CONTACT_EMAIL },
    };
  });
  return icsCalendar(events, "PUBLISH", site);
}

import { aliasedTable, and, asc, eq, gte, lt, ne } from "drizzle-orm";
import {
  consultationBookings,
  orders,
  users,
  type BookingState,
  type ConsultationMode,
  type UserRole,
} from "../../db/schema";
import { db, type Queryable } from "../db.server";
import { isUuid } from "../utils/ids";
import type { BookingError } from "./booking-errors";
import { cancelBooking, rescheduleBooking, type ChangeResult } from "./changes.server";
import { gulfDate, gulfInstant } from "./slots";

/**
 * "My agenda": the sessions of today and the six days after it (Gulf time). A member of staff sees
 * and changes only the sessions they give; an admin every consultant's. Clients have no agenda.
 */
export type AgendaViewer = { id: string; role: UserRole };
export const AGENDA_DAYS = 7;

export type AgendaSession = {
  id: string;
  orderId: string;
  consultantId: string;
  consultantName: string;
  clientName: string;
  clientEmail: string;
  phone: string | null;
  mode: ConsultationMode;
  state: BookingState;
  startsAt: Date;
  endsAt: Date;
  notes: string | null;
};

const mayConsult = (viewer: AgendaViewer) => viewer.role === "staff" || viewer.role === "admin";

/** The window of the agenda: from the start of today, Gulf time, for AGENDA_DAYS days. */
export function agendaWindow(now: Date): { from: Date; to: Date } {
  const from = gulfInstant(gulfDate(now), 0);
  return { from, to: new Date(from.getTime() + AGENDA_DAYS * 86_400_000) };
}

export async function agendaSessions(
  viewer: AgendaViewer,
  now = new Date(),
  q: Queryable = db,
): Promise<AgendaSession[]> {
  if (!mayConsult(viewer)) return [];
  const { from, to } = agendaWindow(now);
  const client = aliasedTable(users, "client");
  const consultant = aliasedTable(users, "consultant");
  const rows = await q
    .select({
      id: consultationBookings.id,
      orderId: consultationBookings.orderId,
      consultantId: consultationBookings.consultantId,
      consultantName: consultant.fullName,
      consultantEmail: consultant.email,
      clientName: client.fullName,
      clientEmail: client.email,
      phone: orders.phone,
      mode: consultationBookings.mode,
      state: consultationBookings.state,
      startsAt: consultationBookings.startsAt,
      endsAt: consultationBookings.endsAt,
      notes: consultationBookings.notes,
    })
    .from(consultationBookings)
    .innerJoin(client, eq(client.id, consultationBookings.clientId))
    .innerJoin(consultant, eq(consultant.id, consultationBookings.consultantId))
    .innerJoin(orders, eq(orders.id, consultationBookings.orderId))
    .where(
      and(
        ne(consultationBookings.state, "cancelled"),
        gte(consultationBookings.startsAt, from),
        lt(consultationBookings.startsAt, to),
        viewer.role === "admin" ? undefined : eq(consultationBookings.consultantId, viewer.id),
      ),
    )
    .orderBy(asc(consultationBookings.startsAt), asc(consultationBookings.id))
    .limit(500);
  return rows.map(({ consultantEmail, ...row }) => ({
    ...row,
    consultantName: row.consultantName ?? consultantEmail,
    clientName: row.clientName ?? row.clientEmail,
  }));
}

export type AgendaError = BookingError | "not-started" | "outcome";
export type AgendaResult = { ok: true } | { ok: false; error: AgendaError };

/** The live session the viewer may act on: their own (staff) or any (admin); otherwise not found. */
async function sessionFor(viewer: AgendaViewer, bookingId: unknown, q: Queryable) {
  if (!mayConsult(viewer) || typeof bookingId !== "string" || !isUuid(bookingId)) return null;
  const [row] = await q.select().from(consultationBookings).where(eq(consultationBookings.id, bookingId));
  if (!row || (viewer.role !== "admin" && row.consultantId !== viewer.id)) return null;
  return row;
}

/** Marks a session that has started as held or missed (once: a marked session stays as marked). */
export async function markSession(
  viewer: AgendaViewer,
  bookingId: unknown,
  outcome: unknown,
  now = new Date(),
  q: Queryable = db,
): Promise<AgendaResult> {
  if (outcome !== "held" && outcome !== "missed") return { ok: false, error: "outcome" };
  const session = await sessionFor(viewer, bookingId, q);
  if (!session) return { ok: false, error: "not-found" };
  if (session.startsAt.getTime() > now.getTime()) return { ok: false, error: "not-started" };
  const updated = await q
    .update(consultationBookings)
    .set({ state: outcome, updatedAt: now })
    .where(and(eq(consultationBookings.id, session.id), eq(consultationBookings.state, "booked")))
    .returning({ id: consultationBookings.id });
  return updated.length === 1 ? { ok: true } : { ok: false, error: "not-live" };
}

/** "2026-12-09T10:00" (a datetime-local field, read as Gulf time) → the instant, or null. */
export function parseGulfLocal(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, date, hours, minutes] = match;
  const instant = new Date(`${date}T${hours}:${minutes}:00+04:00`);
  return Number.isNaN(instant.getTime()) || gulfDate(instant) !== date ? null : instant;
}

/**
 * A member of staff (or an admin) cancels or moves a session with a reason; the change itself,
 * its checks and the client's mail are the booking's own (changes.server.ts). The session stays
 * with its consultant.
 */
export async function changeFromAgenda(
  viewer: AgendaViewer,
  request: { intent: unknown; bookingId: unknown; reason: unknown; startsAt?: unknown },
  now = new Date(),
  q: Queryable = db,
): Promise<ChangeResult> {
  const session = await sessionFor(viewer, request.bookingId, q);
  if (!session) return { ok: false, error: "not-found", nearest: [] };
  const actor = { kind: "staff" as const, userId: viewer.id, reason: request.reason };
  if (request.intent === "cancel") return cancelBooking(session.id, actor, now, q);
  if (request.intent !== "reschedule") return { ok: false, error: "not-found", nearest: [] };
  const startsAt = parseGulfLocal(request.startsAt);
  if (!startsAt) return { ok: false, error: "slot", nearest: [] };
  return rescheduleBooking({ bookingId: session.id, actor, consultantId: session.consultantId, startsAt, now }, q);
}

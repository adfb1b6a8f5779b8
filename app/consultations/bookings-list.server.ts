import { aliasedTable, and, asc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import * as z from "zod";
import { BOOKING_STATES, consultationBookings, users, type BookingState, type ConsultationMode } from "../../db/schema";
import { db, type Queryable } from "../db.server";
import { isUuid } from "../utils/ids";
import { gulfDate, gulfInstant } from "./slots";

/**
 * Every booking, for admins: filtered by consultant, Gulf-time dates (both included) and state.
 * Bounded rather than paged: a period of at most 92 days and the first BOOKINGS_LIST_LIMIT sessions
 * of it, in time order; the page says when there are more (narrow the filter).
 */
export const BOOKINGS_LIST_LIMIT = 200;
const MAX_DAYS = 92;

const isRealDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && gulfDate(gulfInstant(value, 0)) === value;

export const bookingsFilterSchema = z
  .object({
    consultant: z
      .string()
      .trim()
      .optional()
      .refine((v) => !v || isUuid(v), "consultant"),
    from: z.string({ message: "from" }).trim().refine(isRealDate, "from"),
    to: z.string({ message: "to" }).trim().refine(isRealDate, "to"),
    state: z.enum(["", ...BOOKING_STATES], { message: "state" }).optional(),
  })
  .refine((f) => !isRealDate(f.from) || !isRealDate(f.to) || f.from <= f.to, { path: ["to"], message: "order" })
  .refine(
    (f) =>
      !isRealDate(f.from) ||
      !isRealDate(f.to) ||
      gulfInstant(f.to, 0).getTime() - gulfInstant(f.from, 0).getTime() < MAX_DAYS * 86_400_000,
    { path: ["to"], message: "span" },
  );

export type BookingsFilter = z.infer<typeof bookingsFilterSchema>;

/** The filter a first visit shows: every consultant and state, today and the next 13 days. */
export function defaultBookingsFilter(now = new Date()): { from: string; to: string } {
  return { from: gulfDate(now), to: gulfDate(new Date(now.getTime() + 13 * 86_400_000)) };
}

export type BookingRow = {
  id: string;
  orderId: string;
  consultantName: string;
  clientName: string;
  mode: ConsultationMode;
  state: BookingState;
  startsAt: Date;
  endsAt: Date;
};

export async function listBookings(
  filter: BookingsFilter,
  q: Queryable = db,
): Promise<{ rows: BookingRow[]; more: boolean }> {
  const client = aliasedTable(users, "client");
  const consultant = aliasedTable(users, "consultant");
  const conditions: SQL[] = [
    gte(consultationBookings.startsAt, gulfInstant(filter.from, 0)),
    lt(consultationBookings.startsAt, gulfInstant(filter.to, 24 * 60)),
  ];
  if (filter.consultant) conditions.push(eq(consultationBookings.consultantId, filter.consultant));
  if (filter.state) conditions.push(eq(consultationBookings.state, filter.state));
  const rows = await q
    .select({
      id: consultationBookings.id,
      orderId: consultationBookings.orderId,
      consultantName: consultant.fullName,
      consultantEmail: consultant.email,
      clientName: client.fullName,
      clientEmail: client.email,
      mode: consultationBookings.mode,
      state: consultationBookings.state,
      startsAt: consultationBookings.startsAt,
      endsAt: consultationBookings.endsAt,
    })
    .from(consultationBookings)
    .innerJoin(client, eq(client.id, consultationBookings.clientId))
    .innerJoin(consultant, eq(consultant.id, consultationBookings.consultantId))
    .where(and(...conditions))
    .orderBy(asc(consultationBookings.startsAt), asc(consultationBookings.id))
    .limit(BOOKINGS_LIST_LIMIT + 1);
  return {
    rows: rows.slice(0, BOOKINGS_LIST_LIMIT).map((r) => ({
      id: r.id,
      orderId: r.orderId,
      consultantName: r.consultantName ?? r.consultantEmail,
      clientName: r.clientName ?? r.clientEmail,
      mode: r.mode,
      state: r.state,
      startsAt: r.startsAt,
      endsAt: r.endsAt,
    })),
    more: rows.length > BOOKINGS_LIST_LIMIT,
  };
}

/** The members of staff and admins a booking can be with (the consultant filter's options). */
export async function consultantChoices(q: Queryable = db): Promise<{ id: string; name: string }[]> {
  const rows = await q
    .select({ id: users.id, name: users.fullName, email: users.email })
    .from(users)
    .where(inArray(users.role, ["staff", "admin"]))
    .orderBy(asc(users.fullName), asc(users.email));
  return rows.map((r) => ({ id: r.id, name: r.name ?? r.email }));
}

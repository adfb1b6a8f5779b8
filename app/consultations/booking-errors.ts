/** Why a booking was refused: each has a message the client can act on (content/booking.server.ts). */
export type BookingError =
  | "not-found"
  | "no-credit"
  | "mode"
  | "slot"
  | "past"
  | "holiday"
  | "unavailable"
  | "consultant"
  | "wrong-length"
  | "taken"
  | "too-late"
  | "reason"
  | "not-live";

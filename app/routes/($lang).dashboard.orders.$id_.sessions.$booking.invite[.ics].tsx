import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "../auth/session.server";
import { clientInvite, inviteFileName } from "../consultations/booking-mail.server";
import { bookingOfClient } from "../consultations/booking.server";
import { notFound } from "../http/http.server";

// The calendar invite of a booked session (the same file the confirmation mail carries). Another
// client's session, or any unknown id, is 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const booking = await bookingOfClient(params.booking ?? "", params.id ?? "", user.id);
  if (!booking) notFound();
  const text = await clientInvite(booking.id, booking.state === "cancelled" ? "CANCEL" : "REQUEST");
  if (!text) notFound();
  return new Response(text, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${inviteFileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

import type { BookedSessionView } from "../../consultations/booking-view.server";
import type { SessionCreditView } from "../../consultations/credits.server";
import { LocalizedLink } from "../layout/localized-link";
import { ResilientForm } from "../forms/resilient-form";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";

/** The order page's consultation block: the booked sessions, and sessions still to book with the way to book them. */
export function OrderSessionCredits({
  credit,
  heading,
  booked = [],
  bookedText,
}: {
  credit: SessionCreditView | null;
  heading: string;
  booked?: BookedSessionView[];
  bookedText?: { title: string; joinVideo: string; addToCalendar: string; reschedule: string; cancel: string };
}) {
  if (!credit && booked.length === 0) return null;
  return (
    <Card id="consultation" data-testid="session-credits" className="space-y-3" aria-labelledby="consultation-heading">
      <h2 id="consultation-heading" className="text-lg font-semibold text-navy-900">
        {heading}
      </h2>
      {booked.length > 0 ? (
        <ul className="space-y-3" data-testid="booked-sessions" aria-label={bookedText?.title}>
          {booked.map((session) => (
            <li key={session.id} className="space-y-1 rounded-lg border border-slate-200 p-3" data-booking={session.id}>
              <p className="font-semibold">
                <time dateTime={session.iso}>{session.when}</time>
              </p>
              <p className="text-sm text-slate-700">
                {session.meeting.modeLabel} · {session.consultant}
              </p>
              {session.meeting.url ? (
                <p>
                  <a
                    href={session.meeting.url}
                    className="font-semibold text-navy-700 underline underline-offset-4"
                    rel="noreferrer"
                    target="_blank"
                    dir="ltr"
                  >
                    {bookedText?.joinVideo}
                  </a>
                </p>
              ) : null}
              {session.meeting.text ? <p className="text-sm text-slate-700">{session.meeting.text}</p> : null}
              <p>
                <LocalizedLink
                  to={session.invitePath}
                  reloadDocument
                  className="text-sm font-semibold text-navy-700 underline underline-offset-4"
                >
                  {bookedText?.addToCalendar}
                </LocalizedLink>
              </p>
              {session.change ? (
                <div className="space-y-2">
                  <p className="text-sm text-slate-700">{session.change.until}</p>
                  <div className="flex flex-wrap items-center gap-3">
                    <LocalizedLink to={session.change.reschedulePath} className={buttonClasses("secondary", "sm")}>
                      {bookedText?.reschedule}
                    </LocalizedLink>
                    <ResilientForm method="post" action={session.change.cancelAction}>
                      <input type="hidden" name="intent" value="cancel" />
                      <input type="hidden" name="booking" value={session.id} />
                      <Button type="submit" variant="ghost" size="sm">
                        {bookedText?.cancel}
                      </Button>
                    </ResilientForm>
                  </div>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {credit ? (
        <>
          <p className="font-semibold">{credit.title}</p>
          <p className="text-sm text-slate-700">{credit.text}</p>
          <LocalizedLink to={credit.bookPath} className={buttonClasses("primary", "sm")}>
            {credit.bookLabel}
          </LocalizedLink>
        </>
      ) : null}
    </Card>
  );
}

/** The dashboard's reminder: each paid order with sessions still to book. */
export function DashboardSessionCredits({ credits, heading }: { credits: SessionCreditView[]; heading: string }) {
  if (credits.length === 0) return null;
  return (
    <Card data-testid="sessions-to-book" className="space-y-3" aria-labelledby="sessions-to-book-heading">
      <h2 id="sessions-to-book-heading" className="text-lg font-semibold text-navy-900">
        {heading}
      </h2>
      <ul className="space-y-3">
        {credits.map((credit) => (
          <li key={credit.orderId} className="flex flex-wrap items-center justify-between gap-3">
            <span>
              <span className="font-semibold">{credit.orderLabel}</span>: {credit.title}
            </span>
            <LocalizedLink to={credit.bookPath} className={buttonClasses("primary", "sm")}>
              {credit.bookLabel}
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </Card>
  );
}

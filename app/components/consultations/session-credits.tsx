import type { SessionCreditView } from "../../consultations/credits.server";
import { LocalizedLink } from "../layout/localized-link";
import { buttonClasses } from "../ui/button";
import { Card } from "../ui/card";

/** The order page's consultation block: sessions still to book and how to book them. */
export function OrderSessionCredits({ credit, heading }: { credit: SessionCreditView | null; heading: string }) {
  if (!credit) return null;
  return (
    <Card id="consultation" data-testid="session-credits" className="space-y-3" aria-labelledby="consultation-heading">
      <h2 id="consultation-heading" className="text-lg font-semibold text-navy-900">
        {heading}
      </h2>
      <p className="font-semibold">{credit.title}</p>
      <p className="text-sm text-slate-700">{credit.text}</p>
      <a href="#conversation" className={buttonClasses("primary", "sm")}>
        {credit.bookLabel}
      </a>
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

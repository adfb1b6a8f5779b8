import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { cn } from "../../utils/cn";
import { buttonClasses } from "./button";

/** A list's page links as query strings made on the server (filters kept); null: no such page. */
export type PageHrefs = { first?: string | null; previous: string | null; next: string | null };

/**
 * First / previous / next links of a paged list: plain links (bookmarkable, no JavaScript needed)
 * that keep the search and filters. `status` (e.g. "Page 2 of 5") stands between them when the
 * list can say it; keyset lists cannot (a page is a position, not an offset) and leave it out.
 */
export function PageLinks({
  links,
  text,
  status,
  className,
}: {
  links: PageHrefs;
  text: { label: string; previous: string; next: string; first?: string };
  status?: ReactNode;
  className?: string;
}) {
  if (!links.previous && !links.next) return null;
  return (
    <nav
      aria-label={text.label}
      className={cn("flex flex-wrap items-center justify-between gap-3", className)}
      data-testid="pagination"
    >
      <div className="flex flex-wrap gap-2">
        {links.first && text.first ? (
          <Link to={links.first} className={buttonClasses("ghost", "sm")} preventScrollReset>
            {text.first}
          </Link>
        ) : null}
        {links.previous ? (
          <Link to={links.previous} className={buttonClasses("secondary", "sm")} rel="prev" preventScrollReset>
            <span aria-hidden="true" className="rtl:rotate-180">
              ←
            </span>
            {text.previous}
          </Link>
        ) : null}
      </div>
      {status ? (
        <p className="text-sm text-slate-700" aria-current="page">
          {status}
        </p>
      ) : null}
      {links.next ? (
        <Link to={links.next} className={buttonClasses("secondary", "sm")} rel="next" preventScrollReset>
          {text.next}
          <span aria-hidden="true" className="rtl:rotate-180">
            →
          </span>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

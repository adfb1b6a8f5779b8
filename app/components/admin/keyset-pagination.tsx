import { Link } from "@remix-run/react";
import { cn } from "../../utils/cn";
import { buttonClasses } from "../ui/button";

/** The links of a keyset list, as query strings made on the server (filters kept, a signed page cursor added); null: no such page. */
export type KeysetLinks = { first: string | null; previous: string | null; next: string | null };

/**
 * First / previous / next links of a list read in keyset pages: plain links (bookmarkable, no
 * JavaScript needed) that keep the search and filters. No page numbers: a page is a position in
 * the list, not an offset into it.
 */
export function KeysetPagination({ links, text, className }: { links: KeysetLinks; text: { label: string; previous: string; next: string; first: string }; className?: string }) {
  if (!links.previous && !links.next) return null;
  return (
    <nav aria-label={text.label} className={cn("flex flex-wrap items-center justify-between gap-3", className)} data-testid="keyset-pagination">
      <div className="flex flex-wrap gap-2">
        {links.first ? (
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

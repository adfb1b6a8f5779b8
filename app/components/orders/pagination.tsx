import { Link } from "@remix-run/react";
import { fill } from "../../i18n/fill";
import { cn } from "../../utils/cn";
import { buttonClasses } from "../ui/button";

/**
 * Previous / next links that keep the other query parameters (search, filter): plain links, so
 * pages can be bookmarked and work without JavaScript.
 */
export function Pagination({
  page,
  pageCount,
  search,
  text,
  className,
}: {
  page: number;
  pageCount: number;
  /** The current query string, without "?". */
  search: string;
  text: { label: string; previous: string; next: string; pageOf: string };
  className?: string;
}) {
  if (pageCount <= 1 && page <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <nav aria-label={text.label} className={cn("flex flex-wrap items-center justify-between gap-3", className)}>
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonClasses("secondary", "sm")} rel="prev" preventScrollReset>
          <span aria-hidden="true" className="rtl:rotate-180">
            ←
          </span>
          {text.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700" aria-current="page">
        {fill(text.pageOf, { page, pages: Math.max(pageCount, page) })}
      </p>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={buttonClasses("secondary", "sm")} rel="next" preventScrollReset>
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

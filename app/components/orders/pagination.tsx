import { fill } from "../../i18n/fill";
import { PageLinks } from "../ui/page-links";

/**
 * Numbered previous / next links for a client's own short lists (their orders): the other query
 * parameters (search, filter) are kept. The back office's lists are keyset pages (PageLinks with
 * links made on the server).
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
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <PageLinks
      className={className}
      links={{ previous: page > 1 ? hrefFor(page - 1) : null, next: page < pageCount ? hrefFor(page + 1) : null }}
      text={text}
      status={fill(text.pageOf, { page, pages: Math.max(pageCount, page) })}
    />
  );
}

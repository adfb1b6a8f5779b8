import { eq, sql, type SQL } from "drizzle-orm";
import { INQUIRY_STATUSES, inquiries, type InquiryStatus } from "../../db/schema";
import { resultRows } from "../../db/rows";
import { db, type Queryable } from "../db.server";
import { isUuid } from "../utils/ids";
import {
  allOf,
  boundedCount,
  boundedCountSql,
  readKeysetPage,
  timestampCursorFromParams,
  timestampKeyset,
  type BoundedCount,
  type KeysetPage,
  type PageCursor,
  containsText,
} from "./keyset.server";

export const INQUIRY_PAGE_SIZE = 25;
/** Longest search text we accept: a name, an address or a phone number is shorter. */
export const MAX_INQUIRY_SEARCH = 100;
/** The service filter offers at most this many service types (the forms send a few dozen). */
const MAX_SERVICES = 200;

export function isInquiryStatus(value: unknown): value is InquiryStatus {
  return typeof value === "string" && (INQUIRY_STATUSES as readonly string[]).includes(value);
}

export type InquiryFilters = { q: string; status: InquiryStatus | "all"; service: string; cursor: PageCursor | null };

/** What a page cursor is signed for: the list and its filters (a cursor of another filter opens the first page). */
export function inquiryListScope(filters: Pick<InquiryFilters, "q" | "status" | "service">) {
  return JSON.stringify(["inquiries", filters.q, filters.status, filters.service]);
}

/** Reads the list's filters from a URL's query (`q`, `status`, `service`, `after`/`before`); anything odd falls back to the default. */
export function parseInquiryFilters(params: URLSearchParams): InquiryFilters {
  const status = params.get("status");
  const filters = {
    q: (params.get("q") ?? "").trim().slice(0, MAX_INQUIRY_SEARCH),
    status: isInquiryStatus(status) ? status : ("all" as const),
    service: (params.get("service") ?? "").trim().slice(0, 80),
  };
  return { ...filters, cursor: timestampCursorFromParams(params, inquiryListScope(filters)) };
}

const newestFirst = timestampKeyset(inquiries.createdAt, inquiries.id, true);

/** The filters as SQL: status and service on their indexes, the search a LIKE on the trigram-indexed, lower-cased `search_text`. */
function inquiryConditions(filters: Omit<InquiryFilters, "cursor">): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status !== "all") conditions.push(eq(inquiries.status, filters.status));
  if (filters.service) conditions.push(eq(inquiries.serviceType, filters.service));
  if (filters.q) conditions.push(containsText(inquiries.searchText, filters.q));
  return conditions;
}

/** The query that reads one page's rows beyond a cursor (exported for the query-plan test). */
export function inquiryPageQuery(filters: InquiryFilters, limit: number, q: Queryable = db) {
  return q
    .select({
      id: inquiries.id,
      k: newestFirst.key,
      kind: inquiries.kind,
      fullName: inquiries.fullName,
      email: inquiries.email,
      phone: inquiries.phone,
      serviceType: inquiries.serviceType,
      status: inquiries.status,
      createdAt: inquiries.createdAt,
      excerpt: sql<string | null>`left(${inquiries.message}, 140)`,
    })
    .from(inquiries)
    .where(allOf([...inquiryConditions(filters), newestFirst.condition(filters.cursor)]))
    .orderBy(...newestFirst.orderBy(filters.cursor))
    .limit(limit);
}

/** The service types inquiries carry, read as a skip along their index (one probe per type, not a scan of the table). */
export function inquiryServicesQuery() {
  return sql`with recursive services as (
      (select ${inquiries.serviceType} as service from ${inquiries} order by ${inquiries.serviceType} limit 1)
      union all
      select (select i.service_type from inquiries i where i.service_type > s.service order by i.service_type limit 1) from services s where s.service is not null)
    select service from services where service is not null limit ${MAX_SERVICES}`;
}

/** How many rows the filters hold, up to 1,000: read in the list's order, so it walks the page's own index (exported for the query-plan test). */
export function inquiryCountQuery(filters: Omit<InquiryFilters, "cursor">) {
  const conditions = allOf(inquiryConditions(filters));
  return boundedCountSql(
    sql`select 1 from ${inquiries}${conditions ? sql` where ${conditions}` : sql``} order by ${sql.join(newestFirst.orderBy(null), sql`, `)}`,
  );
}

export type InquiryList = KeysetPage<Awaited<ReturnType<typeof inquiryPageQuery>>[number]> & {
  total: BoundedCount;
  services: string[];
  pageSize: number;
};

/**
 * One page of inquiries, newest first, filtered by status, service type and a search of name,
 * e-mail and phone (decision 093): a keyset page on the filter's index, a count that stops at
 * 1,000, the service types read along their index. A stale, altered or foreign cursor opens the first page.
 */
export async function listInquiries(
  filters: InquiryFilters,
  pageSize = INQUIRY_PAGE_SIZE,
  q: Queryable = db,
): Promise<InquiryList> {
  const [page, counted, services] = await Promise.all([
    readKeysetPage(filters.cursor, pageSize, inquiryListScope(filters), (cursor, limit) =>
      inquiryPageQuery({ ...filters, cursor }, limit, q),
    ),
    q.execute(inquiryCountQuery(filters)),
    q.execute(inquiryServicesQuery()),
  ]);
  return {
    ...page,
    total: boundedCount(resultRows(counted)[0]?.n as number | undefined),
    services: resultRows(services).map((s) => String(s.service)),
    pageSize,
  };
}

export async function getInquiry(id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id));
  return row ?? null;
}

/** Marks an inquiry new, contacted or closed. False when the input is invalid or there is no such inquiry. */
export async function setInquiryStatus(id: unknown, status: unknown): Promise<boolean> {
  if (!isUuid(id) || !isInquiryStatus(status)) return false;
  const now = new Date();
  // The first answer starts a check request's retention period (app/privacy/retention.ts).
  const repliedAt =
    status === "new" ? inquiries.repliedAt : sql`coalesce(${inquiries.repliedAt}, ${now.toISOString()}::timestamptz)`;
  const updated = await db
    .update(inquiries)
    .set({ status, repliedAt, updatedAt: now })
    .where(eq(inquiries.id, id))
    .returning({ id: inquiries.id });
  return updated.length > 0;
}

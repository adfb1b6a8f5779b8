import { asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { orderItems, orders, users, type OrderStatus, type PaymentStatus } from "../../db/schema";
import { keysetPage, timestampCursorFromParams, type KeysetPage, type PageCursor } from "../admin/keyset.server";
import type { Viewer } from "../cases/access.server";
import { db, type Queryable } from "../db.server";
import { isOrderStatus } from "./order-basics.server";
import {
  assigneeScopeCondition,
  countOverdue,
  statusTotals,
  type AssigneeScope,
  type Counted,
} from "./order-stats.server";

/**
 * The back office's case list (admins: every order; staff: their cases and the queue) as keyset
 * pages (decision 082). Each filter and sort is served by an index in the list's order, so a page
 * reads about its own rows whatever the size of the table; a search first walks that index for
 * its matches and, when they are rare there, reads them from the trigram index instead.
 */

export const CLIENT_PAGE_SIZE = 10;
export const ADMIN_PAGE_SIZE = 25;
/** Longest search text we accept; anything longer cannot match an order anyway. */
export const MAX_SEARCH_LENGTH = 100;
/** How many rows of the filtered list a search reads in order before it asks the trigram index instead. */
export const SEARCH_WALK_ROWS = 5000;

export type Page<T> = { rows: T[]; total: number; page: number; pageCount: number; pageSize: number };

function pageOf(value: unknown): number {
  const n = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), 100_000) : 1;
}

// Written out: inside a one-table select Drizzle leaves column names unqualified, which would bind to the subquery's table.
const latestReportId = sql<
  string | null
>`(select d."id" from "order_documents" d where d."order_id" = "orders"."id" and d."kind" = 'report' order by d."created_at" desc limit 1)`;

export type ClientOrderRow = {
  id: string;
  serviceType: string;
  tierName: string;
  amount: number;
  currency: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  createdAt: Date;
  /** When the promised turnaround ends (paid orders). */
  dueAt: Date | null;
  /** The newest report attached to the order, if any. */
  reportId: string | null;
};

/** A client's own orders, newest first, one page at a time. */
/** `total`: the client's number of orders when the caller has it already (the dashboard's figures), so it is not counted twice. */
export async function listClientOrders(
  userId: string,
  options: { page?: unknown; pageSize?: number; total?: Promise<number> } = {},
): Promise<Page<ClientOrderRow>> {
  const pageSize = options.pageSize ?? CLIENT_PAGE_SIZE;
  const page = pageOf(options.page);
  const where = eq(orders.userId, userId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: orders.id,
        serviceType: orders.serviceType,
        tierName: orders.tierName,
        amount: orders.amount,
        currency: orders.currency,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        createdAt: orders.createdAt,
        dueAt: orders.dueAt,
        reportId: latestReportId,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    options.total?.then((total) => [{ total }]) ?? db.select({ total: count() }).from(orders).where(where),
  ]);
  const total = totalRow?.total ?? 0;
  return { rows, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** The lines (service and package) of some orders, by order id: for names in the reader's language. */
export async function orderItemRefs(orderIds: readonly string[]) {
  const byOrder = new Map<string, { serviceKey: string; tierId: string; tierName: string; speed: string }[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: orderItems.orderId,
      serviceKey: orderItems.serviceKey,
      tierId: orderItems.tierId,
      tierName: orderItems.tierName,
      speed: orderItems.speed,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  for (const { orderId, ...item } of rows) byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), item]);
  return byOrder;
}

export const CASE_VIEWS = ["all", "mine", "unassigned"] as const;
export type CaseView = (typeof CASE_VIEWS)[number];

export type AdminOrderFilters = {
  q: string;
  status: OrderStatus | "all";
  /** all: every case the viewer may see (staff: theirs and the queue); mine: assigned to the viewer; unassigned: the queue. */
  view: CaseView;
  /** overdue: open cases past their due time, most overdue first. */
  due: "any" | "overdue";
  /** The page asked for: rows after or before a signed position; null for the first page. */
  cursor: PageCursor | null;
};

/** What a cursor is signed for: the list and its filters, so a cursor of another filter opens the first page. */
export function adminListScope(filters: Pick<AdminOrderFilters, "q" | "status" | "view" | "due">) {
  return JSON.stringify(["orders", filters.q, filters.status, filters.view, filters.due]);
}

/** Reads the list's filters from a URL's query (`q`, `status`, `view`, `due`, `after`/`before`); anything odd falls back to the default. */
export function parseAdminOrderFilters(params: URLSearchParams): AdminOrderFilters {
  const q = (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const status = params.get("status");
  const view = params.get("view");
  const filters = {
    q,
    status: isOrderStatus(status) ? status : ("all" as const),
    view: (CASE_VIEWS as readonly string[]).includes(view ?? "") ? (view as CaseView) : ("all" as const),
    due: params.get("due") === "overdue" ? ("overdue" as const) : ("any" as const),
  };
  return { ...filters, cursor: timestampCursorFromParams(params, adminListScope(filters)) };
}

/** The filters as a query string (for links and the CSV export); defaults and page cursors left out. */
export function adminFiltersQuery(filters: Partial<Omit<AdminOrderFilters, "cursor">>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status && filters.status !== "all") params.set("status", filters.status);
  if (filters.view && filters.view !== "all") params.set("view", filters.view);
  if (filters.due === "overdue") params.set("due", "overdue");
  const text = params.toString();
  return text ? `?${text}` : "";
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A case-insensitive substring search as a LIKE on the lower-cased, trigram-indexed `search_text`
 * (id, customer name and e-mail, service, tier): lowered by PostgreSQL as the column is, and
 * several times cheaper per row than ILIKE.
 */
function searchPattern(q: string): SQL {
  return sql`lower(${`%${escapeLike(q)}%`})`;
}

/** The assignees a viewer's view covers. Without a viewer (scripts, tests): an admin's. */
export function viewScope(view: CaseView, viewer?: Viewer): AssigneeScope {
  const staff = viewer !== undefined && viewer.role !== "admin";
  if (view === "unassigned") return { kind: "queue" };
  if (view === "mine" && viewer) return { kind: "assignee", id: viewer.id };
  return staff ? { kind: "assignee-or-queue", id: viewer.id } : { kind: "all" };
}

/** The list's order: newest first, or most overdue first; the id breaks ties so every row has one place. */
export type Ordering = { column: typeof orders.createdAt | typeof orders.dueAt; descending: boolean };
export function orderingOf(filters: Pick<AdminOrderFilters, "due">): Ordering {
  return filters.due === "overdue"
    ? { column: orders.dueAt, descending: false }
    : { column: orders.createdAt, descending: true };
}

/** `order by` for reading forwards (the list's order) or backwards (towards the previous page). */
export function orderSql(
  ordering: Ordering,
  backwards: boolean,
  column: SQL = sql`${ordering.column}`,
  id: SQL = sql`${orders.id}`,
) {
  const descending = ordering.descending !== backwards;
  return descending ? sql`${column} desc, ${id} desc` : sql`${column} asc, ${id} asc`;
}

/** Rows after (or before) the cursor's position in the list's order. */
function cursorCondition(ordering: Ordering, cursor: PageCursor | null): SQL | undefined {
  if (!cursor || cursor.position.key === null) return undefined;
  const forwards = cursor.direction === "after";
  const beyond = ordering.descending === forwards ? sql`<` : sql`>`;
  return sql`(${ordering.column}, ${orders.id}) ${beyond} (${cursor.position.key}::timestamptz, ${cursor.position.id}::uuid)`;
}

/** The filters other than the search and the assignee scope. */
function plainConditions(filters: Pick<AdminOrderFilters, "status" | "due">, now: Date): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status !== "all") conditions.push(eq(orders.status, filters.status));
  if (filters.due === "overdue")
    conditions.push(
      sql`${orders.status} in ('pending', 'processing') and ${orders.dueAt} < ${now.toISOString()}::timestamptz`,
    );
  return conditions;
}

const joinAnd = (conditions: Array<SQL | undefined>) => {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length
    ? sql.join(
        present.map((c) => sql`(${c})`),
        sql` and `,
      )
    : sql`true`;
};

type KeyRow = { id: string; k: string };

async function rowsOf<T>(q: Queryable, query: SQL): Promise<T[]> {
  const result = (await q.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

/**
 * The queries that read the ids and positions of one page (plus one row, to tell whether another
 * page follows) in the direction asked: `list` without a search (staff's "all" read as two index
 * ranges, their cases and the queue, merged); with a search, `walk` (the filtered list in order,
 * at most SEARCH_WALK_ROWS rows, keeping the matches) and `matches` (the trigram index's matches,
 * filtered and ordered). Exported for the query-plan test.
 */
export function pageKeyQueries(filters: AdminOrderFilters, scope: AssigneeScope, now: Date, limit: number) {
  const ordering = orderingOf(filters);
  const backwards = filters.cursor?.direction === "before";
  const base = [...plainConditions(filters, now), cursorCondition(ordering, filters.cursor)];
  const key = sql`${ordering.column}::text`;
  const branch = (assignee: SQL | undefined) =>
    sql`(select ${orders.id} as id, ${ordering.column} as sort_at, ${key} as k from ${orders} where ${joinAnd([...base, assignee])} order by ${orderSql(ordering, backwards)} limit ${limit})`;
  const list =
    scope.kind === "assignee-or-queue"
      ? sql`select id, k from (${branch(assigneeScopeCondition({ kind: "assignee", id: scope.id }, orders.assigneeId))} union all ${branch(assigneeScopeCondition({ kind: "queue" }, orders.assigneeId))}) b order by ${orderSql(ordering, backwards, sql`sort_at`, sql`id`)} limit ${limit}`
      : sql`select id, k from ${branch(assigneeScopeCondition(scope, orders.assigneeId))} b`;
  const pattern = searchPattern(filters.q);
  const conditions = [...base, assigneeScopeCondition(scope, orders.assigneeId)];
  // Streams: the walk stops as soon as it has `limit` matches; the row at SEARCH_WALK_ROWS (matching
  // or not) comes along to say that the walk reached its end before the list did.
  const walk = sql`select id, k, hit, n from (
          select id, k, search_text like ${pattern} as hit, row_number() over () as n from (
            select ${orders.id} as id, ${key} as k, ${orders.searchText} as search_text
            from ${orders} where ${joinAnd(conditions)} order by ${orderSql(ordering, backwards)} limit ${SEARCH_WALK_ROWS}) as walked) as numbered
        where hit or n = ${SEARCH_WALK_ROWS} limit ${limit + 1}`;
  const matches = sql`with matches as materialized (
          select ${orders.id}, ${orders.createdAt}, ${orders.dueAt}, ${orders.status}, ${orders.assigneeId} from ${orders} where ${orders.searchText} like ${pattern})
        select ${orders.id} as id, ${key} as k from matches as ${orders} where ${joinAnd(conditions)} order by ${orderSql(ordering, backwards)} limit ${limit}`;
  return { list, walk, matches };
}

async function pageKeys(
  filters: AdminOrderFilters,
  scope: AssigneeScope,
  now: Date,
  limit: number,
  q: Queryable,
): Promise<KeyRow[]> {
  const queries = pageKeyQueries(filters, scope, now, limit);
  if (!filters.q) return rowsOf<KeyRow>(q, queries.list);
  // Common words match often: walking the filtered list in order finds a page of them in a few rows.
  const walked = (await rowsOf<KeyRow & { hit: boolean; n: number | string }>(q, queries.walk)).sort(
    (a, b) => Number(a.n) - Number(b.n),
  );
  const hits = walked.filter((row) => row.hit).slice(0, limit);
  const reachedEnd = walked.some((row) => Number(row.n) === SEARCH_WALK_ROWS);
  if (hits.length >= limit || !reachedEnd) return hits.map(({ id, k }) => ({ id, k }));
  // Rare words: their few matches come from the trigram index, then are filtered and ordered.
  return rowsOf<KeyRow>(q, queries.matches);
}

/** The export's conditions: the list's filters with the search as a plain condition (the export reads every match anyway). */
export function exportConditions(
  filters: Omit<AdminOrderFilters, "cursor">,
  viewer: Viewer | undefined,
  now: Date,
): { list: SQL[]; scope: AssigneeScope } {
  const list = plainConditions(filters, now);
  if (filters.q) list.push(sql`${orders.searchText} like ${searchPattern(filters.q)}`);
  return { list, scope: viewScope(filters.view, viewer) };
}

/** How many rows the filtered list holds, where that is cheap: from the kept figures, or counted up to a limit. Null for searches. */
async function listTotal(
  filters: AdminOrderFilters,
  scope: AssigneeScope,
  now: Date,
  q: Queryable,
): Promise<Counted | null> {
  if (filters.q) return null;
  if (filters.due === "overdue") {
    if (filters.status === "completed" || filters.status === "cancelled") return { count: 0, exact: true };
    return countOverdue(scope, now, undefined, q, filters.status === "all" ? undefined : filters.status);
  }
  const { byStatus } = await statusTotals(scope, q);
  const count =
    filters.status === "all"
      ? byStatus.pending + byStatus.processing + byStatus.completed + byStatus.cancelled
      : byStatus[filters.status];
  return { count, exact: true };
}

export const adminRowColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  customerName: sql<string>`coalesce(nullif(${orders.legalName}, ''), ${users.fullName}, ${users.email})`,
  customerEmail: sql<string>`coalesce(nullif(${orders.email}, ''), ${users.email})`,
  phone: orders.phone,
  serviceType: orders.serviceType,
  tierName: orders.tierName,
  amount: orders.amount,
  currency: orders.currency,
  couponCode: orders.couponCode,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  paymentFlag: orders.paymentFlag,
  dueAt: orders.dueAt,
  assigneeId: orders.assigneeId,
};

/** A list row also names its assignee (read with the row: one query less per page). */
const assignee = alias(users, "assignee");
const adminListRowColumns = {
  ...adminRowColumns,
  assigneeName: sql<
    string | null
  >`(select coalesce(${assignee.fullName}, ${assignee.email}) from ${users} ${assignee} where ${assignee.id} = ${orders.assigneeId})`,
};

export type AdminOrderRow = {
  id: string;
  createdAt: Date;
  customerName: string;
  customerEmail: string;
  phone: string | null;
  serviceType: string;
  tierName: string;
  amount: number;
  currency: string;
  couponCode: string | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentFlag: string | null;
  dueAt: Date | null;
  assigneeId: string | null;
};

export type AdminOrderList = KeysetPage<AdminOrderRow & { assigneeName: string | null }> & {
  total: Counted | null;
  pageSize: number;
};

/**
 * One page of the orders `viewer` may see (admins: all; staff: their cases and the queue), newest
 * first — or most overdue first with the overdue filter — filtered by search text, status,
 * assignment and due time. A cursor whose rows have gone (the previous page is empty, or nothing
 * follows it) opens the first page.
 */
export async function listAdminOrders(
  filters: AdminOrderFilters,
  viewer?: Viewer,
  pageSize = ADMIN_PAGE_SIZE,
  now = new Date(),
  q: Queryable = db,
): Promise<AdminOrderList> {
  const scope = viewScope(filters.view, viewer);
  const [read, total] = await Promise.all([
    pageKeys(filters, scope, now, pageSize + 1, q),
    listTotal(filters, scope, now, q),
  ]);
  const startsOver =
    filters.cursor !== null &&
    (read.length === 0 || (filters.cursor.direction === "before" && read.length <= pageSize));
  const keys = startsOver ? await pageKeys({ ...filters, cursor: null }, scope, now, pageSize + 1, q) : read;
  const page = keysetPage(
    keys,
    startsOver ? null : filters.cursor,
    pageSize,
    (row) => ({ key: row.k, id: row.id }),
    adminListScope(filters),
  );
  const ids = page.rows.map((row) => row.id);
  const found = ids.length
    ? await q
        .select(adminListRowColumns)
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(inArray(orders.id, ids))
    : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  return { rows, next: page.next, previous: page.previous, total, pageSize };
}

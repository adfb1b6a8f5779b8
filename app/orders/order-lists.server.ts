import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { orderItems, orders, users, type OrderStatus, type PaymentStatus } from "../../db/schema";
import { caseScope, type Viewer } from "../cases/access.server";
import { db } from "../db.server";
import { isOrderStatus } from "./order-basics.server";

export const CLIENT_PAGE_SIZE = 10;
export const ADMIN_PAGE_SIZE = 25;
/** Longest search text we accept; anything longer cannot match an order anyway. */
export const MAX_SEARCH_LENGTH = 100;

export type Page<T> = { rows: T[]; total: number; page: number; pageCount: number; pageSize: number };

function pageOf(value: unknown): number {
  const n = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  return Number.isFinite(n) && n >= 1 ? Math.min(Math.floor(n), 100_000) : 1;
}

// Written out: inside a one-table select Drizzle leaves column names unqualified, which would bind to the subquery's table.
const latestReportId = sql<string | null>`(select d."id" from "order_documents" d where d."order_id" = "orders"."id" and d."kind" = 'report' order by d."created_at" desc limit 1)`;

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
export async function listClientOrders(userId: string, options: { page?: unknown; pageSize?: number } = {}): Promise<Page<ClientOrderRow>> {
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
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const total = totalRow?.total ?? 0;
  return { rows, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** The lines (service and package) of some orders, by order id: for names in the reader's language. */
export async function orderItemRefs(orderIds: readonly string[]) {
  const byOrder = new Map<string, { serviceKey: string; tierId: string; tierName: string; speed: string }[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: orderItems.orderId, serviceKey: orderItems.serviceKey, tierId: orderItems.tierId, tierName: orderItems.tierName, speed: orderItems.speed })
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
  page: number;
  /** all: every case the viewer may see (staff: theirs and the queue); mine: assigned to the viewer; unassigned: the queue. */
  view: CaseView;
  /** overdue: open cases past their due time, most overdue first. */
  due: "any" | "overdue";
};

/** Reads the admin list's filters from a URL's query (`q`, `status`, `view`, `due`, `page`); anything odd falls back to the default. */
export function parseAdminOrderFilters(params: URLSearchParams): AdminOrderFilters {
  const q = (params.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const status = params.get("status");
  const view = params.get("view");
  return {
    q,
    status: isOrderStatus(status) ? status : "all",
    page: pageOf(params.get("page")),
    view: (CASE_VIEWS as readonly string[]).includes(view ?? "") ? (view as CaseView) : "all",
    due: params.get("due") === "overdue" ? "overdue" : "any",
  };
}

/** The same filters as a query string (for links, pagination and the CSV export); defaults left out. */
export function adminFiltersQuery(filters: Partial<AdminOrderFilters>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status && filters.status !== "all") params.set("status", filters.status);
  if (filters.view && filters.view !== "all") params.set("view", filters.view);
  if (filters.due === "overdue") params.set("due", "overdue");
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Open (pending or processing) and past its due time: the overdue filter, served by a partial index. */
export function overdueCondition(now: Date): SQL {
  return and(inArray(orders.status, ["pending", "processing"]), lt(orders.dueAt, now))!;
}

/**
 * The admin search: a case-insensitive substring of the order id, customer name and e-mail, service
 * type or tier name. All of these are in the generated, trigram-indexed `search_text` column, so
 * one parameterised ILIKE covers them. Staff see only their cases and the queue (`viewer`).
 */
export function adminWhere(filters: Pick<AdminOrderFilters, "q" | "status"> & Partial<Pick<AdminOrderFilters, "view" | "due">>, viewer?: Viewer, now = new Date()): SQL | undefined {
  const conditions: SQL[] = [];
  const scope = viewer ? caseScope(viewer) : undefined;
  if (scope) conditions.push(scope);
  if (filters.status !== "all") conditions.push(eq(orders.status, filters.status));
  const q = filters.q.trim().toLowerCase();
  if (q) conditions.push(ilike(orders.searchText, `%${escapeLike(q)}%`));
  if (filters.view === "mine" && viewer) conditions.push(eq(orders.assigneeId, viewer.id));
  if (filters.view === "unassigned") conditions.push(isNull(orders.assigneeId));
  if (filters.due === "overdue") conditions.push(overdueCondition(now));
  return conditions.length ? and(...conditions) : undefined;
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

/**
 * The orders `viewer` may see (admins: all; staff: their cases and the queue), newest first — or
 * most overdue first with the overdue filter — filtered by search text, status, assignment and
 * due time, one page at a time.
 */
export async function listAdminOrders(filters: AdminOrderFilters, viewer?: Viewer, pageSize = ADMIN_PAGE_SIZE): Promise<Page<AdminOrderRow>> {
  const where = adminWhere(filters, viewer);
  const ordering = filters.due === "overdue" ? [asc(orders.dueAt), desc(orders.id)] : [desc(orders.createdAt), desc(orders.id)];
  // The page is chosen on orders alone (so the created_at indexes can serve the order and the
  // limit), then only its rows are joined to their users.
  const pageIds = db
    .select({ pageId: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...ordering)
    .limit(pageSize)
    .offset((filters.page - 1) * pageSize)
    .as("page_ids");
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(adminRowColumns)
      .from(pageIds)
      .innerJoin(orders, eq(orders.id, pageIds.pageId))
      .innerJoin(users, eq(users.id, orders.userId))
      .orderBy(...ordering),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  const total = totalRow?.total ?? 0;
  return { rows, total, page: filters.page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

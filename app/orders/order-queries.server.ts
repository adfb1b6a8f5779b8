import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { ORDER_STATUSES, orderDocuments, orderEvents, orderItems, orderMessages, orders, PAYABLE_STATUSES, users, type OrderStatus, type PaymentStatus } from "../../db/schema";
import { caseScope, canWorkCase, type Viewer } from "../cases/access.server";
import { isServiceKey, serviceName } from "../catalogue";
import { db, type Queryable, type Transaction } from "../db.server";
import { getEnv } from "../env.server";
import { formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import { localizePath } from "../i18n/lang";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import { reclaimCouponReservation, releaseCouponReservation } from "./coupons.server";
import { orderMailText } from "./order-mail-text.server";

// For the pages' loaders: through a server module, so the schema (and the ORM) stays out of the browser build.
export { ORDER_STATUSES };

export const CLIENT_PAGE_SIZE = 10;
export const ADMIN_PAGE_SIZE = 25;
/** Longest search text we accept; anything longer cannot match an order anyway. */
export const MAX_SEARCH_LENGTH = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from URLs: anything that is not a uuid cannot be an order (and must not reach the database as one). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The first 8 characters of an order id, as the spec shows it. */
export function shortOrderId(id: string) {
  return id.slice(0, 8);
}

// ---------------------------------------------------------------------------------------------
// Stats

export type ClientOrderStats = { totalOrders: number; completed: number; pending: number; totalSpent: number };

/** Money kept from an order: what was paid less what was refunded (zero for unpaid orders). */
const netPaid = sql`coalesce(sum(${orders.amount} - ${orders.refundedAmount}) filter (where ${orders.paymentStatus} in ('paid', 'partially_refunded', 'refunded')), 0)`;

/** The dashboard's four figures in one query. Total Spent adds up paid orders, net of refunds (fils). */
export async function clientOrderStats(userId: string, q: Queryable = db): Promise<ClientOrderStats> {
  const [row] = await q
    .select({
      totalOrders: count(),
      completed: sql<number>`count(*) filter (where ${orders.status} = 'completed')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
      totalSpent: sql<number>`${netPaid}`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  return row ?? { totalOrders: 0, completed: 0, pending: 0, totalSpent: 0 };
}

export type AdminOrderStats = { totalOrders: number; pending: number; completed: number; totalRevenue: number; overdue: number };

/**
 * The admin dashboard's figures in one query, over the orders `viewer` may see (staff: their
 * cases and the queue). Total Revenue adds up paid orders, net of refunds (fils); overdue counts
 * open cases past their due time.
 */
export async function adminOrderStats(viewer?: Viewer, now = new Date(), q: Queryable = db): Promise<AdminOrderStats> {
  const [row] = await q
    .select({
      totalOrders: count(),
      pending: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
      completed: sql<number>`count(*) filter (where ${orders.status} = 'completed')`.mapWith(Number),
      totalRevenue: sql<number>`${netPaid}`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${overdueCondition(now)})`.mapWith(Number),
    })
    .from(orders)
    .where(viewer ? caseScope(viewer) : undefined);
  return row ?? { totalOrders: 0, pending: 0, completed: 0, totalRevenue: 0, overdue: 0 };
}

// ---------------------------------------------------------------------------------------------
// Lists

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
function adminWhere(filters: Pick<AdminOrderFilters, "q" | "status"> & Partial<Pick<AdminOrderFilters, "view" | "due">>, viewer?: Viewer, now = new Date()): SQL | undefined {
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

const adminRowColumns = {
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

// ---------------------------------------------------------------------------------------------
// Details

export type OrderDetails = Awaited<ReturnType<typeof loadOrderDetails>>;

async function loadOrderDetails(orderId: string) {
  const [order] = await db
    .select({ order: orders, customer: { id: users.id, email: users.email, fullName: users.fullName, lang: users.lang } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const [items, documents, history] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.createdAt), asc(orderItems.id)),
    db
      .select({
        id: orderDocuments.id,
        kind: orderDocuments.kind,
        fileName: orderDocuments.fileName,
        contentType: orderDocuments.contentType,
        sizeBytes: orderDocuments.sizeBytes,
        createdAt: orderDocuments.createdAt,
      })
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, orderId))
      .orderBy(asc(orderDocuments.createdAt)),
    db
      .select({
        id: orderEvents.id,
        kind: orderEvents.kind,
        fromValue: orderEvents.fromValue,
        toValue: orderEvents.toValue,
        note: orderEvents.note,
        createdAt: orderEvents.createdAt,
        actorName: sql<string | null>`coalesce(${users.fullName}, ${users.email})`,
        actorRole: users.role,
      })
      .from(orderEvents)
      .leftJoin(users, eq(users.id, orderEvents.actorId))
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id)),
  ]);
  return { ...order.order, customer: order.customer, items, documents, history };
}

/**
 * An order as its owner sees it, or null when it does not exist or belongs to someone else (the
 * caller answers 404 in both cases, so nobody learns which ids exist). No staff-only fields.
 */
export async function getClientOrder(orderId: string, userId: string) {
  if (!isUuid(orderId)) return null;
  const details = await loadOrderDetails(orderId);
  if (!details || details.userId !== userId) return null;
  const { internalNote: _staffOnly, paymentFlag: _flag, searchText: _search, assigneeId: _assignee, assignedAt: _assigned, ...visible } = details;
  return {
    ...visible,
    // The client sees who changed a status only as "our team"; notes and assignments stay internal.
    history: details.history.filter((event) => event.kind !== "note" && event.kind !== "assignment").map(({ actorName: _name, note: _note, ...event }) => event),
  };
}

/** Who an order belongs to and who works it (for access checks), or null when there is no such order. */
export async function findCase(orderId: string, q: Queryable = db) {
  if (!isUuid(orderId)) return null;
  const [row] = await q.select({ id: orders.id, userId: orders.userId, assigneeId: orders.assigneeId, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return row ?? null;
}

/** An order with everything staff need, or null. */
export async function getAdminOrder(orderId: string) {
  if (!isUuid(orderId)) return null;
  return loadOrderDetails(orderId);
}

// ---------------------------------------------------------------------------------------------
// Status changes

export type StatusChangeResult =
  | { ok: true; changed: boolean; from: OrderStatus; to: OrderStatus }
  | { ok: false; error: "invalid-input" | "not-found" | "coupon-gone" };

/**
 * Sets an order's status (staff: the caller checks who may). Writes the change and its history row
 * in one transaction, and queues an e-mail to the client when the order is completed or cancelled.
 * Setting the status it already has changes nothing and records nothing. Cancelling an unpaid
 * order gives its coupon use back; opening it again takes the use back, if the coupon still allows.
 */
export async function changeOrderStatus(input: StatusChangeInput): Promise<StatusChangeResult> {
  if (!isUuid(input.orderId) || !isOrderStatus(input.status)) return { ok: false, error: "invalid-input" };
  return db.transaction((tx) => changeOrderStatusInTransaction(tx, input));
}

export type StatusChangeInput = {
  orderId: unknown;
  status: unknown;
  actorId: string;
  note?: string | null;
  /** False when the caller sends its own e-mail about the change (an accepted cancellation request). */
  mailClient?: boolean;
};

/** changeOrderStatus inside the caller's transaction (which then owns the order's row lock). */
export async function changeOrderStatusInTransaction(tx: Transaction, input: StatusChangeInput): Promise<StatusChangeResult> {
  const { orderId, status, actorId } = input;
  if (!isUuid(orderId) || !isOrderStatus(status)) return { ok: false, error: "invalid-input" };
  const [current] = await tx
    .select({ status: orders.status, paymentStatus: orders.paymentStatus, userId: orders.userId, email: orders.email, legalName: orders.legalName, lang: orders.lang, serviceType: orders.serviceType, amount: orders.amount, userEmail: users.email, userName: users.fullName })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  if (!current) return { ok: false as const, error: "not-found" as const };
  if (current.status === status) return { ok: true as const, changed: false, from: current.status, to: status };
  const unpaid = (PAYABLE_STATUSES as readonly string[]).includes(current.paymentStatus);
  if (unpaid && current.status === "cancelled" && (await reclaimCouponReservation(tx, orderId, current.userId))) return { ok: false as const, error: "coupon-gone" as const };
  if (unpaid && status === "cancelled") await releaseCouponReservation(tx, orderId);
  await tx.update(orders).set({ status, updatedAt: new Date() }).where(eq(orders.id, orderId));
  await tx.insert(orderEvents).values({ orderId, actorId, kind: "status", fromValue: current.status, toValue: status, note: input.note?.trim() || null });
  if ((status === "completed" || status === "cancelled") && input.mailClient !== false) {
    const lang: Lang = current.lang;
    const text = orderMailText[lang];
    const service = await orderServiceName(tx, orderId, lang, current.serviceType);
    const name = current.userName || current.legalName || current.userEmail;
    const mail = status === "completed" ? text.completed : text.cancelled;
    await queueMail(tx, {
      to: current.userEmail,
      kind: `order-${status}`,
      ...renderEmail(
        {
          subject: mail.subject.replace("{id}", shortOrderId(orderId)),
          greeting: text.greeting.replace("{name}", name),
          paragraphs: [mail.body.replace("{service}", service)],
          details: [
            [text.orderLabel, shortOrderId(orderId)],
            [text.serviceLabel, service],
            [text.amountLabel, formatMoney(current.amount, lang, "code")],
          ],
          action: { label: text.action, url: `${getEnv().SITE_URL}${localizePath(lang, `/dashboard/orders/${orderId}`)}` },
        },
        lang,
      ),
    });
  }
  return { ok: true as const, changed: true, from: current.status, to: status };
}

/** The services of an order by their names in `lang` (the order row keeps the English ones). */
export async function orderServiceName(tx: Queryable, orderId: string, lang: Lang, fallback: string) {
  const items = await tx.select({ serviceKey: orderItems.serviceKey }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  const names = [...new Set(items.map((item) => (isServiceKey(item.serviceKey) ? serviceName(item.serviceKey, lang) : null)).filter((name): name is string => name !== null))];
  return names.length > 0 ? names.join(lang === "ar" ? "، " : ", ") : fallback;
}

/** Saves the staff-only note of an order and records that it changed. False when there is no such order. */
export async function saveInternalNote(input: { orderId: unknown; note: string; actorId: string }): Promise<boolean> {
  if (!isUuid(input.orderId)) return false;
  const orderId = input.orderId;
  const note = input.note.trim() || null;
  return db.transaction(async (tx) => {
    const updated = await tx.update(orders).set({ internalNote: note, updatedAt: new Date() }).where(eq(orders.id, orderId)).returning({ id: orders.id });
    if (!updated.length) return false;
    await tx.insert(orderEvents).values({ orderId, actorId: input.actorId, kind: "note", note });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Documents

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** A report is a PDF: judged by its first bytes ("%PDF-"), not by its name. */
export function isPdf(data: Uint8Array) {
  return data.length >= 5 && data[0] === 0x25 && data[1] === 0x50 && data[2] === 0x44 && data[3] === 0x46 && data[4] === 0x2d;
}

export type ReportUploadResult = { ok: true; documentId: string } | { ok: false; error: "not-found" | "empty" | "too-large" | "not-pdf" };

/** Keeps a file name readable but harmless in a Content-Disposition header and on a disk. */
export function safeFileName(name: string, fallback = "document.pdf") {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'"<>:|?*'.includes(c))
    .join("")
    .trim()
    .slice(0, 150);
  return cleaned || fallback;
}

/** Attaches a report (PDF, at most 10 MB) that the order's client can then download. */
export async function attachReport(input: { orderId: unknown; fileName: string; data: Buffer; actorId: string }, outer: Queryable = db): Promise<ReportUploadResult> {
  if (!isUuid(input.orderId)) return { ok: false, error: "not-found" };
  const orderId = input.orderId;
  if (input.data.length === 0) return { ok: false, error: "empty" };
  if (input.data.length > MAX_DOCUMENT_BYTES) return { ok: false, error: "too-large" };
  if (!isPdf(input.data)) return { ok: false, error: "not-pdf" };
  const fileName = safeFileName(input.fileName, "report.pdf");
  const sha256 = (await import("node:crypto")).createHash("sha256").update(input.data).digest("hex");
  return outer.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false as const, error: "not-found" as const };
    const [doc] = await tx
      .insert(orderDocuments)
      .values({ orderId, kind: "report", fileName, contentType: "application/pdf", sizeBytes: input.data.length, sha256, data: input.data, uploadedBy: input.actorId })
      .returning({ id: orderDocuments.id });
    await tx.insert(orderEvents).values({ orderId, actorId: input.actorId, kind: "report", toValue: fileName });
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
    return { ok: true as const, documentId: doc!.id };
  });
}

/**
 * A document with its content, if `viewer` may read it: the staff who may work the case (admins,
 * or staff on their cases and the queue) read all of it; the order's client reads its documents
 * except those of internal notes. Null otherwise (answered as 404). The content is read (and
 * decrypted) only once the viewer is known to be allowed; `ownerId` is the order's client.
 */
export async function getDocumentForViewer(documentId: string, viewer: Viewer) {
  if (!isUuid(documentId)) return null;
  const { data: _content, ...metadata } = getTableColumns(orderDocuments);
  const [row] = await db
    .select({ doc: metadata, ownerId: orders.userId, assigneeId: orders.assigneeId, messageKind: orderMessages.kind })
    .from(orderDocuments)
    .innerJoin(orders, eq(orders.id, orderDocuments.orderId))
    .leftJoin(orderMessages, eq(orderMessages.id, orderDocuments.messageId))
    .where(eq(orderDocuments.id, documentId));
  if (!row) return null;
  const allowed = canWorkCase(viewer, row) || (row.ownerId === viewer.id && row.messageKind !== "note");
  if (!allowed) return null;
  const [content] = await db.select({ data: orderDocuments.data }).from(orderDocuments).where(eq(orderDocuments.id, documentId));
  return content ? { ...row.doc, data: content.data, ownerId: row.ownerId } : null;
}

/** The newest report of an order, if `viewer` may read it. */
export async function getLatestReport(orderId: string, viewer: Viewer) {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({ id: orderDocuments.id })
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.kind, "report")))
    .orderBy(desc(orderDocuments.createdAt))
    .limit(1);
  return row ? getDocumentForViewer(row.id, viewer) : null;
}

/** A download response: always an attachment, never rendered by the browser as a page. */
export function documentResponse(doc: { fileName: string; contentType: string; data: Buffer; sizeBytes: number }) {
  const ascii = doc.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(doc.data), {
    headers: {
      "Content-Type": doc.contentType,
      "Content-Length": String(doc.data.length),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

// ---------------------------------------------------------------------------------------------
// CSV export

/**
 * One CSV cell: quoted when it holds a comma, quote or line break, and prefixed with an apostrophe
 * when it starts with a character a spreadsheet would run as a formula (= + - @, tab, carriage return).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  // A number cannot be a formula: negative amounts stay numbers.
  if (typeof value === "number") return String(value);
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: Array<string | number | null | undefined>) {
  return values.map(csvCell).join(",") + "\r\n";
}

export const CSV_HEADER = ["Order ID", "Created (UTC)", "Customer", "Email", "Phone", "Service", "Tier", "Amount", "Currency", "Coupon", "Status", "Payment"];

const aed = (fils: number) => (fils / 100).toFixed(2);

/**
 * The filtered order list (all pages) as CSV, produced in batches with keyset pagination so memory
 * stays flat however many orders there are. Starts with a BOM so spreadsheets read UTF-8 (Arabic names).
 */
export async function* ordersCsv(filters: Pick<AdminOrderFilters, "q" | "status">, batchSize = 500): AsyncGenerator<string> {
  yield "\uFEFF" + csvLine(CSV_HEADER);
  // The cursor keeps the timestamp as PostgreSQL's text (microseconds): a JavaScript Date would round it.
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const cursor: SQL | undefined = after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined;
    const rows: Array<AdminOrderRow & { cursorAt: string }> = await db
      .select({ ...adminRowColumns, cursorAt: sql<string>`${orders.createdAt}::text` })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(adminWhere(filters), cursor))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batchSize);
    if (!rows.length) return;
    yield rows
      .map((r) =>
        csvLine([r.id, r.createdAt.toISOString(), r.customerName, r.customerEmail, r.phone, r.serviceType, r.tierName, aed(r.amount), r.currency, r.couponCode, r.status, r.paymentStatus]),
      )
      .join("");
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.cursorAt, id: last.id };
  }
}

/** The last line of an export that stopped early: a spreadsheet shows it, a script can look for it. */
export const CSV_FAILED_LINE = "EXPORT FAILED: this file is incomplete. Please download it again.";

/** A streamed CSV download of the filtered orders. */
export function ordersCsvResponse(filters: Pick<AdminOrderFilters, "q" | "status">, now = new Date(), batchSize?: number) {
  return csvResponse(ordersCsv(filters, batchSize), `orders-${now.toISOString().slice(0, 10)}.csv`);
}

/**
 * Streams CSV text produced in batches as a download, pulling the next batch only when the client
 * reads on. The header and the first batch are read before the answer starts, so a failing query is
 * an error page, not an empty file that looks complete. Should a later batch fail, the file ends
 * with CSV_FAILED_LINE and the transfer is aborted (no final chunk), so neither a person nor a
 * download tool can take it for the whole export.
 */
export async function csvResponse(iterator: AsyncGenerator<string>, fileName: string) {
  const encoder = new TextEncoder();
  const header = await iterator.next();
  const first = header.done ? header : await iterator.next();
  const opening = (header.done ? "" : header.value) + (first.done ? "" : first.value);
  let failed: unknown = null;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(opening));
      if (first.done) controller.close();
    },
    async pull(controller) {
      if (failed) {
        controller.error(failed);
        return;
      }
      try {
        const { value, done } = await iterator.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (error) {
        console.error(`CSV export ${fileName} stopped: ${error instanceof Error ? error.message : String(error)}`);
        failed = error instanceof Error ? error : new Error(String(error));
        controller.enqueue(encoder.encode(`${CSV_FAILED_LINE}\r\n`));
      }
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

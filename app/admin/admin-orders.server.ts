import { inArray, sql } from "drizzle-orm";
import { ORDER_STATUSES, users, type OrderStatus } from "../../db/schema";
import { canWorkCase, type Viewer } from "../cases/access.server";
import { isOverdue } from "../cases/turnaround.server";
import { backofficeText } from "../content/backoffice.server";
import { casesText } from "../content/cases.server";
import { db } from "../db.server";
import { fill } from "../i18n/fill";
import { formatDate, formatDateTime, formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import { findCase } from "../orders/order-details.server";
import { adminFiltersQuery, listAdminOrders, parseAdminOrderFilters } from "../orders/order-lists.server";
import { adminOrderStats } from "../orders/order-stats.server";
import { changeOrderStatus } from "../orders/order-status.server";
import { pageLinks } from "./keyset.server";
import type { Toast } from "../forms/toast";

/** Display names of some users, by id (the assignees on a page of cases). */
export async function userNames(ids: ReadonlyArray<string | null>) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: sql<string>`coalesce(${users.fullName}, ${users.email})` })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The statuses a viewer may set: staff never cancel (an accepted cancellation may involve money; admins decide it). */
export function settableStatuses(viewer: Viewer): readonly OrderStatus[] {
  return viewer.role === "admin" ? ORDER_STATUSES : ORDER_STATUSES.filter((status) => status !== "cancelled");
}

/**
 * The back office's case list: figures, the filters as read from the URL, one page of cases.
 * Admins see every order and the revenue; staff see their cases and the queue, never money totals.
 */
export async function adminOrdersPage(lang: Lang, url: URL, viewer: Viewer) {
  const t = backofficeText[lang];
  const c = casesText[lang].list;
  const isAdmin = viewer.role === "admin";
  const filters = parseAdminOrderFilters(url.searchParams);
  const now = new Date();
  const started = performance.now();
  const [stats, list] = await Promise.all([adminOrderStats(viewer, now), listAdminOrders(filters, viewer)]);
  const statusOptions = settableStatuses(viewer).map((value) => ({ value, label: t.status[value] ?? value }));
  return {
    /** Milliseconds spent in the database for the figures and the list (sent as Server-Timing). */
    queryMs: Math.round((performance.now() - started) * 10) / 10,
    isAdmin,
    stats: isAdmin
      ? [
          { key: "total", label: t.admin.stats.totalOrders, value: String(stats.totalOrders) },
          { key: "pending", label: t.admin.stats.pending, value: String(stats.pending) },
          { key: "completed", label: t.admin.stats.completed, value: String(stats.completed) },
          { key: "revenue", label: t.admin.stats.totalRevenue, value: formatMoney(stats.totalRevenue, lang) },
        ]
      : [
          { key: "total", label: c.stats.visible, value: String(stats.totalOrders) },
          { key: "pending", label: c.stats.pending, value: String(stats.pending) },
          { key: "completed", label: c.stats.completed, value: String(stats.completed) },
          { key: "overdue", label: c.stats.overdue, value: String(stats.overdue) },
        ],
    overdue: {
      count: stats.overdue,
      label: fill(stats.overdueExact ? c.overdueCount : c.overdueMore, { count: stats.overdue }),
      href: adminFiltersQuery({ due: "overdue" }),
    },
    filters: { q: filters.q, status: filters.status, view: filters.view, due: filters.due },
    exportQuery: adminFiltersQuery({ q: filters.q, status: filters.status, view: filters.view, due: filters.due }),
    statusOptions: ORDER_STATUSES.map((value) => ({ value, label: t.status[value] ?? value })),
    viewOptions: [
      { value: "all", label: isAdmin ? c.all : c.allStaff },
      { value: "mine", label: c.mine },
      { value: "unassigned", label: c.unassigned },
    ],
    dueOptions: [
      { value: "any", label: c.anyTime },
      { value: "overdue", label: c.overdue },
    ],
    orders: list.rows.map((order) => {
      const overdue = isOverdue(order, now);
      const open = order.status === "pending" || order.status === "processing";
      return {
        id: order.id,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        serviceType: order.serviceType,
        tierName: order.tierName,
        amount: formatMoney(order.amount, lang),
        status: order.status,
        paymentStatus: order.paymentStatus,
        paymentLabel: t.payment[order.paymentStatus] ?? order.paymentStatus,
        flagged: order.paymentFlag !== null,
        date: formatDate(order.createdAt, lang),
        dateTime: order.createdAt.toISOString(),
        due: open && order.dueAt ? formatDateTime(order.dueAt, lang) : null,
        dueTime: order.dueAt?.toISOString() ?? null,
        overdue,
        assignee:
          order.assigneeId === null ? c.nobody : order.assigneeId === viewer.id ? c.you : (order.assigneeName ?? ""),
        // A cancelled order's status is an admin's to change (it may involve money).
        statusOptions: order.status === "cancelled" && !isAdmin ? null : statusOptions,
      };
    }),
    // Counted where that is cheap (the kept figures); a search says "more than" a page when it has others.
    resultsLabel: list.total
      ? fill(list.total.exact ? t.admin.results : t.admin.resultsMore, { count: list.total.count })
      : list.next || list.previous
        ? fill(t.admin.resultsMore, { count: list.pageSize })
        : fill(t.admin.results, { count: list.rows.length }),
    pages: pageLinks(url.searchParams, list),
    text: {
      ...t.admin,
      status: t.status,
      pagination: t.pagination,
      cases: c,
      overdueLabel: casesText[lang].turnaround.overdue,
    },
  };
}

export type AdminOrdersPage = Awaited<ReturnType<typeof adminOrdersPage>>;

/**
 * Handles an Update Status form (from the list or the order page) for staff. Returns the toast
 * to show and an HTTP status: 200 when changed (or unchanged), 400 for bad input, 403 for a
 * status the viewer may not set, 404 for an order they cannot see, 500 when the database failed.
 */
export async function updateStatusFromForm(
  form: FormData,
  viewer: Viewer,
  lang: Lang,
): Promise<{ toast: Toast; status: number }> {
  const t = backofficeText[lang];
  const orderId = form.get("orderId");
  const status = form.get("status");
  const note = form.get("note");
  try {
    const order = typeof orderId === "string" ? await findCase(orderId) : null;
    if (order && !canWorkCase(viewer, order))
      return { toast: { kind: "error", title: t.admin.updateFailed }, status: 404 };
    if (order && viewer.role !== "admin" && (order.status === "cancelled" || status === "cancelled"))
      return { toast: { kind: "error", title: t.admin.forbidden }, status: 403 };
    const result = await changeOrderStatus({
      orderId,
      status,
      actorId: viewer.id,
      note: typeof note === "string" ? note.slice(0, 1000) : null,
    });
    if (!result.ok) {
      if (result.error === "invalid-input")
        return { toast: { kind: "error", title: t.admin.invalidInput }, status: 400 };
      if (result.error === "coupon-gone")
        return { toast: { kind: "error", title: t.admin.updateFailed, description: t.admin.couponGone }, status: 409 };
      return { toast: { kind: "error", title: t.admin.updateFailed }, status: 404 };
    }
    const label = t.status[result.to] ?? result.to;
    return {
      toast: {
        kind: "success",
        title: t.admin.statusUpdated,
        description: result.changed ? fill(t.admin.statusChangedTo, { status: label }) : t.admin.statusUnchanged,
      },
      status: 200,
    };
  } catch (error) {
    console.error("order status update failed:", error);
    return { toast: { kind: "error", title: t.admin.updateFailed }, status: 500 };
  }
}

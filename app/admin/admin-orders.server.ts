import { ORDER_STATUSES } from "../../db/schema";
import { backofficeText } from "../content/backoffice.server";
import { fill } from "../i18n/fill";
import { formatDate, formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import { adminFiltersQuery, adminOrderStats, changeOrderStatus, listAdminOrders, parseAdminOrderFilters } from "../orders/order-queries.server";
import type { Toast } from "../utils/toast";

/** The admin order list page: figures, the filters as read from the URL, one page of orders. */
export async function adminOrdersPage(lang: Lang, url: URL) {
  const t = backofficeText[lang];
  const filters = parseAdminOrderFilters(url.searchParams);
  const started = performance.now();
  const [stats, list] = await Promise.all([adminOrderStats(), listAdminOrders(filters)]);
  return {
    /** Milliseconds spent in the database for the figures and the list (sent as Server-Timing). */
    queryMs: Math.round((performance.now() - started) * 10) / 10,
    stats: [
      { key: "total", label: t.admin.stats.totalOrders, value: String(stats.totalOrders) },
      { key: "pending", label: t.admin.stats.pending, value: String(stats.pending) },
      { key: "completed", label: t.admin.stats.completed, value: String(stats.completed) },
      { key: "revenue", label: t.admin.stats.totalRevenue, value: formatMoney(stats.totalRevenue, lang, "code") },
    ],
    filters: { q: filters.q, status: filters.status },
    exportQuery: adminFiltersQuery({ q: filters.q, status: filters.status }),
    statusOptions: ORDER_STATUSES.map((value) => ({ value, label: t.status[value] ?? value })),
    orders: list.rows.map((order) => ({
      id: order.id,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      serviceType: order.serviceType,
      tierName: order.tierName,
      amount: formatMoney(order.amount, lang, "code"),
      status: order.status,
      paymentStatus: order.paymentStatus,
      paymentLabel: t.payment[order.paymentStatus] ?? order.paymentStatus,
      flagged: order.paymentFlag !== null,
      date: formatDate(order.createdAt, lang),
      dateTime: order.createdAt.toISOString(),
    })),
    total: list.total,
    resultsLabel: fill(t.admin.results, { count: list.total }),
    page: list.page,
    pageCount: list.pageCount,
    text: { ...t.admin, status: t.status, pagination: t.pagination },
  };
}

export type AdminOrdersPage = Awaited<ReturnType<typeof adminOrdersPage>>;

/**
 * Handles an Update Status form (from the list or the order page) for an admin. Returns the toast
 * to show and an HTTP status: 200 when changed (or unchanged), 400 for bad input, 404 for an
 * unknown order, 500 when the database failed.
 */
export async function updateStatusFromForm(form: FormData, actorId: string, lang: Lang): Promise<{ toast: Toast; status: number }> {
  const t = backofficeText[lang];
  const orderId = form.get("orderId");
  const status = form.get("status");
  const note = form.get("note");
  try {
    const result = await changeOrderStatus({ orderId, status, actorId, note: typeof note === "string" ? note.slice(0, 1000) : null });
    if (!result.ok) {
      if (result.error === "invalid-input") return { toast: { kind: "error", title: t.admin.invalidInput }, status: 400 };
      if (result.error === "coupon-gone") return { toast: { kind: "error", title: t.admin.updateFailed, description: t.admin.couponGone }, status: 409 };
      return { toast: { kind: "error", title: t.admin.updateFailed }, status: 404 };
    }
    const label = t.status[result.to] ?? result.to;
    return {
      toast: { kind: "success", title: t.admin.statusUpdated, description: result.changed ? fill(t.admin.statusChangedTo, { status: label }) : t.admin.statusUnchanged },
      status: 200,
    };
  } catch (error) {
    console.error("order status update failed:", error);
    return { toast: { kind: "error", title: t.admin.updateFailed }, status: 500 };
  }
}

import { backofficeText } from "../content/backoffice.server";
import { fill } from "../i18n/fill";
import { formatDate, formatDateTime, formatMoney } from "../i18n/format";
import { casesText } from "../content/cases.server";
import type { Lang } from "../i18n/lang";
import { localOrderNames } from "./order-names.server";
import { listClientOrders, orderItemRefs } from "./order-lists.server";
import { clientOrderStats } from "./order-stats.server";

/**
 * What the client dashboard shows about orders: the four figures and one page of Recent Orders,
 * with every label and formatted value ready for the page (dates in Gulf time on the server, so
 * the browser renders the same text).
 */
export async function clientDashboardOrders(userId: string, lang: Lang, url: URL) {
  const t = backofficeText[lang];
  const figures = clientOrderStats(userId);
  const [stats, list] = await Promise.all([
    figures,
    listClientOrders(userId, { page: url.searchParams.get("page"), total: figures.then((f) => f.totalOrders) }),
  ]);
  // Service and package names in the reader's language (the orders table keeps them in English).
  const items = lang === "en" ? new Map() : await orderItemRefs(list.rows.map((order) => order.id));
  return {
    // What the dashboard's live version is made of (app/cases/live.server.ts), read with the figures.
    changes: { orderCount: stats.totalOrders, lastUpdated: stats.lastUpdated },
    stats: [
      { key: "total", label: t.dashboard.stats.totalOrders, value: String(stats.totalOrders) },
      { key: "completed", label: t.dashboard.stats.completed, value: String(stats.completed) },
      { key: "pending", label: t.dashboard.stats.pending, value: String(stats.pending) },
      { key: "spent", label: t.dashboard.stats.totalSpent, value: formatMoney(stats.totalSpent, lang) },
    ],
    orders: list.rows.map((order) => ({
      id: order.id,
      ...localOrderNames(items.get(order.id) ?? [], lang, order),
      amount: formatMoney(order.amount, lang),
      status: order.status,
      statusLabel: t.status[order.status] ?? order.status,
      paymentStatus: order.paymentStatus,
      paymentLabel: t.payment[order.paymentStatus] ?? order.paymentStatus,
      canPay: (order.paymentStatus === "unpaid" || order.paymentStatus === "failed") && order.status !== "cancelled",
      // "Expected by …" while the team works on it (the promised turnaround counts from payment).
      expectedBy:
        order.dueAt && (order.status === "pending" || order.status === "processing")
          ? fill(casesText[lang].turnaround.expectedBy, { date: formatDateTime(order.dueAt, lang) })
          : null,
      date: formatDate(order.createdAt, lang),
      dateTime: order.createdAt.toISOString(),
      // The spec: Download Report only when the order is completed (and a report is attached).
      reportId: order.status === "completed" ? order.reportId : null,
      forOrder: fill(t.dashboard.forOrder, { id: order.id.slice(0, 8) }),
    })),
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    text: { ...t.dashboard, pagination: t.pagination },
  };
}

export type ClientDashboardOrders = Awaited<ReturnType<typeof clientDashboardOrders>>;

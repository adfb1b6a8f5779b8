import { Form, useLocation, useNavigation } from "@remix-run/react";
import type { AdminOrdersPage } from "../../admin/admin-orders.server";
import { localizePath } from "../../i18n/lang";
import { useLang } from "../../utils/root-data";
import { LocalizedLink } from "../layout/localized-link";
import { Badge } from "../ui/badge";
import { Button, buttonClasses } from "../ui/button";
import { inputClasses } from "../ui/field";
import { ShortId } from "../orders/money";
import { PaymentStatusBadge } from "../orders/order-status-badge";
import { Pagination } from "../orders/pagination";
import { StatCards } from "../orders/stat-cards";
import { StatusForm } from "./status-form";

/**
 * The admin's order list: figures, a GET search/filter form (bookmarkable, works without
 * JavaScript), Export Data for the same filter, and a table with an Update Status form per order.
 */
/** The list's columns, in order; each row renders its cells in the same order. */
const COLUMNS = ["order", "customer", "service", "amount", "payment", "status", "actions"] as const;

export function AdminOrders({ data }: { data: AdminOrdersPage }) {
  const { text } = data;
  const lang = useLang();
  const location = useLocation();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <div className="space-y-8">
      <StatCards label={text.statsLabel} items={data.stats} />
      <section aria-labelledby="order-management-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="order-management-heading" className="text-2xl font-bold text-navy-900">
            {text.management}
          </h2>
          <a href={`${localizePath(lang, "/admin/orders.csv")}${data.exportQuery}`} className={buttonClasses("secondary", "sm")} download>
            {text.exportData}
          </a>
        </div>
        <Form method="get" role="search" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_auto_auto]" data-testid="order-filters">
          <div className="space-y-1">
            <label htmlFor="order-search" className="block text-sm font-semibold text-navy-900">
              {text.search}
            </label>
            <input id="order-search" name="q" type="search" defaultValue={data.filters.q} maxLength={100} className={inputClasses} aria-describedby="order-search-hint" />
            <p id="order-search-hint" className="text-xs text-slate-600">
              {text.searchHint}
            </p>
          </div>
          <div className="space-y-1">
            <label htmlFor="order-status-filter" className="block text-sm font-semibold text-navy-900">
              {text.statusFilter}
            </label>
            <select id="order-status-filter" name="status" defaultValue={data.filters.status} className={inputClasses}>
              <option value="all">{text.allStatus}</option>
              {data.statusOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-end gap-2 sm:pb-5">
            <Button type="submit" pending={searching}>
              {text.apply}
            </Button>
            {data.filters.q || data.filters.status !== "all" ? (
              <LocalizedLink to="/admin" className={buttonClasses("ghost", "md")}>
                {text.clear}
              </LocalizedLink>
            ) : null}
          </div>
        </Form>
        <p className="text-sm text-slate-700" role="status" data-testid="order-count">
          {data.resultsLabel}
        </p>
        {data.orders.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-lg font-semibold text-navy-900" data-testid="no-orders">
            {text.noOrders}
          </p>
        ) : (
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
            <table className="w-full text-start text-sm" data-testid="admin-orders">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">
                      {text.columns[column]}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {data.orders.map((order) => (
                  <tr key={order.id} data-order-id={order.id} className="align-top">
                    <td className="px-3 py-3">
                      <ShortId id={order.id} />
                      <div className="text-xs text-slate-600">
                        <time dateTime={order.dateTime}>{order.date}</time>
                      </div>
                    </td>
                    <td className="px-3 py-3">
                      <div className="font-medium">{order.customerName}</div>
                      <div className="text-xs text-slate-600">{order.customerEmail}</div>
                    </td>
                    <td className="px-3 py-3">
                      <div>{order.serviceType}</div>
                      <div className="text-xs text-slate-600">{order.tierName}</div>
                    </td>
                    <td className="px-3 py-3 whitespace-nowrap">
                      <bdi>{order.amount}</bdi>
                    </td>
                    <td className="px-3 py-3">
                      <PaymentStatusBadge status={order.paymentStatus} label={order.paymentLabel} />
                      {order.flagged ? (
                        <Badge tone="red" className="mt-1">
                          {text.flagged}
                        </Badge>
                      ) : null}
                    </td>
                    <td className="px-3 py-3">
                      <StatusForm orderId={order.id} status={order.status} options={data.statusOptions} statusLabels={text.status} text={text} />
                    </td>
                    <td className="px-3 py-3">
                      <div className="flex flex-wrap gap-2">
                        <LocalizedLink to={`/admin/orders/${order.id}`} className={buttonClasses("secondary", "sm")} aria-label={`${text.view} ${order.id.slice(0, 8)}`}>
                          {text.view}
                        </LocalizedLink>
                        <LocalizedLink to={`/admin/orders/${order.id}#edit`} className={buttonClasses("ghost", "sm")} aria-label={`${text.edit} ${order.id.slice(0, 8)}`}>
                          {text.edit}
                        </LocalizedLink>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={data.page} pageCount={data.pageCount} search={location.search.replace(/^\?/, "")} text={text.pagination} />
      </section>
    </div>
  );
}

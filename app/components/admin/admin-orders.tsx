import { Form, useLocation, useNavigation } from "@remix-run/react";
import type { AdminOrdersPage } from "../../admin/admin-orders.server";
import { localizePath } from "../../i18n/lang";
import { useLang } from "../../root-data";
import { LocalizedLink } from "../layout/localized-link";
import { Badge } from "../ui/badge";
import { Button, buttonClasses } from "../ui/button";
import { inputClasses } from "../ui/field";
import { ShortId } from "../orders/money";
import { OrderStatusBadge, PaymentStatusBadge } from "../orders/order-status-badge";
import { DueTime } from "../cases/due-badge";
import { cn } from "../../utils/cn";
import { StatCards } from "../orders/stat-cards";
import { PageLinks } from "../ui/page-links";
import { StatusForm } from "./status-form";

/**
 * The back office's case list: figures, a GET search/filter form (bookmarkable, works without
 * JavaScript; status, assignment, due time), Export Data for the same filter (admins), and a
 * table with the due time, the assignee and an Update Status form per case. Overdue cases stand
 * out (a red edge and the word "Overdue"). On phones the table's rows become cards: nothing
 * scrolls sideways.
 */
/** The list's columns, in order; each row renders its cells in the same order. */
const COLUMNS = ["order", "customer", "service", "due", "assignee", "amount", "payment", "status", "actions"] as const;

// A cell and a row of the list (utilities in tailwind.css): one short class instead of a dozen
// repeated on each of the page's 450 cells, which were half the page's bytes.
const cell = "case-list-cell";

export function AdminOrders({ data }: { data: AdminOrdersPage }) {
  const { text } = data;
  const lang = useLang();
  const location = useLocation();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const filtered =
    data.filters.q || data.filters.status !== "all" || data.filters.view !== "all" || data.filters.due !== "any";
  const label = (column: (typeof COLUMNS)[number]) =>
    column === "due" ? text.cases.due : column === "assignee" ? text.cases.assignee : text.columns[column];
  return (
    <div className="space-y-8">
      <StatCards label={text.statsLabel} items={data.stats} />
      <section aria-labelledby="order-management-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="order-management-heading" className="text-2xl font-bold text-navy-900">
            {data.isAdmin ? text.management : text.cases.view}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            {data.overdue.count > 0 && data.filters.due !== "overdue" ? (
              <LocalizedLink
                to={`/admin${data.overdue.href}`}
                className={buttonClasses("destructive", "sm")}
                data-testid="overdue-link"
              >
                {data.overdue.label}
              </LocalizedLink>
            ) : null}
            {data.isAdmin ? (
              <a
                href={`${localizePath(lang, "/admin/orders.csv")}${data.exportQuery}`}
                className={buttonClasses("secondary", "sm")}
                download
              >
                {text.exportData}
              </a>
            ) : null}
          </div>
        </div>
        <Form
          method="get"
          role="search"
          className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
          data-testid="order-filters"
        >
          <div className="min-w-0 space-y-1 sm:col-span-2 lg:col-span-1">
            <label htmlFor="order-search" className="block text-sm font-semibold text-navy-900">
              {text.search}
            </label>
            <input
              id="order-search"
              name="q"
              type="search"
              defaultValue={data.filters.q}
              maxLength={100}
              className={inputClasses}
              aria-describedby="order-search-hint"
            />
            <p id="order-search-hint" className="text-xs text-slate-600">
              {text.searchHint}
            </p>
          </div>
          <FilterSelect
            id="order-status-filter"
            name="status"
            label={text.statusFilter}
            value={data.filters.status}
            options={[{ value: "all", label: text.allStatus }, ...data.statusOptions]}
          />
          <FilterSelect
            id="order-view-filter"
            name="view"
            label={text.cases.view}
            value={data.filters.view}
            options={data.viewOptions}
          />
          <FilterSelect
            id="order-due-filter"
            name="due"
            label={text.cases.due}
            value={data.filters.due}
            options={data.dueOptions}
          />
          <div className="flex items-end gap-2 lg:pb-5">
            <Button type="submit" pending={searching}>
              {text.apply}
            </Button>
            {filtered ? (
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
          <p
            className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-lg font-semibold text-navy-900"
            data-testid="no-orders"
          >
            {text.noOrders}
          </p>
        ) : (
          // relative: visually hidden labels (positioned absolutely) stay inside the box instead of widening the page.
          <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white max-md:overflow-visible max-md:border-0 max-md:bg-transparent">
            <table className="w-full text-start text-sm max-md:block" data-testid="admin-orders">
              <thead className="bg-slate-50 text-slate-700 max-md:sr-only">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">
                      {label(column)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 max-md:block max-md:space-y-3 max-md:divide-y-0">
                {data.orders.map((order) => (
                  <tr
                    key={order.id}
                    data-order-id={order.id}
                    data-overdue={order.overdue || undefined}
                    className={cn(
                      "case-list-row",
                      order.overdue && "bg-red-50 max-md:border-s-4 max-md:border-s-red-700",
                    )}
                  >
                    <td
                      className={cn(cell, order.overdue && "md:border-s-4 md:border-s-red-700")}
                      data-label={label("order")}
                    >
                      <div>
                        <ShortId id={order.id} />
                        <div className="text-xs text-slate-600">
                          <time dateTime={order.dateTime}>{order.date}</time>
                        </div>
                      </div>
                    </td>
                    <td className={cell} data-label={label("customer")}>
                      <div className="min-w-0">
                        <div className="font-medium break-words">{order.customerName}</div>
                        <div className="text-xs break-all text-slate-600">{order.customerEmail}</div>
                      </div>
                    </td>
                    <td className={cell} data-label={label("service")}>
                      <div className="min-w-0">
                        <div>{order.serviceType}</div>
                        <div className="text-xs text-slate-600">{order.tierName}</div>
                      </div>
                    </td>
                    <td className={cell} data-label={label("due")} data-testid="due">
                      {order.due ? (
                        <DueTime
                          due={order.due}
                          overdue={order.overdue}
                          overdueLabel={text.overdueLabel}
                          dateTime={order.dueTime}
                        />
                      ) : (
                        <span className="text-slate-600">—</span>
                      )}
                    </td>
                    <td className={cell} data-label={label("assignee")} data-testid="assignee">
                      {order.assignee}
                    </td>
                    <td className={cn(cell, "whitespace-nowrap")} data-label={label("amount")}>
                      <bdi>{order.amount}</bdi>
                    </td>
                    <td className={cell} data-label={label("payment")}>
                      <div>
                        <PaymentStatusBadge status={order.paymentStatus} label={order.paymentLabel} />
                        {order.flagged ? (
                          <Badge tone="red" className="mt-1">
                            {text.flagged}
                          </Badge>
                        ) : null}
                      </div>
                    </td>
                    <td className={cell} data-label={label("status")}>
                      {order.statusOptions ? (
                        <StatusForm
                          orderId={order.id}
                          status={order.status}
                          options={order.statusOptions}
                          statusLabels={text.status}
                          text={text}
                        />
                      ) : (
                        <OrderStatusBadge status={order.status} label={text.status[order.status] ?? order.status} />
                      )}
                    </td>
                    <td className={cell} data-label={label("actions")}>
                      <div className="flex flex-wrap gap-2">
                        <LocalizedLink
                          to={`/admin/orders/${order.id}`}
                          className={buttonClasses("secondary", "sm")}
                          aria-label={`${text.view} ${order.id.slice(0, 8)}`}
                        >
                          {text.view}
                        </LocalizedLink>
                        <LocalizedLink
                          to={`/admin/orders/${order.id}#edit`}
                          className={buttonClasses("ghost", "sm")}
                          aria-label={`${text.edit} ${order.id.slice(0, 8)}`}
                        >
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
        <PageLinks links={data.pages} text={text.pagination} />
      </section>
    </div>
  );
}

function FilterSelect({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={inputClasses}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

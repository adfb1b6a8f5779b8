import { useLocation, useNavigation } from "@remix-run/react";
import type { ClientDashboardOrders } from "../../orders/dashboard.server";
import { LocalizedLink } from "../layout/localized-link";
import { buttonClasses } from "../ui/button";
import { ShortId } from "./money";
import { OrderStatusBadge, PaymentStatusBadge } from "./order-status-badge";
import { Pagination } from "./pagination";
import { StatCards } from "./stat-cards";

/**
 * The client dashboard's order part: four figures, then Recent Orders (newest first, paginated)
 * or the empty state. With JavaScript a skeleton stands in while another page of orders loads.
 */
export function ClientOrders({ data }: { data: ClientDashboardOrders }) {
  const { text } = data;
  const location = useLocation();
  const navigation = useNavigation();
  const loadingList = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  return (
    <div className="space-y-8">
      <StatCards label={text.statsLabel} items={data.stats} />
      <section aria-labelledby="recent-orders-heading" aria-busy={loadingList || undefined}>
        <h2 id="recent-orders-heading" className="text-2xl font-bold text-navy-900">
          {text.recentOrders}
        </h2>
        {loadingList ? (
          <OrdersSkeleton label={text.loading} />
        ) : data.orders.length === 0 ? (
          <div
            className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center"
            data-testid="orders-empty"
          >
            <p className="text-lg font-semibold text-navy-900">{text.emptyTitle}</p>
            <p className="mt-1 text-slate-600">{text.emptyText}</p>
            <LocalizedLink to="/" className={buttonClasses("primary", "md", "mt-4")}>
              {text.browseServices}
            </LocalizedLink>
          </div>
        ) : (
          <ul className="mt-4 space-y-3" data-testid="client-orders">
            {data.orders.map((order) => (
              <li
                key={order.id}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                data-order-id={order.id}
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div>
                    <h3 className="font-semibold text-navy-900">{order.serviceType}</h3>
                    <p className="text-sm text-slate-600">
                      <span className="sr-only">{text.orderLabel} </span>
                      <ShortId id={order.id} />
                    </p>
                  </div>
                  <div className="flex flex-col items-end gap-1 text-end">
                    <OrderStatusBadge status={order.status} label={order.statusLabel} />
                    {order.expectedBy ? (
                      <p className="text-xs font-medium text-slate-700" data-testid="expected-by">
                        {order.expectedBy}
                      </p>
                    ) : null}
                  </div>
                </div>
                <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
                  <div>
                    <dt className="text-slate-600">{text.tier}</dt>
                    <dd className="font-medium">{order.tierName}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{text.amount}</dt>
                    <dd className="font-medium">
                      <bdi>{order.amount}</bdi>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{text.date}</dt>
                    <dd className="font-medium">
                      <time dateTime={order.dateTime}>{order.date}</time>
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">{text.payment}</dt>
                    <dd>
                      <PaymentStatusBadge status={order.paymentStatus} label={order.paymentLabel} />
                    </dd>
                  </div>
                </dl>
                <div className="mt-4 flex flex-wrap gap-2">
                  {order.canPay ? (
                    <LocalizedLink
                      to={`/orders/${order.id}/pay`}
                      className={buttonClasses("primary", "sm")}
                      aria-label={`${text.payNow} ${order.forOrder}`}
                    >
                      {text.payNow}
                    </LocalizedLink>
                  ) : null}
                  <LocalizedLink
                    to={`/dashboard/orders/${order.id}`}
                    className={buttonClasses("secondary", "sm")}
                    aria-label={`${text.viewDetails} ${order.forOrder}`}
                  >
                    {text.viewDetails}
                  </LocalizedLink>
                  {order.reportId ? (
                    <a
                      href={`/documents/${order.reportId}`}
                      className={buttonClasses("secondary", "sm")}
                      aria-label={`${text.downloadReport} ${order.forOrder}`}
                      download
                    >
                      {text.downloadReport}
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination
          className="mt-4"
          page={data.page}
          pageCount={data.pageCount}
          search={location.search.replace(/^\?/, "")}
          text={text.pagination}
        />
      </section>
    </div>
  );
}

function OrdersSkeleton({ label }: { label: string }) {
  return (
    <div className="mt-4 space-y-3" data-testid="orders-loading">
      <p className="sr-only" role="status">
        {label}
      </p>
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden="true"
          className="h-40 animate-pulse rounded-xl border border-slate-200 bg-slate-100"
        />
      ))}
    </div>
  );
}

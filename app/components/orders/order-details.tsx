import type { ReactNode } from "react";
import type { OrderView } from "../../orders/order-view.server";
import type { BackofficeText } from "../../content/backoffice.server";
import { listComma } from "../../i18n/format";
import { useLang } from "../../root-data";
import { Card } from "../ui/card";
import { OrderStatusBadge, PaymentStatusBadge } from "./order-status-badge";

type Text = BackofficeText["orderPage"];

/** The heading of an order page: short id, service, date, status and payment badges. */
export function OrderHeading({ order, children }: { order: OrderView; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">
          <bdi>{order.title}</bdi>
        </h1>
        <p className="mt-1 text-slate-700">
          {order.serviceType} · {order.tierName} · {order.placed}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2" data-testid="order-status">
        <OrderStatusBadge status={order.status} label={order.statusLabel} />
        <PaymentStatusBadge status={order.paymentStatus} label={order.paymentLabel} />
        {children}
      </div>
    </div>
  );
}

/** Lines, totals (subtotal, coupon, total) and the payment state. */
export function OrderLines({ order, text }: { order: OrderView; text: Text }) {
  return (
    <Card>
      <h2 className="text-lg font-bold text-navy-900">{text.lines}</h2>
      <div className="relative mt-3 overflow-x-auto">
        <table className="w-full text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 text-start font-medium">
                {text.service}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {text.quantity}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {text.unitPrice}
              </th>
              <th scope="col" className="py-1 text-end font-medium">
                {text.lineTotal}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td className="py-2">{line.name}</td>
                <td className="py-2 text-end">{line.quantity}</td>
                <td className="py-2 text-end">
                  <bdi>{line.unitPrice}</bdi>
                </td>
                <td className="py-2 text-end">
                  <bdi>{line.total}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="mt-4 space-y-1 border-t border-slate-200 pt-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt>{text.subtotal}</dt>
          <dd>
            <bdi>{order.subtotal}</bdi>
          </dd>
        </div>
        {order.discount ? (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>
              {text.discount} {order.coupon ? `(${order.coupon})` : null}
            </dt>
            <dd>
              <bdi>−{order.discount}</bdi>
            </dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-4 text-base font-bold">
          <dt>{text.total}</dt>
          <dd data-testid="order-total">
            <bdi>{order.total}</bdi>
          </dd>
        </div>
        {order.refunded ? (
          <div className="flex justify-between gap-4 text-slate-700">
            <dt>{text.refunded}</dt>
            <dd data-testid="order-refunded">
              <bdi>−{order.refunded}</bdi>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        <span className="font-semibold">{text.paymentTitle}:</span> {order.paid ?? text.notPaid}
      </p>
      {order.payDeadline ? <p className="mt-1 text-sm text-slate-700">{order.payDeadline}</p> : null}
    </Card>
  );
}

/** Downloadable files (client uploads or reports). */
export function DocumentList({
  title,
  empty,
  documents,
  downloadLabel,
  testId,
}: {
  title: string;
  empty: string;
  documents: OrderView["documents"];
  downloadLabel: string;
  testId: string;
}) {
  const comma = listComma(useLang());
  return (
    <Card data-testid={testId}>
      <h2 className="text-lg font-bold text-navy-900">{title}</h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {documents.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <bdi className="font-medium">{doc.fileName}</bdi>{" "}
                <span className="text-slate-600">
                  ({doc.size}
                  {comma}
                  {doc.date})
                </span>
              </span>
              <a
                href={`/documents/${doc.id}`}
                className="font-semibold text-navy-700 underline underline-offset-4"
                download
              >
                {downloadLabel}
                <span className="sr-only"> {doc.fileName}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The order's history, newest first. */
export function OrderHistory({ order, text }: { order: OrderView; text: Text }) {
  return (
    <Card>
      <h2 className="text-lg font-bold text-navy-900">{text.historyTitle}</h2>
      {order.history.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{text.noHistory}</p>
      ) : (
        <ol className="mt-3 space-y-3 border-s-2 border-slate-200 ps-4" data-testid="order-history">
          {order.history.map((event) => (
            <li key={event.id} className="text-sm">
              <p className="font-medium text-navy-900">{event.text}</p>
              <p className="text-slate-600">
                <time dateTime={event.dateTime}>{event.date}</time>
                {event.by ? ` · ${event.by}` : null}
              </p>
              {event.note ? <p className="mt-1 whitespace-pre-line text-slate-700">{event.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function OrderCustomerDetails({ order, title }: { order: OrderView; title: string }) {
  if (!order.details.length) return null;
  return (
    <Card>
      <h2 className="text-lg font-bold text-navy-900">{title}</h2>
      <dl className="mt-3 space-y-2 text-sm">
        {order.details.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words font-medium">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The order's tax invoice and credit notes, each a PDF download. */
export function TaxDocumentList({ order, text }: { order: OrderView; text: Text }) {
  const comma = listComma(useLang());
  return (
    <Card data-testid="tax-documents">
      <h2 className="text-lg font-bold text-navy-900">{text.taxDocuments}</h2>
      {order.taxDocuments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{text.noTaxDocuments}</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {order.taxDocuments.map((document) => (
            <li
              key={document.id}
              className="flex flex-wrap items-center justify-between gap-2 text-sm"
              data-kind={document.kind}
            >
              <span>
                <span className="font-medium">{document.label}</span>{" "}
                {/* A document number is an identifier, written the same in both languages. */}
                <span className="font-mono" dir="ltr" lang="zxx" translate="no">
                  {document.number}
                </span>{" "}
                <span className="text-slate-600">
                  ({document.date}
                  {comma}
                  <bdi>{document.total}</bdi>)
                </span>
              </span>
              <a
                href={`/tax-documents/${document.id}`}
                className="font-semibold text-navy-700 underline underline-offset-4"
                download
              >
                {text.downloadPdf}
                <span className="sr-only" lang="zxx">
                  {" "}
                  {document.number}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

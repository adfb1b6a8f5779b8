import type { TaxDocument } from "../../db/schema";
import { backofficeText } from "../content/backoffice.server";
import { fill } from "../i18n/fill";
import { formatDate, formatDateTime, formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import { displayPhone } from "../i18n/phone";
import { unpaidOrderDeadline } from "./expiry.server";
import { localOrderNames, localTierName } from "./order-names.server";
import type { getAdminOrder, getClientOrder } from "./order-details.server";

type ClientOrder = NonNullable<Awaited<ReturnType<typeof getClientOrder>>>;
type AdminOrder = NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>;

/** An order ready to render (client or staff view): labels, formatted money and dates, history lines, tax documents. */
export function orderView(
  order: ClientOrder | AdminOrder,
  lang: Lang,
  audience: "client" | "admin",
  taxDocuments: readonly TaxDocument[] = [],
) {
  const t = backofficeText[lang];
  const statusLabel = (value: string | null) => (value ? (t.status[value] ?? value) : "");
  const history = order.history.map((event) => {
    const template =
      (event.kind === "assignment" && !event.toValue
        ? t.orderPage.event.unassignment
        : t.orderPage.event[event.kind]) ?? event.kind;
    const isPayment = event.kind === "payment" || event.kind === "refund";
    const fromLabel = isPayment
      ? (t.payment[event.fromValue ?? ""] ?? event.fromValue ?? "")
      : statusLabel(event.fromValue);
    const toLabel = isPayment ? (t.payment[event.toValue ?? ""] ?? event.toValue ?? "") : statusLabel(event.toValue);
    const actorName = "actorName" in event ? event.actorName : null;
    return {
      id: event.id,
      kind: event.kind,
      text: fill(template, { from: fromLabel, to: toLabel, name: event.toValue ?? "" }),
      by:
        audience === "admin"
          ? actorName
            ? fill(t.orderPage.by, { name: actorName })
            : null
          : event.kind === "status"
            ? fill(t.orderPage.by, { name: t.orderPage.ourTeam })
            : null,
      note: audience === "admin" && "note" in event ? event.note : null,
      date: formatDateTime(event.createdAt, lang),
      dateTime: event.createdAt.toISOString(),
    };
  });
  const names = localOrderNames(order.items, lang, order);
  return {
    id: order.id,
    shortId: order.id.slice(0, 8),
    title: fill(t.orderPage.title, { id: order.id.slice(0, 8) }),
    placed: fill(t.orderPage.placed, { date: formatDate(order.createdAt, lang) }),
    serviceType: names.serviceType,
    tierName: names.tierName,
    status: order.status,
    statusLabel: statusLabel(order.status),
    paymentStatus: order.paymentStatus,
    paymentLabel: t.payment[order.paymentStatus] ?? order.paymentStatus,
    paid: order.paidAt ? fill(t.orderPage.paidOn, { date: formatDateTime(order.paidAt, lang) }) : null,
    canPay: (order.paymentStatus === "unpaid" || order.paymentStatus === "failed") && order.status !== "cancelled",
    payDeadline:
      (order.paymentStatus === "unpaid" || order.paymentStatus === "failed") && order.status === "pending"
        ? fill(t.orderPage.payable, {
            hours: Math.round((unpaidOrderDeadline(order.createdAt).getTime() - order.createdAt.getTime()) / 3_600_000),
            date: formatDateTime(unpaidOrderDeadline(order.createdAt), lang),
          })
        : null,
    refunded: order.refundedAmount > 0 ? formatMoney(order.refundedAmount, lang) : null,
    taxDocuments: taxDocuments.map((document) => ({
      id: document.id,
      kind: document.kind,
      label: t.orderPage.kind[document.kind] ?? document.kind,
      number: document.documentNumber,
      date: formatDate(document.issuedAt, lang),
      total: formatMoney(document.kind === "credit_note" ? -document.total : document.total, lang),
    })),
    lines: order.items.map((item) => ({
      id: item.id,
      name: localTierName(item, lang),
      serviceKey: item.serviceKey,
      quantity: item.quantity,
      unitPrice: formatMoney(item.unitPrice, lang),
      total: formatMoney(item.unitPrice * item.quantity, lang),
    })),
    subtotal: formatMoney(order.subtotal, lang),
    discount: order.discount > 0 ? formatMoney(order.discount, lang) : null,
    coupon: order.couponCode ? fill(t.orderPage.coupon, { code: order.couponCode }) : null,
    total: formatMoney(order.amount, lang),
    details: [
      [t.orderPage.legalName, order.legalName],
      [t.orderPage.phone, order.phone ? displayPhone(order.phone) : null],
      [t.orderPage.email, order.email],
      [t.orderPage.state, order.state],
      [t.orderPage.description, order.description],
      [t.orderPage.documentLink, order.documentLink],
      [t.orderPage.company, order.customerCompany],
      [t.orderPage.companyTrn, order.customerTrn],
    ].filter((pair): pair is [string, string] => Boolean(pair[1])),
    documents: order.documents
      .filter((doc) => doc.kind === "upload")
      .map((doc) => ({
        id: doc.id,
        fileName: doc.fileName,
        size: formatSize(doc.sizeBytes),
        date: formatDate(doc.createdAt, lang),
      })),
    // Clients see a report once the order is completed; staff always see what is attached.
    reports: order.documents
      .filter((doc) => doc.kind === "report" && (audience === "admin" || order.status === "completed"))
      .map((doc) => ({
        id: doc.id,
        fileName: doc.fileName,
        size: formatSize(doc.sizeBytes),
        date: formatDate(doc.createdAt, lang),
      }))
      .reverse(),
    history,
  };
}

export type OrderView = ReturnType<typeof orderView>;

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

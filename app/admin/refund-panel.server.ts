import crypto from "node:crypto";
import type { Order } from "../../db/schema";
import { MANUAL_REFUND_FLAG } from "../cases/refund.server";
import { backofficeText } from "../content/backoffice.server";
import { fill } from "../i18n/fill";
import { formatDateTime, formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import { isPaid } from "../payments/payments.server";
import { providerCanRefund, refundableAmount, refundsOfOrder } from "../payments/refunds.server";

/** The refund card of an admin's order page. */
export type RefundPanel = {
  summary: string | null;
  /** Why no refund can be made now (unpaid, nothing left), or null. */
  blocked: string | null;
  maxAed: string;
  maxHint: string;
  requestKey: string;
  /** Whether "Refunded by hand" starts ticked: no provider can refund this order here, or it is flagged for a refund by hand. */
  manualFirst: boolean;
  refunds: Array<{
    id: string;
    amount: string;
    status: string;
    statusLabel: string;
    reason: string;
    by: string;
    date: string;
    failure: string | null;
  }>;
};

/** A UUID that names the next refund of an order: derived from the order and how many refunds it has. */
function refundRequestKey(orderId: string, refundCount: number) {
  const hex = crypto.createHash("sha256").update(`refund:${orderId}:${refundCount}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The refund card: what was paid and refunded, what is left, the refunds so far. */
export async function refundPanelOf(
  order: {
    id: string;
    paymentStatus: Parameters<typeof isPaid>[0];
    paidAmount: number | null;
    amount: number;
    refundedAmount: number;
    paymentProvider: Order["paymentProvider"];
    paymentFlag: string | null;
  },
  lang: Lang,
): Promise<RefundPanel> {
  const t = backofficeText[lang].adminOrder;
  const [refundable, refunds] = await Promise.all([refundableAmount(order.id), refundsOfOrder(order.id)]);
  const paid = isPaid(order.paymentStatus);
  const money = (fils: number) => formatMoney(fils, lang);
  return {
    summary: paid
      ? fill(t.refundSummary, {
          paid: money(order.paidAmount ?? order.amount),
          refunded: money(order.refundedAmount),
          refundable: money(refundable),
        })
      : null,
    blocked: !paid
      ? t.notRefundable
      : (order.paidAmount ?? order.amount) === 0
        ? t.nothingPaid
        : refundable === 0
          ? t.nothingLeft
          : null,
    maxAed: (refundable / 100).toFixed(2),
    maxHint: fill(t.refundAmountHint, { max: money(refundable) }),
    // The same key until a refund is recorded: the form (keyed by it) keeps what was typed when the
    // page's data is re-read (another person's change, a refused refund) and starts afresh after one.
    requestKey: refundRequestKey(order.id, refunds.length),
    manualFirst: order.paymentFlag === MANUAL_REFUND_FLAG || !providerCanRefund(order),
    refunds: refunds.map(({ refund, actorName }) => ({
      id: refund.id,
      amount: money(refund.amount),
      status: refund.status,
      statusLabel: t.refundStatus[refund.status] ?? refund.status,
      reason: refund.reason,
      by:
        refund.provider === "manual"
          ? fill(t.refundByHand, { name: actorName ?? "" })
          : actorName
            ? fill(t.refundBy, { name: actorName })
            : t.refundByProvider,
      date: formatDateTime(refund.createdAt, lang),
      failure: refund.failureReason,
    })),
  };
}

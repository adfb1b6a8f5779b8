import { fill } from "../../i18n/fill";
import { Card } from "../ui/card";

export type OrderSummaryData = {
  lines: Array<{ key: string; serviceName: string; tierName: string; quantity: number; lineTotal: string }>;
  subtotal: string;
  discount: string | null;
  couponCode: string | null;
  total: string;
  /** The total in fils, when known (checkout): zero means nothing to pay. */
  totalFils?: number;
};

export type OrderSummaryText = { title: string; qty: string; subtotal: string; discount: string; total: string };

/** The 'Order Summary' panel: each line (tier, quantity, price × quantity), the discount, the total. */
export function OrderSummary({
  summary,
  text,
  busy = false,
}: {
  summary: OrderSummaryData;
  text: OrderSummaryText;
  busy?: boolean;
}) {
  return (
    <Card className="space-y-4" aria-busy={busy || undefined}>
      <h2 className="text-xl font-bold text-navy-900">{text.title}</h2>
      <ul className="divide-y divide-slate-200">
        {summary.lines.map((line) => (
          <li key={line.key} className="flex items-start justify-between gap-4 py-3">
            <div>
              <p className="font-semibold text-navy-900">{line.tierName}</p>
              <p className="text-sm text-slate-600">{line.serviceName}</p>
              <p className="text-sm text-slate-600">{fill(text.qty, { quantity: line.quantity })}</p>
            </div>
            <p className="font-semibold tabular-nums">{line.lineTotal}</p>
          </li>
        ))}
      </ul>
      <dl className="space-y-2 border-t border-slate-200 pt-4">
        {summary.discount ? (
          <>
            <div className="flex justify-between gap-4 text-slate-700">
              <dt>{text.subtotal}</dt>
              <dd className="tabular-nums">{summary.subtotal}</dd>
            </div>
            <div className="flex justify-between gap-4 text-green-800" data-testid="summary-discount">
              <dt>{fill(text.discount, { code: summary.couponCode ?? "" })}</dt>
              <dd className="tabular-nums">−{summary.discount}</dd>
            </div>
          </>
        ) : null}
        <div className="flex justify-between gap-4 text-lg font-bold text-navy-900" data-testid="summary-total">
          <dt>{text.total}</dt>
          <dd className="tabular-nums">{summary.total}</dd>
        </div>
      </dl>
    </Card>
  );
}

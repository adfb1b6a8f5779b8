import { useNavigation } from "@remix-run/react";
import { ResilientForm } from "../forms/resilient-form";
import type { RefundPanel } from "../../admin/refund-panel.server";
import type { BackofficeText } from "../../content/backoffice.server";
import { Button } from "../ui/button";
import { CheckboxField, TextAreaField, TextField } from "../ui/field";
import { Card } from "../ui/card";
import { Notice } from "../ui/notice";

export type RefundReply = { error: string; amount: string; reason: string; manual: boolean };

/** The admin's refund form (amount and reason) and the order's refunds so far. */
export function RefundCard({
  panel,
  text,
  reply,
}: {
  panel: RefundPanel;
  text: BackofficeText["adminOrder"];
  reply: RefundReply | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "refund";
  return (
    <Card data-testid="refund-card">
      <h2 className="text-lg font-bold text-navy-900">{text.refundTitle}</h2>
      {panel.summary ? <p className="mt-2 text-sm text-slate-700">{panel.summary}</p> : null}
      {reply ? (
        <div className="mt-3">
          <Notice kind="error" title={reply.error} />
        </div>
      ) : null}
      {panel.blocked ? (
        <p className="mt-2 text-sm text-slate-600">{panel.blocked}</p>
      ) : (
        // A new key each time the page is shown: the same form sent twice is refused by the server.
        <ResilientForm method="post" className="mt-3 space-y-3" data-testid="refund-form" key={panel.requestKey}>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="requestKey" value={panel.requestKey} />
          <TextField
            id="refund-amount"
            name="amount"
            label={text.refundAmount}
            hint={panel.maxHint}
            inputMode="decimal"
            autoComplete="off"
            required
            maxLength={15}
            defaultValue={reply?.amount ?? panel.maxAed}
          />
          <TextAreaField
            id="refund-reason"
            name="reason"
            label={text.refundReason}
            hint={text.refundReasonHint}
            rows={2}
            required
            minLength={3}
            maxLength={500}
            defaultValue={reply?.reason ?? ""}
          />
          <div>
            <CheckboxField
              id="refund-manual"
              name="method"
              value="manual"
              label={text.refundManual}
              defaultChecked={reply ? reply.manual : panel.manualFirst}
              aria-describedby="refund-manual-hint"
            />
            <p id="refund-manual-hint" className="ms-8 mt-1 text-sm text-slate-600">
              {text.refundManualHint}
            </p>
          </div>
          <Button type="submit" variant="secondary" pending={busy}>
            {text.refundSubmit}
          </Button>
        </ResilientForm>
      )}
      {panel.refunds.length ? (
        <div className="mt-4 border-t border-slate-200 pt-3">
          <h3 className="text-sm font-bold text-navy-900">{text.refundsTitle}</h3>
          <ul className="mt-2 space-y-2 text-sm" data-testid="refunds">
            {panel.refunds.map((refund) => (
              <li key={refund.id} data-status={refund.status}>
                <p>
                  <bdi className="font-semibold">{refund.amount}</bdi> · {refund.statusLabel} · {refund.date}
                </p>
                <p className="text-slate-700">
                  {refund.reason} ({refund.by})
                </p>
                {refund.failure ? <p className="text-red-800">{refund.failure}</p> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}

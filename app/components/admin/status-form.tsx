import { useFetcher, useLocation } from "@remix-run/react";
import { SubmitFailureNotice } from "../forms/submit-failure-notice";
import { useResilientForm } from "../forms/use-resilient-form";
import { CsrfField } from "../ui/csrf-field";
import { inputClasses } from "../ui/field";
import { Button } from "../ui/button";
import { OrderStatusBadge } from "../orders/order-status-badge";

/**
 * The Update Status control of one order: a select and an Update button (a plain form without
 * JavaScript). With JavaScript it saves as soon as the select changes and shows the new status at
 * once (optimistic); the server's answer then confirms it with a toast, or puts the old one back.
 * A change that does not get through puts the old one back too and offers to send it again.
 */
export function StatusForm({
  orderId,
  status,
  options,
  statusLabels,
  text,
  action,
  showBadge = true,
}: {
  orderId: string;
  status: string;
  options: Array<{ value: string; label: string }>;
  statusLabels: Record<string, string>;
  text: { updateStatus: string; updateStatusFor: string; update: string };
  /** The route that handles the post; defaults to the current page. */
  action?: string;
  showBadge?: boolean;
}) {
  const fetcher = useFetcher();
  const location = useLocation();
  const { formRef, failure, retry } = useResilientForm(fetcher);
  const pending = fetcher.formData?.get("status");
  const shown = typeof pending === "string" ? pending : status;
  const selectId = `status-${orderId}`;
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      className="flex flex-wrap items-center gap-2"
      data-testid="status-form"
    >
      <CsrfField />
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {showBadge ? <OrderStatusBadge status={shown} label={statusLabels[shown] ?? shown} /> : null}
      <label htmlFor={selectId} className="sr-only">
        {text.updateStatusFor.replace("{id}", orderId.slice(0, 8))}
      </label>
      <select
        id={selectId}
        name="status"
        // Keyed by the confirmed status so a refused change puts the select back.
        key={status}
        defaultValue={status}
        className={`${inputClasses} w-auto min-w-36 py-1 text-sm`}
        onChange={(event) => fetcher.submit(event.currentTarget.form)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {/* Without JavaScript the button submits; with it the select already did. */}
      <Button type="submit" variant="secondary" size="sm" pending={fetcher.state !== "idle"}>
        {text.update}
      </Button>
      <SubmitFailureNotice failure={failure} onRetry={retry} className="basis-full" />
    </fetcher.Form>
  );
}

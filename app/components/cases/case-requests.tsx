import { Form, useNavigation } from "@remix-run/react";
import type { CasesText } from "../../content/cases.server";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { describedBy, inputClasses } from "../ui/field";
import type { CaseRefusal } from "./case-thread";
import { usePagePath } from "./page-path";

export type RequestsView = {
  /** Fresh random ids, one per form: a request sent twice is stored once. */
  submissionIds: { extension: string; cancellation: string };
  /** open: a request of the kind waits for a decision; allowed: the client may send one now. */
  extension: { open: boolean; allowed: boolean; options: number[] };
  cancellation: { open: boolean; allowed: boolean };
};

/**
 * The client's requests on a case: more time, and cancellation before work starts. Each is a
 * plain form; the team accepts or declines it in the conversation.
 */
export function CaseRequests({ view, text, refusal }: { view: RequestsView; text: Pick<CasesText, "requests" | "requestNames">; refusal?: CaseRefusal | null }) {
  const pagePath = usePagePath();
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const errorFor = (intent: string) => (refusal?.intent === intent ? refusal.error : null);
  if (!view.extension.allowed && !view.extension.open && !view.cancellation.allowed && !view.cancellation.open) return null;
  return (
    <Card className="space-y-5" data-testid="case-requests">
      <h2 className="text-lg font-bold text-navy-900">{text.requests.title}</h2>
      {view.extension.open ? (
        <p className="text-sm text-slate-700" role="status">
          {text.requests.pending.replace("{request}", text.requestNames["extension-request"] ?? "")}
        </p>
      ) : view.extension.allowed ? (
        <Form method="post" action={pagePath} preventScrollReset className="space-y-3" data-testid="extension-form">
          <h3 className="font-semibold text-navy-900">{text.requests.extensionTitle}</h3>
          <p className="text-sm text-slate-600">{text.requests.extensionHint}</p>
          <input type="hidden" name="intent" value="request-extension" />
          <input type="hidden" name="submissionId" value={view.submissionIds.extension} />
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <div className="space-y-1">
              <label htmlFor="extension-days" className="block text-sm font-semibold text-navy-900">
                {text.requests.days}
              </label>
              <select id="extension-days" name="days" defaultValue={refusal?.intent === "request-extension" ? refusal.values.days : String(view.extension.options[1] ?? 1)} className={inputClasses}>
                {view.extension.options.map((days) => (
                  <option key={days} value={days}>
                    {days}
                  </option>
                ))}
              </select>
            </div>
            <RequestReason id="extension-reason" label={text.requests.reason} error={errorFor("request-extension")} defaultValue={refusal?.intent === "request-extension" ? refusal.values.body : ""} />
          </div>
          <Button type="submit" variant="secondary" pending={busy("request-extension")}>
            {text.requests.extensionSubmit}
          </Button>
        </Form>
      ) : null}
      {view.cancellation.open ? (
        <p className="text-sm text-slate-700" role="status">
          {text.requests.pending.replace("{request}", text.requestNames["cancellation-request"] ?? "")}
        </p>
      ) : view.cancellation.allowed ? (
        <Form method="post" action={pagePath} preventScrollReset className="space-y-3 border-t border-slate-200 pt-4" data-testid="cancellation-form">
          <h3 className="font-semibold text-navy-900">{text.requests.cancellationTitle}</h3>
          <p className="text-sm text-slate-600">{text.requests.cancellationHint}</p>
          <input type="hidden" name="intent" value="request-cancellation" />
          <input type="hidden" name="submissionId" value={view.submissionIds.cancellation} />
          <RequestReason
            id="cancellation-reason"
            label={text.requests.reason}
            error={errorFor("request-cancellation")}
            defaultValue={refusal?.intent === "request-cancellation" ? refusal.values.body : ""}
          />
          <Button type="submit" variant="destructive" pending={busy("request-cancellation")}>
            {text.requests.cancellationSubmit}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

function RequestReason({ id, label, error, defaultValue }: { id: string; label: string; error: string | null; defaultValue: string }) {
  const errors = error ? [error] : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
      </label>
      <textarea
        id={id}
        name="body"
        rows={2}
        maxLength={5000}
        defaultValue={defaultValue}
        dir="auto"
        aria-invalid={errors ? true : undefined}
        aria-describedby={describedBy(id, null, errors)}
        className={inputClasses}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

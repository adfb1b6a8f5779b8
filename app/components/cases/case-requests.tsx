import { useNavigation } from "@remix-run/react";
import { ResilientForm } from "../forms/resilient-form";
import type { ReactNode } from "react";
import { cn } from "../../utils/cn";
import type { CasesText } from "../../content/cases.server";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { describedBy, inputClasses } from "../ui/field";
import type { CaseRefusal } from "./case-thread";
import { usePagePath } from "./page-path";

export type RequestsView = {
  /** open: a request of the kind waits for a decision; allowed: the client may send one now. */
  extension: { open: boolean; allowed: boolean; options: number[] };
  cancellation: { open: boolean; allowed: boolean };
};

/**
 * The client's requests on a case: more time, and cancellation before work starts. Each is a
 * plain form; the team accepts or declines it in the conversation.
 */
export function CaseRequests({
  view,
  text,
  refusal,
}: {
  view: RequestsView;
  text: Pick<CasesText, "requests" | "requestNames">;
  refusal?: CaseRefusal | null;
}) {
  if (!view.extension.allowed && !view.extension.open && !view.cancellation.allowed && !view.cancellation.open)
    return null;
  const t = text.requests;
  const typed = (intent: string) => (refusal?.intent === intent ? refusal : null);
  return (
    <Card className="space-y-5" data-testid="case-requests">
      <h2 className="text-lg font-bold text-navy-900">{t.title}</h2>
      <RequestForm
        kind="extension-request"
        intent="request-extension"
        state={view.extension}
        title={t.extensionTitle}
        hint={t.extensionHint}
        submit={t.extensionSubmit}
        text={text}
        refusal={typed("request-extension")}
        testId="extension-form"
      >
        {(reason) => (
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <div className="space-y-1">
              <label htmlFor="extension-days" className="block text-sm font-semibold text-navy-900">
                {t.days}
              </label>
              <select
                id="extension-days"
                name="days"
                defaultValue={typed("request-extension")?.values.days ?? String(view.extension.options[1] ?? 1)}
                className={inputClasses}
              >
                {view.extension.options.map((days) => (
                  <option key={days} value={days}>
                    {days}
                  </option>
                ))}
              </select>
            </div>
            {reason}
          </div>
        )}
      </RequestForm>
      <RequestForm
        kind="cancellation-request"
        intent="request-cancellation"
        state={view.cancellation}
        title={t.cancellationTitle}
        hint={t.cancellationHint}
        submit={t.cancellationSubmit}
        variant="destructive"
        text={text}
        refusal={typed("request-cancellation")}
        testId="cancellation-form"
        className="border-t border-slate-200 pt-4"
      />
    </Card>
  );
}

/**
 * One request: "waiting for a decision" while one is open, else a plain form (a title, why, an
 * optional reason and whatever the request needs besides) posting to the page.
 */
function RequestForm({
  kind,
  intent,
  state,
  title,
  hint,
  submit,
  variant = "secondary",
  text,
  refusal,
  testId,
  className,
  children = (reason) => reason,
}: {
  kind: "extension-request" | "cancellation-request";
  intent: string;
  state: { open: boolean; allowed: boolean };
  title: string;
  hint: string;
  submit: string;
  variant?: "secondary" | "destructive";
  text: Pick<CasesText, "requests" | "requestNames">;
  refusal: CaseRefusal | null;
  testId: string;
  className?: string;
  children?: (reason: ReactNode) => ReactNode;
}) {
  const pagePath = usePagePath();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  if (state.open) {
    return (
      <p className="text-sm text-slate-700" role="status">
        {text.requests.pending.replace("{request}", text.requestNames[kind] ?? "")}
      </p>
    );
  }
  if (!state.allowed) return null;
  const reason = (
    <RequestReason
      id={`${intent}-reason`}
      label={text.requests.reason}
      error={refusal?.error ?? null}
      defaultValue={refusal?.values.body ?? ""}
    />
  );
  return (
    <ResilientForm
      method="post"
      action={pagePath}
      preventScrollReset
      className={cn("space-y-3", className)}
      data-testid={testId}
    >
      <h3 className="font-semibold text-navy-900">{title}</h3>
      <p className="text-sm text-slate-600">{hint}</p>
      <input type="hidden" name="intent" value={intent} />
      {children(reason)}
      <Button type="submit" variant={variant} pending={busy}>
        {submit}
      </Button>
    </ResilientForm>
  );
}

function RequestReason({
  id,
  label,
  error,
  defaultValue,
}: {
  id: string;
  label: string;
  error: string | null;
  defaultValue: string;
}) {
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

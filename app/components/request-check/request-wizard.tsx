import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import type { RequestCheckContent } from "../../content/request-check.server";
import { fill } from "../../i18n/fill";
import type { WizardPage } from "../../request-check/request-check.server";
import {
  LAST_STEP,
  STEP_FIELDS,
  WIZARD_FIELDS,
  WIZARD_LIMITS,
  stepErrors,
  type WizardField,
  type WizardValues,
} from "../../request-check/rules";
import { cn } from "../../utils/cn";
import { SubmissionKey } from "../forms/submission-key";
import { SubmitFailureNotice } from "../forms/submit-failure-notice";
import { useResilientForm } from "../forms/use-resilient-form";
import { useHydrated } from "../inquiry/lead-form";
import { Button } from "../ui/button";
import { CsrfField } from "../ui/csrf-field";
import { TextField } from "../ui/field";
import { Notice } from "../ui/notice";
import { Container } from "../ui/section";

const INPUT: Record<WizardField, { type: string; autoComplete: string; dir?: "ltr" }> = {
  fullName: { type: "text", autoComplete: "name" },
  emiratesId: { type: "text", autoComplete: "off", dir: "ltr" },
  passportNumber: { type: "text", autoComplete: "off", dir: "ltr" },
  phoneNumber: { type: "tel", autoComplete: "tel", dir: "ltr" },
  email: { type: "email", autoComplete: "email", dir: "ltr" },
};

/**
 * The three-step request wizard. Without JavaScript every Continue and Back is a form post (the
 * server checks the step and keeps the values in a signed cookie); with JavaScript the steps
 * switch in place with the same rules (app/request-check/rules.ts). Submit & Pay always goes to
 * the server, which checks everything again.
 */
export function RequestWizard({ text, page }: { text: RequestCheckContent; page: WizardPage }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [step, setStep] = useState(page.step);
  const [values, setValues] = useState<Partial<WizardValues>>(page.values);
  const [clientErrors, setClientErrors] = useState<Partial<Record<WizardField, string>>>({});
  const { formRef, failure, retry } = useResilientForm();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // A server answer (no JavaScript, or Submit & Pay) decides the step and the values shown.
  useEffect(() => {
    setStep(page.step);
    setValues(page.values);
    setClientErrors({});
  }, [page]);

  const serverErrors = page.result?.error ?? {};
  const errorOf = (field: WizardField): string[] | undefined => {
    const client = clientErrors[field];
    if (client) return [client];
    const server = serverErrors[field];
    return server?.length ? server : undefined;
  };
  const hasErrors = STEP_FIELDS[step].some((field) => errorOf(field));
  const initial = (field: WizardField) => {
    const value = page.result?.initialValue?.[field];
    return typeof value === "string" ? value : (values[field] ?? "");
  };

  function readForm(): Partial<WizardValues> {
    const form = new FormData(formRef.current!);
    const read: Partial<WizardValues> = {};
    for (const field of WIZARD_FIELDS) read[field] = String(form.get(field) ?? "");
    return read;
  }

  function focusFirstError() {
    window.requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('fieldset:not([hidden]) [aria-invalid="true"]')?.focus(),
    );
  }

  function onContinue(event: MouseEvent<HTMLButtonElement>) {
    if (!hydrated) return;
    event.preventDefault();
    const current = readForm();
    setValues(current);
    const errors = stepErrors(step, current);
    const messages: Partial<Record<WizardField, string>> = {};
    for (const [field, error] of Object.entries(errors)) messages[field as WizardField] = text.errors[error];
    setClientErrors(messages);
    if (Object.keys(messages).length) return focusFirstError();
    setStep((s) => (s < LAST_STEP ? ((s + 1) as 2 | 3) : s));
    window.requestAnimationFrame(() => headingRef.current?.focus());
  }

  function onBack(event: MouseEvent<HTMLButtonElement>) {
    if (!hydrated) return;
    event.preventDefault();
    setValues(readForm());
    setClientErrors({});
    setStep((s) => (s > 1 ? ((s - 1) as 1 | 2) : s));
    window.requestAnimationFrame(() => headingRef.current?.focus());
  }

  return (
    <Container className="max-w-2xl py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-navy-900 sm:text-4xl">{text.title}</h1>
      <p className="mt-3 text-lg text-slate-600">{text.intro}</p>

      <ol className="mt-8 grid grid-cols-3 gap-2" aria-label={fill(text.stepOf, { step })}>
        {text.steps.map((name, index) => {
          const number = index + 1;
          return (
            <li
              key={name}
              aria-current={number === step ? "step" : undefined}
              className={cn(
                "rounded-lg border-t-4 pt-2 text-sm",
                number <= step ? "border-amber-400 font-semibold text-navy-900" : "border-slate-200 text-slate-500",
              )}
            >
              <span className="block text-xs">{number}</span>
              {name}
            </li>
          );
        })}
      </ol>

      <Form
        ref={formRef}
        method="post"
        className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
        aria-labelledby="wizard-step-title"
        noValidate={false}
      >
        <CsrfField />
        <input type="hidden" name="step" value={step} />
        <SubmissionKey />
        <h2 id="wizard-step-title" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-navy-900">
          <span className="block text-sm font-medium text-slate-600">{fill(text.stepOf, { step })}</span>
          {text.steps[step - 1]}
        </h2>
        {page.notice ? (
          <Notice kind="error" title={page.notice} className="mt-4" />
        ) : hasErrors ? (
          <Notice kind="error" title={text.errorSummary} className="mt-4" />
        ) : null}

        {([1, 2] as const).map((s) => (
          <fieldset key={s} hidden={s !== step} className="mt-6 space-y-5" data-step={s}>
            <legend className="sr-only">{text.steps[s - 1]}</legend>
            {s === 2 ? <p className="text-slate-600">{text.verificationIntro}</p> : null}
            {STEP_FIELDS[s].map((field) => (
              <TextField
                key={field}
                id={`wizard-${field}`}
                name={field}
                type={INPUT[field].type}
                autoComplete={INPUT[field].autoComplete}
                dir={INPUT[field].dir}
                label={
                  field === "passportNumber" ? (
                    <>
                      {text.labels[field]} <span className="font-normal text-slate-600">({text.optional})</span>
                    </>
                  ) : (
                    text.labels[field]
                  )
                }
                placeholder={text.placeholders[field]}
                // Only the visible step's fields are checked by the browser: a hidden field it refused
                // (an e-mail without "@" kept after Back) would block the form without a word.
                // Read-only fields are posted but never checked.
                required={s === step && field !== "passportNumber"}
                readOnly={s !== step}
                maxLength={WIZARD_LIMITS[field] + 10}
                defaultValue={initial(field)}
                errors={s === step ? errorOf(field) : undefined}
              />
            ))}
          </fieldset>
        ))}

        {step === LAST_STEP ? (
          <div className="mt-6 space-y-4" data-testid="wizard-summary">
            <div className="rounded-lg bg-slate-50 p-4">
              <p className="font-semibold text-navy-900">{text.summaryTitle}</p>
              <div className="mt-2 flex items-center justify-between gap-4">
                <span>{text.product}</span>
                <span className="font-bold tabular-nums" dir="ltr">
                  {text.price}
                </span>
              </div>
              <div className="mt-2 flex items-center justify-between gap-4 border-t border-slate-200 pt-2 font-bold">
                <span>{text.total}</span>
                <span className="tabular-nums" dir="ltr">
                  {text.price}
                </span>
              </div>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              {WIZARD_FIELDS.filter((field) => values[field]).map((field) => (
                <div key={field} className="contents">
                  <dt className="text-slate-600">{text.labels[field]}</dt>
                  <dd className="font-medium">
                    <bdi>{values[field]}</bdi>
                  </dd>
                </div>
              ))}
            </dl>
            <p className="text-sm text-slate-600">{text.paymentNote}</p>
          </div>
        ) : null}

        <SubmitFailureNotice failure={failure} onRetry={retry} className="mt-6" />

        <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
          {step > 1 ? (
            <Button type="submit" name="intent" value="back" variant="secondary" formNoValidate onClick={onBack}>
              {text.back}
            </Button>
          ) : (
            <span />
          )}
          {step < LAST_STEP ? (
            <Button type="submit" name="intent" value="next" onClick={onContinue}>
              {text.continue}
            </Button>
          ) : (
            <Button type="submit" name="intent" value="submit" size="lg" pending={submitting}>
              {submitting ? text.submitting : text.submit}
            </Button>
          )}
        </div>
      </Form>
    </Container>
  );
}

import { useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { CSRF_FIELD } from "../../http/csrf";
import { CsrfField, useCsrfToken } from "../ui/csrf-field";
import { describedBy, FieldShell, inputClasses, TextAreaField, TextField } from "../ui/field";
import { fill } from "../../i18n/fill";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Notice } from "../ui/notice";
import { isSubmitFailure, type SubmitFailure } from "../../forms/submission";
import { SubmissionKey } from "../forms/submission-key";
import { SubmitFailureNotice } from "../forms/submit-failure-notice";
import { useResilientForm } from "../forms/use-resilient-form";
import { OrderSummary, type OrderSummaryData, type OrderSummaryText } from "./order-summary";

export type CheckoutFormText = {
  title: string;
  legalName: string;
  phone: string;
  email: string;
  state: string;
  statePlaceholder: string;
  description: string;
  documentLink: string;
  documentLinkHint: string;
  documents: string;
  documentsHint: string;
  documentsChosen: string;
  documentsAgain: string;
  couponToggle: string;
  coupon: string;
  apply: string;
  couponApplied: string;
  pay: string;
  processing: string;
  secureNote: string;
  required: string;
  invoiceTitle: string;
  invoiceHint: string;
  companyName: string;
  companyTrn: string;
  companyTrnHint: string;
  confirmFree: string;
};

type CheckoutFields = {
  legalName: string;
  phone: string;
  email: string;
  state: string;
  description: string;
  documentLink: string;
  documents: string;
  couponCode: string;
  companyName: string;
  companyTrn: string;
};

/** What the checkout action answers when it re-renders the form. */
export type CheckoutReply = {
  lastResult: SubmissionResult<string[]>;
  summary: OrderSummaryData;
  filesDropped: boolean;
  couponApplied: boolean;
};

type Props = {
  text: CheckoutFormText;
  summaryText: OrderSummaryText;
  initialSummary: OrderSummaryData;
  reply: CheckoutReply | undefined;
  defaults: { legalName: string; email: string; phone?: string; description?: string };
  accept: string;
  maxLengths: {
    legalName: number;
    phone: number;
    email: number;
    state: number;
    description: number;
    documentLink: number;
    couponCode: number;
    companyName: number;
    companyTrn: number;
  };
};

/**
 * The 'Order Details' form and the 'Order Summary'. A plain multipart form: without JavaScript it
 * posts and the server answers with errors (input kept) or a 303 to the payment page. With
 * JavaScript, Apply re-prices through a fetcher (chosen files stay chosen), chosen file names are
 * listed, and the whole form is disabled while the payment starts.
 */
export function CheckoutForm({ text, summaryText, initialSummary, reply, defaults, accept, maxLengths }: Props) {
  const coupon = useFetcher<CheckoutReply | SubmitFailure>({ key: "checkout-coupon" });
  // Pay that did not get through keeps the form (chosen files too) with a retry; so does Apply.
  const { formRef, failure, retry } = useResilientForm();
  const couponFailure = coupon.state === "idle" && isSubmitFailure(coupon.data) ? coupon.data : null;
  const lastCoupon = useRef("");
  const csrfToken = useCsrfToken();
  const navigation = useNavigation();
  const paying =
    navigation.state !== "idle" &&
    navigation.formMethod?.toLowerCase() === "post" &&
    navigation.formData?.get("intent") === "pay";

  // The newest answer wins: the coupon fetcher's or the form's.
  const [latest, setLatest] = useState<CheckoutReply | undefined>(reply);
  useEffect(() => setLatest(reply), [reply]);
  useEffect(() => {
    const answer = coupon.data;
    if (coupon.state !== "idle" || !answer || isSubmitFailure(answer)) return;
    setLatest((current) =>
      current
        ? {
            ...current,
            summary: answer.summary,
            couponApplied: answer.couponApplied,
            lastResult: mergeCouponResult(current.lastResult, answer.lastResult),
          }
        : answer,
    );
  }, [coupon.state, coupon.data]);

  const summary = latest?.summary ?? initialSummary;
  const [form, fields] = useForm<CheckoutFields>({
    id: "checkout",
    lastResult: reply?.lastResult,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
  });
  const couponErrors = latest?.lastResult.error?.couponCode ?? undefined;
  const couponValue = String(
    (latest?.lastResult.initialValue as Record<string, unknown> | undefined)?.couponCode ?? "",
  );
  // The code the page was rendered with (a full-page answer). A coupon fetcher's answer never
  // resets the field: the visitor may have typed another code while Apply was on its way.
  const renderedCoupon = String(
    (reply?.lastResult.initialValue as Record<string, unknown> | undefined)?.couponCode ?? "",
  );
  const formErrors = form.errors;

  const [chosen, setChosen] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const errorSummary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (reply?.lastResult.error && Object.keys(reply.lastResult.error).length) errorSummary.current?.focus();
  }, [reply]);

  const applyCoupon = (event: MouseEvent<HTMLButtonElement>) => {
    const input = event.currentTarget.form?.elements.namedItem("couponCode");
    if (!(input instanceof HTMLInputElement)) return;
    // With JavaScript, only the code is sent: the rest of the form (and chosen files) stays as it is.
    event.preventDefault();
    lastCoupon.current = input.value;
    coupon.submit({ [CSRF_FIELD]: csrfToken, intent: "apply-coupon", couponCode: input.value }, { method: "post" });
  };

  const fieldErrors = (name: keyof typeof fields) => fields[name].errors;
  const initial = (name: keyof typeof fields) => (fields[name].initialValue as string | undefined) ?? "";

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Card className="p-6">
        <h2 className="text-xl font-bold text-navy-900">{text.title}</h2>
        <p className="mt-1 text-sm text-slate-600">{text.required}</p>
        {formErrors?.length ? (
          <div ref={errorSummary} tabIndex={-1} className="mt-4 outline-none">
            <Notice kind="error" title={formErrors[0]!}>
              {formErrors.length > 1 ? (
                <ul>
                  {formErrors.slice(1).map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </ul>
              ) : null}
            </Notice>
          </div>
        ) : null}
        <Form ref={formRef} method="post" encType="multipart/form-data" id={form.id} className="mt-6">
          {/* First part of the body: the server reads the token before the files stream past. */}
          <CsrfField />
          <SubmissionKey />
          <fieldset disabled={paying} className="space-y-5">
            <TextField
              id="legalName"
              name="legalName"
              label={text.legalName}
              required
              autoComplete="name"
              maxLength={maxLengths.legalName}
              defaultValue={initial("legalName")}
              key={fields.legalName.key}
              errors={fieldErrors("legalName")}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                id="phone"
                name="phone"
                type="tel"
                label={text.phone}
                required
                autoComplete="tel"
                inputMode="tel"
                maxLength={maxLengths.phone}
                defaultValue={initial("phone")}
                key={fields.phone.key}
                errors={fieldErrors("phone")}
              />
              <TextField
                id="email"
                name="email"
                type="email"
                label={text.email}
                required
                autoComplete="email"
                maxLength={maxLengths.email}
                defaultValue={initial("email")}
                key={fields.email.key}
                errors={fieldErrors("email")}
              />
            </div>
            <TextField
              id="state"
              name="state"
              label={text.state}
              placeholder={text.statePlaceholder}
              autoComplete="address-level1"
              maxLength={maxLengths.state}
              defaultValue={initial("state")}
              key={fields.state.key}
              errors={fieldErrors("state")}
            />
            <TextAreaField
              id="description"
              name="description"
              label={text.description}
              rows={4}
              maxLength={maxLengths.description}
              defaultValue={initial("description")}
              key={fields.description.key}
              errors={fieldErrors("description")}
            />
            <TextField
              id="documentLink"
              name="documentLink"
              type="url"
              label={text.documentLink}
              hint={text.documentLinkHint}
              placeholder="https://"
              maxLength={maxLengths.documentLink}
              defaultValue={initial("documentLink")}
              key={fields.documentLink.key}
              errors={fieldErrors("documentLink")}
            />
            <FieldShell
              id="documents"
              label={text.documents}
              hint={text.documentsHint}
              errors={fieldErrors("documents")}
            >
              <input
                ref={fileInput}
                id="documents"
                name="documents"
                type="file"
                multiple
                accept={accept}
                aria-invalid={fieldErrors("documents")?.length ? true : undefined}
                aria-describedby={describedBy("documents", text.documentsHint, fieldErrors("documents"))}
                className={`${inputClasses} file:me-3 file:rounded file:border-0 file:bg-navy-50 file:px-3 file:py-1 file:font-semibold file:text-navy-900`}
                onChange={(event) => setChosen(Array.from(event.currentTarget.files ?? [], (file) => file.name))}
              />
            </FieldShell>
            {chosen.length ? (
              <div className="text-sm text-slate-700" aria-live="polite">
                <p className="font-semibold">{text.documentsChosen}</p>
                <ul className="list-inside list-disc">
                  {chosen.map((name, index) => (
                    <li key={`${name}-${index}`}>{name}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {reply?.filesDropped && chosen.length === 0 ? <Notice kind="info" title={text.documentsAgain} /> : null}

            <details
              open={Boolean(couponValue || couponErrors?.length || latest?.couponApplied) || undefined}
              className="rounded-lg border border-slate-200 p-4"
            >
              <summary className="cursor-pointer font-semibold text-navy-700 underline underline-offset-4">
                {text.couponToggle}
              </summary>
              <div className="mt-4 flex flex-wrap items-start gap-3">
                <TextField
                  id="couponCode"
                  name="couponCode"
                  label={text.coupon}
                  autoComplete="off"
                  maxLength={maxLengths.couponCode}
                  defaultValue={renderedCoupon}
                  key={`coupon-${renderedCoupon}`}
                  errors={couponErrors}
                  className="min-w-48 flex-1"
                />
                <Button
                  type="submit"
                  name="intent"
                  value="apply-coupon"
                  variant="secondary"
                  formNoValidate
                  pending={coupon.state !== "idle"}
                  onClick={applyCoupon}
                  className="mt-6"
                >
                  {text.apply}
                </Button>
              </div>
              {/* The code the summary shows applied: if it is gone at Pay, the server says so. */}
              {latest?.couponApplied && summary.couponCode ? (
                <input type="hidden" name="appliedCoupon" value={summary.couponCode} />
              ) : null}
              <SubmitFailureNotice
                failure={couponFailure}
                onRetry={() =>
                  coupon.submit(
                    { [CSRF_FIELD]: csrfToken, intent: "apply-coupon", couponCode: lastCoupon.current },
                    { method: "post" },
                  )
                }
                className="mt-3"
              />
              {latest?.couponApplied && summary.discount ? (
                <p role="status" className="mt-2 text-sm font-semibold text-green-800">
                  {fill(text.couponApplied, { code: summary.couponCode ?? "", discount: summary.discount })}
                </p>
              ) : null}
            </details>

            <details
              open={
                Boolean(initial("companyName") || initial("companyTrn") || fieldErrors("companyTrn")?.length) ||
                undefined
              }
              className="rounded-lg border border-slate-200 p-4"
            >
              <summary className="cursor-pointer font-semibold text-navy-700 underline underline-offset-4">
                {text.invoiceTitle}
              </summary>
              <p className="mt-2 text-sm text-slate-600">{text.invoiceHint}</p>
              <div className="mt-4 grid gap-5 sm:grid-cols-2">
                <TextField
                  id="companyName"
                  name="companyName"
                  label={text.companyName}
                  autoComplete="organization"
                  maxLength={maxLengths.companyName}
                  defaultValue={initial("companyName")}
                  key={fields.companyName.key}
                  errors={fieldErrors("companyName")}
                />
                <TextField
                  id="companyTrn"
                  name="companyTrn"
                  label={text.companyTrn}
                  hint={text.companyTrnHint}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={maxLengths.companyTrn}
                  defaultValue={initial("companyTrn")}
                  key={fields.companyTrn.key}
                  errors={fieldErrors("companyTrn")}
                />
              </div>
            </details>

            <SubmitFailureNotice failure={failure} onRetry={retry} />
            <p className="text-sm text-slate-600">{text.secureNote}</p>
            <Button
              type="submit"
              name="intent"
              value="pay"
              size="lg"
              pending={paying}
              className="w-full"
              data-testid="pay-button"
            >
              {paying
                ? text.processing
                : summary.totalFils === 0
                  ? text.confirmFree
                  : fill(text.pay, { total: summary.total })}
            </Button>
          </fieldset>
        </Form>
      </Card>
      <aside>
        <OrderSummary summary={summary} text={summaryText} busy={coupon.state !== "idle"} />
      </aside>
    </div>
  );
}

/** After Apply through the fetcher: keep the form's field errors, take the coupon's. */
function mergeCouponResult(
  current: SubmissionResult<string[]>,
  fromCoupon: SubmissionResult<string[]>,
): SubmissionResult<string[]> {
  const error = { ...(current.error ?? {}) };
  delete error.couponCode;
  if (fromCoupon.error?.couponCode) error.couponCode = fromCoupon.error.couponCode;
  return {
    ...current,
    error,
    initialValue: {
      ...(current.initialValue ?? {}),
      couponCode: (fromCoupon.initialValue as Record<string, unknown> | null)?.couponCode as string,
    },
  };
}

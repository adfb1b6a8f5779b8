import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { fill } from "../../i18n/fill";
import { localizePath } from "../../i18n/lang";
import { cn } from "../../utils/cn";
import type { FormFlash } from "../../forms/form-flash";
import { useLang, useSite, usePageUi } from "../../root-data";
import { LocalizedLink } from "../layout/localized-link";
import { Button, buttonClasses } from "../ui/button";
import { CsrfField } from "../ui/csrf-field";
import { CheckboxField, TextField } from "../ui/field";
import { Notice } from "../ui/notice";
import { SubmissionKey } from "../forms/submission-key";
import { SubmitFailureNotice } from "../forms/submit-failure-notice";
import { useHydrated, useLeadForm, useSubmissionFields } from "./lead-form";

/** The spec's simulated check lasted 3 seconds: the overlay shows at least that long. */
const OVERLAY_MS = 3000;
const CHECKLIST_THRESHOLDS = [0, 30, 70];

/**
 * The travel-ban check: the static card with Check Status Now, the check form it reveals (without
 * JavaScript a link to ?check=1#check), the progress overlay while the request is saved (with
 * JavaScript), and the result view saying what happens next. It never shows a made-up result.
 */
export function TravelCheckSection({ stats }: { stats?: Array<{ value: string; label: string }> | undefined }) {
  const ui = usePageUi();
  const t = ui.inquiry.travelCheck;
  const location = useLocation();
  const lead = useLeadForm("travel-check");
  const { fetcher, answer, pending } = lead;
  const requested = new URLSearchParams(location.search).get("check") === "1";
  const [open, setOpen] = useState(requested);
  useEffect(() => {
    if (requested) setOpen(true);
  }, [requested]);

  // The overlay: from submit until the server answered and at least OVERLAY_MS passed.
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (pending && startedAt === null) {
      setStartedAt(Date.now());
      setNow(Date.now());
    }
  }, [pending, startedAt]);
  useEffect(() => {
    if (startedAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 100);
    return () => window.clearInterval(timer);
  }, [startedAt]);
  const elapsed = startedAt === null ? 0 : now - startedAt;
  const answered = !pending && fetcher.data !== undefined;
  const failed = answered && answer?.result?.status !== "success";
  const overlayDone = startedAt !== null && answered && (failed || elapsed >= OVERLAY_MS);
  useEffect(() => {
    if (overlayDone) setStartedAt(null);
  }, [overlayDone]);
  const showOverlay = startedAt !== null && !overlayDone;
  // Up to 95% on the clock; the last step waits for the server.
  const progress = Math.min(answered ? 100 : 95, Math.round((elapsed / OVERLAY_MS) * 100));

  const success = answer?.result?.status === "success" && answer.data?.reference && startedAt === null ? answer : null;
  const [dismissed, setDismissed] = useState<FormFlash | null>(null);

  return (
    <div id="check" data-travel-check-slot className="scroll-mt-24">
      {success && dismissed !== success ? (
        <TravelCheckResult
          result={success}
          onAnother={() => {
            setDismissed(success);
            setOpen(true);
          }}
        />
      ) : open ? (
        <TravelCheckForm lead={lead} pending={pending || showOverlay} />
      ) : (
        <div
          className="grid max-w-xl gap-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          data-travel-check-card
        >
          <p className="text-lg font-semibold text-navy-900">{t.staticTitle}</p>
          {stats?.length ? (
            <dl className="grid grid-cols-2 gap-6 text-center">
              {stats.map((item) => (
                <div key={item.label} className="flex flex-col-reverse">
                  <dt className="mt-1 text-sm text-slate-600">{item.label}</dt>
                  <dd className="text-3xl font-bold text-navy-900 tabular-nums">{item.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <Link
            to={`${location.pathname}?check=1#check`}
            preventScrollReset
            className={buttonClasses("primary", "lg")}
            onClick={(event) => {
              if (!lead.hydrated) return;
              event.preventDefault();
              setOpen(true);
              window.requestAnimationFrame(() => document.getElementById("travel-check-fullName")?.focus());
            }}
          >
            {t.checkNow}
          </Link>
        </div>
      )}
      {showOverlay ? <CheckingOverlay progress={progress} /> : null}
    </div>
  );
}

function TravelCheckForm({ lead, pending }: { lead: ReturnType<typeof useLeadForm>; pending: boolean }) {
  const { fetcher, formRef, lastResult, hydrated, inlineNotice, failure, retry } = lead;
  const ui = usePageUi();
  const t = ui.inquiry.travelCheck;
  const lang = useLang();
  const site = useSite();
  const location = useLocation();
  const fields = useSubmissionFields(lastResult);
  const id = (name: string) => `travel-check-${name}`;

  return (
    <div className="max-w-3xl">
      <h3 className="text-xl font-bold text-navy-900">{t.formTitle}</h3>
      <p className="mt-2 text-slate-600">{t.formIntro}</p>
      {inlineNotice ? (
        <Notice kind={inlineNotice.kind} title={inlineNotice.title} className="mt-4">
          {inlineNotice.description}
        </Notice>
      ) : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        action={localizePath(lang, "/travel-check")}
        key={fields.resetKey}
        aria-label={t.formTitle}
        className="mt-6 grid gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-8"
      >
        <CsrfField />
        {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
        <input type="hidden" name="sourcePage" value={`${location.pathname}?check=1`} />
        <SubmissionKey />
        <div aria-hidden="true" className="absolute -start-[9999px] size-px overflow-hidden">
          <label htmlFor={id("website")}>{ui.inquiry.form.honeypot}</label>
          <input id={id("website")} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        {fields.formErrors?.length ? (
          <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
            {fields.formErrors.join(" ")}
          </p>
        ) : null}
        <TextField
          id={id("fullName")}
          name="fullName"
          label={t.fullName}
          autoComplete="name"
          required
          maxLength={100}
          defaultValue={fields.value("fullName")}
          errors={fields.errors("fullName")}
        />
        <TextField
          id={id("idNumber")}
          name="idNumber"
          label={t.idNumber}
          hint={t.idHint}
          required
          maxLength={40}
          autoComplete="off"
          defaultValue={fields.value("idNumber")}
          errors={fields.errors("idNumber")}
          dir="ltr"
        />
        <TextField
          id={id("nationality")}
          name="nationality"
          label={t.nationality}
          autoComplete="country-name"
          required
          maxLength={60}
          defaultValue={fields.value("nationality")}
          errors={fields.errors("nationality")}
        />
        <TextField
          id={id("phone")}
          name="phone"
          type="tel"
          label={t.phone}
          placeholder={ui.inquiry.form.phonePlaceholder}
          autoComplete="tel"
          required
          maxLength={30}
          defaultValue={fields.value("phone")}
          errors={fields.errors("phone")}
          dir="ltr"
        />
        <TextField
          id={id("email")}
          name="email"
          type="email"
          label={t.email}
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={fields.value("email")}
          errors={fields.errors("email")}
          dir="ltr"
          className="sm:col-span-2"
        />
        <CheckboxField
          id={id("consent")}
          name="consent"
          className="sm:col-span-2"
          errors={fields.errors("consent")}
          defaultChecked={fields.value("consent") === "on"}
          label={
            <>
              {fill(ui.inquiry.form.consentBefore, { site: site.name })}
              <LocalizedLink to="/privacy-policy" className="font-semibold text-navy-700 underline">
                {ui.inquiry.form.privacyPolicy}
              </LocalizedLink>
              {ui.inquiry.form.consentAnd}
              <LocalizedLink to="/terms-of-service" className="font-semibold text-navy-700 underline">
                {ui.inquiry.form.termsOfService}
              </LocalizedLink>
              {ui.inquiry.form.consentAfter}
            </>
          }
        />
        <SubmitFailureNotice failure={failure} onRetry={retry} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" pending={pending} className="w-full sm:w-auto">
            {pending ? ui.inquiry.form.submitting : t.submit}
          </Button>
        </div>
      </fetcher.Form>
    </div>
  );
}

function CheckingOverlay({ progress }: { progress: number }) {
  const t = usePageUi().inquiry.travelCheck;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="checking-title"
      className="fixed inset-0 z-50 grid place-items-center bg-navy-950/90 p-4"
      data-testid="checking-overlay"
    >
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-xl">
        <p id="checking-title" className="text-xl font-bold text-navy-900">
          {t.overlayTitle}
        </p>
        <p className="mt-2 text-slate-600">{t.overlayText}</p>
        <div
          role="progressbar"
          aria-label={t.progressLabel}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="mt-6 h-3 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-amber-400 motion-safe:transition-[width] motion-safe:duration-100"
            style={{ width: `${progress}%` }}
          />
        </div>
        <ul className="mt-6 space-y-2 text-start">
          {t.overlaySteps.map((step, index) => {
            const lit = progress > CHECKLIST_THRESHOLDS[index]!;
            return (
              <li
                key={step}
                className={cn("flex items-center gap-2", lit ? "font-semibold text-green-800" : "text-slate-500")}
                data-lit={lit || undefined}
              >
                <span aria-hidden="true">{lit ? "✓" : "○"}</span>
                {step}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

function TravelCheckResult({ result, onAnother }: { result: FormFlash; onAnother: () => void }) {
  const t = usePageUi().inquiry.travelCheck;
  const location = useLocation();
  const hydrated = useHydrated();
  const data = result.data ?? {};
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div
      className="max-w-3xl rounded-xl border border-green-700 bg-white p-6 shadow-sm sm:p-8"
      data-testid="travel-check-result"
      role="status"
    >
      <h3 ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-navy-900">
        {t.resultTitle}
      </h3>
      <p className="mt-1 text-sm font-semibold text-slate-600">
        {fill(t.resultReference, { reference: data.reference ?? "" })}
      </p>
      <p className="mt-4 text-slate-700">{t.resultText}</p>
      <h4 className="mt-6 font-bold text-navy-900">{t.resultNext}</h4>
      <ol className="mt-2 list-decimal space-y-2 ps-6 text-slate-700">
        {t.resultSteps.map((step) => (
          <li key={step}>
            <bdi>{fill(step, { minutes: data.minutes ?? "", email: data.email ?? "", phone: data.phone ?? "" })}</bdi>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href="#packages" className={buttonClasses("primary")}>
          {t.resultPackages}
        </a>
        <LocalizedLink to="/request-check" className={buttonClasses("secondary")}>
          {fill(t.resultQuickCheck, { price: data.quickCheckPrice ?? "" })}
        </LocalizedLink>
        <Link
          to={`${location.pathname}?check=1#check`}
          className={buttonClasses("ghost")}
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            onAnother();
          }}
        >
          {t.anotherCheck}
        </Link>
      </div>
    </div>
  );
}

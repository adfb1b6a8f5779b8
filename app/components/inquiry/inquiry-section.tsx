import { useLocation } from "@remix-run/react";
import { SERVICE_KEYS, type ServiceKey } from "../../catalogue/services";
import { fill } from "../../i18n/fill";
import { localizePath } from "../../i18n/lang";
import { useLang, useSite, usePageUi } from "../../root-data";
import { LocalizedLink } from "../layout/localized-link";
import { Button } from "../ui/button";
import { CsrfField } from "../ui/csrf-field";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../ui/field";
import { Notice } from "../ui/notice";
import { SubmissionKey } from "../forms/submission-key";
import { SubmitFailureNotice } from "../forms/submit-failure-notice";
import { useLeadForm, useSubmissionFields } from "./lead-form";

// Same values as COUNTRY_VALUES on the server (kept here so the browser bundle does not pull in
// the server module); the server rejects anything else.
const COUNTRIES = ["UAE", "Saudi Arabia", "Kuwait", "Qatar", "Bahrain", "Oman", "Other"] as const;
const LIMITS = { fullName: 100, email: 254, phone: 30, documentId: 50, message: 1000 };

/**
 * The inquiry form placed on service pages (and the contact and ask-a-lawyer pages): one form,
 * one action (/inquiry). The service type defaults to the page's service key.
 */
export function InquirySection({ service, title, intro }: { service: ServiceKey; title?: string; intro?: string }) {
  const ui = usePageUi();
  const t = ui.inquiry;
  const lang = useLang();
  const site = useSite();
  const location = useLocation();
  const { fetcher, formRef, lastResult, pending, hydrated, inlineNotice, failure, retry } = useLeadForm("inquiry");
  const fields = useSubmissionFields(lastResult);

  const id = (name: string) => `inquiry-${name}`;
  return (
    <div id="inquiry-form" data-inquiry-slot={service} className="scroll-mt-24">
      <h2 className="text-2xl font-bold sm:text-3xl">{title ?? t.form.title}</h2>
      {intro ? <p className="mt-3 text-lg text-slate-600">{intro}</p> : null}
      {inlineNotice ? (
        <Notice kind={inlineNotice.kind} title={inlineNotice.title} className="mt-6" id="inquiry-notice" tabIndex={-1}>
          {inlineNotice.description}
        </Notice>
      ) : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        action={localizePath(lang, "/inquiry")}
        className="mt-6 grid gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 sm:p-8"
        aria-label={title ?? t.form.title}
        key={fields.resetKey}
      >
        <CsrfField />
        {hydrated ? <input type="hidden" name="mode" value="fetch" /> : null}
        <input type="hidden" name="sourcePage" value={location.pathname + location.search} />
        <SubmissionKey />
        {/* A field people never see; bots fill it in. */}
        <div aria-hidden="true" className="absolute -start-[9999px] size-px overflow-hidden">
          <label htmlFor={id("website")}>{t.form.honeypot}</label>
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
          label={t.form.fullName}
          autoComplete="name"
          required
          maxLength={LIMITS.fullName}
          defaultValue={fields.value("fullName")}
          errors={fields.errors("fullName")}
        />
        <TextField
          id={id("email")}
          name="email"
          type="email"
          label={t.form.email}
          autoComplete="email"
          required
          maxLength={LIMITS.email}
          defaultValue={fields.value("email")}
          errors={fields.errors("email")}
          dir="ltr"
        />
        <TextField
          id={id("phone")}
          name="phone"
          type="tel"
          label={t.form.phone}
          autoComplete="tel"
          placeholder={t.form.phonePlaceholder}
          required
          maxLength={LIMITS.phone}
          defaultValue={fields.value("phone")}
          errors={fields.errors("phone")}
          dir="ltr"
        />
        <SelectField
          id={id("country")}
          name="country"
          label={t.form.country}
          required
          placeholder={t.form.countryPlaceholder}
          options={COUNTRIES.map((value) => ({ value, label: t.countries[value] }))}
          defaultValue={fields.value("country") ?? ""}
          errors={fields.errors("country")}
        />
        <TextField
          id={id("documentId")}
          name="documentId"
          label={
            <>
              {t.form.documentId} <span className="font-normal text-slate-600">({ui.common.optional})</span>
            </>
          }
          maxLength={LIMITS.documentId}
          defaultValue={fields.value("documentId")}
          errors={fields.errors("documentId")}
          dir="ltr"
        />
        <SelectField
          id={id("serviceType")}
          name="serviceType"
          label={t.form.serviceType}
          options={SERVICE_KEYS.map((value) => ({ value, label: t.services[value] }))}
          defaultValue={fields.value("serviceType") ?? service}
          errors={fields.errors("serviceType")}
        />
        <TextAreaField
          id={id("message")}
          name="message"
          label={t.form.message}
          hint={t.form.messageHint}
          rows={4}
          maxLength={LIMITS.message}
          defaultValue={fields.value("message")}
          errors={fields.errors("message")}
          className="sm:col-span-2"
        />
        {/* Not `required`: a missing consent gets the spec's 'Consent Required' notice from the server. */}
        <CheckboxField
          id={id("consent")}
          name="consent"
          className="sm:col-span-2"
          errors={fields.errors("consent")}
          defaultChecked={fields.value("consent") === "on"}
          label={
            <>
              {fill(t.form.consentBefore, { site: site.name })}
              <LocalizedLink to="/privacy-policy" className="font-semibold text-navy-700 underline">
                {t.form.privacyPolicy}
              </LocalizedLink>
              {t.form.consentAnd}
              <LocalizedLink to="/terms-of-service" className="font-semibold text-navy-700 underline">
                {t.form.termsOfService}
              </LocalizedLink>
              {t.form.consentAfter}
            </>
          }
        />
        <SubmitFailureNotice failure={failure} onRetry={retry} className="sm:col-span-2" />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" pending={pending} className="w-full sm:w-auto">
            {pending ? t.form.submitting : t.form.submit}
          </Button>
        </div>
      </fetcher.Form>
    </div>
  );
}

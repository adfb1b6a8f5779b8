import type { SubmissionResult } from "@conform-to/react";
import { useForm } from "@conform-to/react";
import type { AccountText } from "../../content/accounts.server";
import { LocalizedLink } from "../layout/localized-link";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { Notice } from "../ui/notice";
import { AccountForm, useSubmittingIntent } from "./account-form";
import { CodeField } from "./code-field";

export type TwoFactorIntent = "enable" | "renew" | "disable";
type Text = AccountText["twoFactor"] & { errorTitle: string };

export function Enrol({
  text,
  required,
  enrolment,
  lastResult,
}: {
  text: Text;
  required: boolean;
  enrolment: { secret: string; qrSvgDataUrl: string };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm<{ code: string }>({ id: "enrol-form", lastResult });
  const pending = useSubmittingIntent("enable");
  return (
    <Card className="space-y-5">
      <p className="text-slate-700">{required ? text.requiredIntro : text.optionalIntro}</p>
      <ol className="list-decimal space-y-5 ps-5 text-slate-800">
        <li>
          <p>{text.scanStep}</p>
          {/* Drawn on the server: no script is needed to show it. */}
          <img
            src={enrolment.qrSvgDataUrl}
            alt={text.qrAlt}
            width={222}
            height={222}
            className="mt-3 rounded border border-slate-200 bg-white"
            data-testid="two-factor-qr"
          />
        </li>
        <li>
          <p>{text.keyStep}</p>
          <p className="mt-2">
            <span className="sr-only">{text.keyLabel}: </span>
            <code
              dir="ltr"
              lang="zxx"
              translate="no"
              className="inline-block rounded bg-slate-100 px-3 py-2 font-mono text-base tracking-wider text-navy-900"
              data-testid="two-factor-secret"
            >
              {enrolment.secret}
            </code>
          </p>
        </li>
        <li>
          <p>{text.confirmStep}</p>
          <div className="mt-3">
            <AccountForm id={form.id} intent="enable" errorTitle={text.errorTitle} errors={form.errors}>
              <CodeField id="enrol-code" label={text.codeLabel} errors={fields.code.errors} />
              <Button type="submit" pending={pending}>
                {pending ? text.enabling : text.enable}
              </Button>
            </AccountForm>
          </div>
        </li>
      </ol>
    </Card>
  );
}

export function RecoveryCodes({ text, codes }: { text: Text; codes: string[] }) {
  return (
    <Card className="space-y-4" data-testid="recovery-codes">
      <Notice kind="success" title={text.enabledTitle} />
      <h2 className="text-xl font-semibold text-navy-900">{text.codesTitle}</h2>
      <p className="text-slate-700">{text.codesText}</p>
      <ul dir="ltr" lang="zxx" translate="no" className="grid grid-cols-2 gap-2 font-mono text-base text-navy-900">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-3 py-2">
            {code}
          </li>
        ))}
      </ul>
      {/* On to the page the account needed (an admin's first stop is the admin page). */}
      <LocalizedLink to="/dashboard" className={buttonClasses("primary", "md")}>
        {text.codesSaved}
      </LocalizedLink>
    </Card>
  );
}

export function ConfirmWithCode({
  id,
  intent,
  heading,
  intro,
  submit,
  text,
  lastResult,
}: {
  id: string;
  intent: TwoFactorIntent;
  heading: string;
  intro: string;
  submit: string;
  text: Text;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm<{ code: string }>({ id, lastResult });
  const pending = useSubmittingIntent(intent);
  return (
    <Card>
      <AccountForm
        id={form.id}
        intent={intent}
        heading={heading}
        intro={intro}
        errorTitle={text.errorTitle}
        errors={form.errors}
      >
        <CodeField id={`${id}-code`} label={text.codeLabel} hint={text.codeHint} errors={fields.code.errors} recovery />
        <Button type="submit" variant={intent === "disable" ? "destructive" : "secondary"} pending={pending}>
          {submit}
        </Button>
      </AccountForm>
    </Card>
  );
}

import { useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { PrivacyText } from "../../content/privacy.server";
import { AccountForm, useSubmittingIntent } from "../account/account-form";
import { Button, buttonClasses } from "../ui/button";
import { Card } from "../ui/card";
import { CsrfField } from "../ui/csrf-field";
import { TextField } from "../ui/field";

export type DataExportView = { id: string; status: "queued" | "ready" | "failed"; note: string } | null;
type Text = { export: PrivacyText["export"]; closure: PrivacyText["closure"]; errorTitle: string };

/** Download my data: ask for the archive (a plain form), then the download link while it is ready. */
export function DataExportCard({ text, dataExport }: { text: Text["export"]; dataExport: DataExportView }) {
  const pending = useSubmittingIntent("export");
  return (
    <Card id="download-my-data" data-testid="data-export">
      <h2 className="text-xl font-semibold text-navy-900">{text.heading}</h2>
      <p className="mt-1 text-sm text-slate-700">{text.intro}</p>
      {dataExport ? (
        <p className="mt-3 text-sm font-medium text-navy-900" role="status">
          {dataExport.note}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {dataExport?.status === "ready" ? (
          <a href={`/data-exports/${dataExport.id}`} className={buttonClasses("primary", "sm")} download>
            {text.download}
          </a>
        ) : null}
        {dataExport?.status !== "queued" ? (
          <Form method="post">
            <CsrfField />
            <input type="hidden" name="intent" value="export" />
            <Button
              type="submit"
              variant={dataExport?.status === "ready" ? "secondary" : "primary"}
              size="sm"
              pending={pending}
            >
              {pending ? text.requesting : text.request}
            </Button>
          </Form>
        ) : null}
      </div>
    </Card>
  );
}

/** Close my account: the password (and the code, when two-factor sign-in is on) confirm it. */
export function CloseAccountForm({
  text,
  email,
  twoFactorEnabled,
  lastResult,
}: {
  text: Text;
  email: string;
  twoFactorEnabled: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm<{ password: string; code: string }>({ id: "close-account-form", lastResult });
  const pending = useSubmittingIntent("close-account");
  return (
    <Card>
      <AccountForm
        id={form.id}
        intent="close-account"
        heading={text.closure.heading}
        intro={text.closure.intro}
        errorTitle={text.errorTitle}
        errors={form.errors}
      >
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <TextField
          id="close-account-password"
          name="password"
          type="password"
          label={text.closure.password}
          autoComplete="current-password"
          required
          maxLength={1000}
          errors={fields.password.errors}
        />
        {twoFactorEnabled ? (
          <TextField
            id="close-account-code"
            name="code"
            label={text.closure.code}
            hint={text.closure.codeHint}
            autoComplete="one-time-code"
            inputMode="text"
            required
            maxLength={64}
            errors={fields.code.errors}
          />
        ) : null}
        <Button type="submit" variant="destructive" pending={pending}>
          {pending ? text.closure.closing : text.closure.confirm}
        </Button>
      </AccountForm>
    </Card>
  );
}

import { useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { AccountText } from "../../content/accounts.server";
import { fill } from "../../i18n/fill";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { CsrfField } from "../ui/csrf-field";
import { TextField } from "../ui/field";
import { AccountForm, FullNameField, useSubmittingIntent } from "./account-form";
import { NewPasswordFields } from "./new-password-fields";

/** The settings page's strings. */
export type SettingsText = {
  settings: AccountText["settings"];
  fields: AccountText["fields"];
  hints: AccountText["hints"];
  errorTitle: string;
};
type Text = SettingsText;

export function NameForm({
  text,
  fullName,
  email,
  lastResult,
}: {
  text: Text;
  fullName: string;
  email: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm<{ name: string }>({ id: "name-form", lastResult });
  const pending = useSubmittingIntent("name");
  return (
    <Card>
      <AccountForm
        id={form.id}
        intent="name"
        heading={text.settings.profileHeading}
        errorTitle={text.errorTitle}
        errors={form.errors}
      >
        <FullNameField id="settings-name" label={text.fields.name} field={fields.name} fallback={fullName} />
        <p className="text-sm text-slate-600">
          {fill(text.settings.emailNote, { email: "\u2068" + email + "\u2069" })}
        </p>
        <Button type="submit" pending={pending}>
          {pending ? text.settings.saving : text.settings.saveName}
        </Button>
      </AccountForm>
    </Card>
  );
}

export function PasswordForm({
  text,
  email,
  lastResult,
}: {
  text: Text;
  email: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm<{ currentPassword: string; password: string; confirmPassword: string }>({
    id: "password-form",
    lastResult,
  });
  const pending = useSubmittingIntent("password");
  return (
    <Card>
      <AccountForm
        id={form.id}
        intent="password"
        heading={text.settings.passwordHeading}
        intro={text.settings.passwordIntro}
        errorTitle={text.errorTitle}
        errors={form.errors}
      >
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <TextField
          id="settings-current-password"
          name="currentPassword"
          type="password"
          label={text.fields.currentPassword}
          autoComplete="current-password"
          required
          maxLength={1000}
          errors={fields.currentPassword.errors}
        />
        <NewPasswordFields
          idPrefix="settings-new"
          labels={{ password: text.fields.newPassword, confirmPassword: text.fields.confirmNewPassword }}
          hint={text.hints.newPassword}
          errors={{ password: fields.password.errors, confirmPassword: fields.confirmPassword.errors }}
        />
        <Button type="submit" pending={pending}>
          {pending ? text.settings.saving : text.settings.savePassword}
        </Button>
      </AccountForm>
    </Card>
  );
}

/** One signed-in browser of the account, as the settings page lists it. */
export type SessionRow = {
  id: string;
  current: boolean;
  device: string;
  address: string | null;
  lastActive: string;
  signedIn: string;
};

/** The account's signed-in browsers, each with its own Sign out form, and one to end all but this one. */
export function SessionList({ text, sessions }: { text: Text; sessions: SessionRow[] }) {
  const navigation = useNavigation();
  const submitting = (intent: string, sessionId?: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (sessionId === undefined || navigation.formData.get("sessionId") === sessionId);
  return (
    <Card>
      <h2 className="text-xl font-semibold text-navy-900">{text.settings.sessionsHeading}</h2>
      <p className="mt-1 text-sm text-slate-700">{text.settings.sessionsIntro}</p>
      <ul className="mt-4 divide-y divide-slate-200" data-testid="sessions">
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
            data-session-id={session.id}
            data-current={session.current}
          >
            <div className="text-sm">
              <p className="font-semibold text-navy-900">
                {session.device}
                {session.current ? (
                  <span className="ms-2 rounded bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800">
                    {text.settings.thisDevice}
                  </span>
                ) : null}
              </p>
              <p className="text-slate-700">{session.lastActive}</p>
              <p className="text-slate-600">
                {session.signedIn}
                {session.address ? (
                  <>
                    {" · "}
                    {text.settings.addressLabel}{" "}
                    <span dir="ltr" lang="zxx" translate="no">
                      {session.address}
                    </span>
                  </>
                ) : null}
              </p>
            </div>
            <Form method="post">
              <CsrfField />
              <input type="hidden" name="intent" value="end-session" />
              <input type="hidden" name="sessionId" value={session.id} />
              <Button
                type="submit"
                variant="secondary"
                size="sm"
                pending={submitting("end-session", session.id)}
                aria-label={fill(text.settings.signOutSessionLabel, { device: session.device })}
              >
                {text.settings.signOutSession}
              </Button>
            </Form>
          </li>
        ))}
      </ul>
      {sessions.some((session) => !session.current) ? (
        <Form method="post" className="mt-4">
          <CsrfField />
          <input type="hidden" name="intent" value="end-others" />
          <Button type="submit" variant="destructive" size="sm" pending={submitting("end-others")}>
            {text.settings.signOutOthers}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}

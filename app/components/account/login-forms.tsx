import { useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { AccountText } from "../../content/accounts.server";
import { LocalizedLink, useLocalizedPath } from "../layout/localized-link";
import { Button } from "../ui/button";
import { CsrfField } from "../ui/csrf-field";
import { TextField } from "../ui/field";
import { Notice } from "../ui/notice";
import { AccountForm, EmailField, FullNameField, useSubmittingIntent } from "./account-form";
import { NewPasswordFields } from "./new-password-fields";

/** The sign-in page's strings. */
export type LoginText = {
  login: AccountText["login"];
  fields: AccountText["fields"];
  hints: AccountText["hints"];
  errorTitle: string;
};
type Text = LoginText;
type LastResult = SubmissionResult<string[]> | undefined;

/** The address is not confirmed yet: the link can be sent again (the resend limit applies). */
export function UnverifiedNotice({
  notice,
  redirectTo,
}: {
  notice: { title: string; text: string; resend: string; resending: string };
  redirectTo: string;
}) {
  const localize = useLocalizedPath();
  const navigation = useNavigation();
  const action = localize("/verify-email");
  const pending = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Notice kind="error" title={notice.title} className="mb-6">
      <p>{notice.text}</p>
      <Form method="post" action={action} className="mt-3">
        <CsrfField />
        <input type="hidden" name="intent" value="resend" />
        <input
          type="hidden"
          name="redirectTo"
          value={"/client-login" + (redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "")}
        />
        <Button type="submit" variant="secondary" size="sm" pending={pending}>
          {pending ? notice.resending : notice.resend}
        </Button>
      </Form>
    </Notice>
  );
}

export function LoginForm({
  text,
  redirectTo,
  lastResult,
}: {
  text: Text;
  redirectTo: string;
  lastResult: LastResult;
}) {
  const [form, fields] = useForm<{ email: string; password: string }>({ id: "login-form", lastResult });
  const pending = useSubmittingIntent("login");
  return (
    <AccountForm
      id={form.id}
      intent="login"
      heading={text.login.loginHeading}
      errorTitle={text.errorTitle}
      errors={form.errors}
      hidden={{ redirectTo: redirectTo || undefined }}
    >
      <EmailField id="login-email" label={text.fields.email} field={fields.email} />
      <TextField
        id="login-password"
        name="password"
        type="password"
        label={text.fields.password}
        autoComplete="current-password"
        required
        maxLength={1000}
        errors={fields.password.errors}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="submit" pending={pending}>
          {pending ? text.login.submitting : text.login.submit}
        </Button>
        <LocalizedLink
          to="/password-reset"
          className="text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
        >
          {text.login.forgot}
        </LocalizedLink>
      </div>
    </AccountForm>
  );
}

export function RegisterForm({
  text,
  redirectTo,
  lastResult,
}: {
  text: Text;
  redirectTo: string;
  lastResult: LastResult;
}) {
  const [form, fields] = useForm<{ name: string; email: string; password: string; confirmPassword: string }>({
    id: "register-form",
    lastResult,
  });
  const pending = useSubmittingIntent("register");
  return (
    <AccountForm
      id={form.id}
      intent="register"
      heading={text.login.registerHeading}
      errorTitle={text.errorTitle}
      errors={form.errors}
      hidden={{ redirectTo: redirectTo || undefined }}
    >
      <FullNameField id="register-name" label={text.fields.name} field={fields.name} />
      <EmailField id="register-email" label={text.fields.email} field={fields.email} />
      <NewPasswordFields
        idPrefix="register"
        labels={{ password: text.fields.password, confirmPassword: text.fields.confirmPassword }}
        hint={text.hints.newPassword}
        errors={{ password: fields.password.errors, confirmPassword: fields.confirmPassword.errors }}
      />
      <Button type="submit" pending={pending}>
        {pending ? text.login.registering : text.login.register}
      </Button>
    </AccountForm>
  );
}

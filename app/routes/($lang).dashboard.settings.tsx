import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountForm, FullNameField, useSubmittingIntent } from "../components/account/account-form";
import { NewPasswordFields } from "../components/account/new-password-fields";
import { LocalizedLink } from "../components/layout/localized-link";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { TextField } from "../components/ui/field";
import { Container } from "../components/ui/section";
import { changePassword, updateFullName } from "../auth/accounts.server";
import { changePasswordSchema, nameSchema } from "../auth/schemas.server";
import { createUserSession, requireUser } from "../auth/session.server";
import { accountText, tryAgainText } from "../content/accounts.server";
import { fill } from "../i18n/fill";
import { localizePath } from "../i18n/lang";
import { formOrEmpty, langParam } from "../utils/http.server";
import { metaFromLoader } from "../utils/meta";
import { hitRateLimit } from "../utils/rate-limit.server";
import { redirectWithToast } from "../utils/toast.server";
import { resilientClientAction } from "../utils/submission-client-action";

// After a submission that never got through, nothing is re-read (app/utils/submit-failure.ts).
export { shouldRevalidate } from "../utils/submit-failure";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const user = await requireUser(request);
  const t = accountText[lang];
  return {
    meta: t.settings.meta,
    fullName: user.fullName ?? "",
    email: user.email,
    backTo: user.role === "admin" ? "/admin" : "/dashboard",
    text: { settings: t.settings, fields: t.fields, hints: t.hints, errorTitle: t.errorTitle },
  };
}

type ActionData = { intent: "name" | "password"; reply: SubmissionResult<string[]> };

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const user = await requireUser(request);
  const t = accountText[lang];
  const form = await formOrEmpty(request);
  const here = localizePath(lang, "/dashboard/settings");

  if (form.get("intent") === "password") {
    const hideFields = ["currentPassword", "password", "confirmPassword"];
    const submission = parseWithZod(form, { schema: changePasswordSchema(t) });
    if (submission.status !== "success") return data<ActionData>({ intent: "password", reply: submission.reply({ hideFields }) }, { status: 400 });
    // Wrong current passwords count like failed sign-ins: this form must not become a guessing oracle.
    const limit = await hitRateLimit({ name: "password-change", limit: 10, windowSeconds: 15 * 60 }, user.id);
    if (!limit.allowed) {
      const reply = submission.reply({ formErrors: [tryAgainText(t, limit.retryAfterSeconds)], hideFields });
      return data<ActionData>({ intent: "password", reply }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
    }
    const result = await changePassword(user.id, submission.value.currentPassword, submission.value.password, { lang });
    if (!result.ok) {
      const fieldErrors: Record<string, string[]> = result.reason === "wrong-password" ? { currentPassword: [t.validation.currentPasswordWrong] } : { password: [t.validation.samePassword] };
      return data<ActionData>({ intent: "password", reply: submission.reply({ fieldErrors, hideFields }) }, { status: 400 });
    }
    // Other sessions ended with the new version; this browser continues with a fresh cookie.
    return createUserSession({ user: result.user, redirectTo: here, toast: { kind: "success", title: t.settings.passwordChangedTitle, description: t.settings.passwordChanged } });
  }

  const submission = parseWithZod(form, { schema: nameSchema(t) });
  if (submission.status !== "success") return data<ActionData>({ intent: "name", reply: submission.reply() }, { status: 400 });
  await updateFullName(user.id, submission.value.name, lang);
  return redirectWithToast(here, { kind: "success", title: t.settings.nameSavedTitle, description: t.settings.nameSaved });
}


// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;

type Text = ReturnType<typeof useLoaderData<typeof loader>>["text"];

export default function Settings() {
  const { text, fullName, email, backTo } = useLoaderData<typeof loader>();
  const actionData = useActionData() as ActionData | undefined;
  return (
    <Container className="max-w-2xl space-y-6 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-navy-900">{text.settings.title}</h1>
        <LocalizedLink to={backTo} className="text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900">
          {text.settings.back}
        </LocalizedLink>
      </div>
      <NameForm text={text} fullName={fullName} email={email} lastResult={actionData?.intent === "name" ? actionData.reply : undefined} />
      <PasswordForm text={text} email={email} lastResult={actionData?.intent === "password" ? actionData.reply : undefined} />
    </Container>
  );
}

function NameForm({ text, fullName, email, lastResult }: { text: Text; fullName: string; email: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm<{ name: string }>({ id: "name-form", lastResult });
  const pending = useSubmittingIntent("name");
  return (
    <Card>
      <AccountForm id={form.id} intent="name" heading={text.settings.profileHeading} errorTitle={text.errorTitle} errors={form.errors}>
        <FullNameField id="settings-name" label={text.fields.name} field={fields.name} fallback={fullName} />
        <p className="text-sm text-slate-600">{fill(text.settings.emailNote, { email: "\u2068" + email + "\u2069" })}</p>
        <Button type="submit" pending={pending}>
          {pending ? text.settings.saving : text.settings.saveName}
        </Button>
      </AccountForm>
    </Card>
  );
}

function PasswordForm({ text, email, lastResult }: { text: Text; email: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm<{ currentPassword: string; password: string; confirmPassword: string }>({ id: "password-form", lastResult });
  const pending = useSubmittingIntent("password");
  return (
    <Card>
      <AccountForm id={form.id} intent="password" heading={text.settings.passwordHeading} intro={text.settings.passwordIntro} errorTitle={text.errorTitle} errors={form.errors}>
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
        <NewPasswordFields idPrefix="settings-new" labels={{ password: text.fields.newPassword, confirmPassword: text.fields.confirmNewPassword }} hint={text.hints.newPassword} errors={{ password: fields.password.errors, confirmPassword: fields.confirmPassword.errors }} />
        <Button type="submit" pending={pending}>
          {pending ? text.settings.saving : text.settings.savePassword}
        </Button>
      </AccountForm>
    </Card>
  );
}

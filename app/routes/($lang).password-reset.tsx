import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountForm, EmailField, useSubmittingIntent } from "../components/account/account-form";
import { NewPasswordFields } from "../components/account/new-password-fields";
import { LocalizedLink } from "../components/layout/localized-link";
import { Button, buttonClasses } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Notice } from "../components/ui/notice";
import { Container } from "../components/ui/section";
import { requestPasswordReset, resetPassword, userOfResetToken } from "../auth/accounts.server";
import { newPasswordSchema, resetRequestSchema } from "../auth/schemas.server";
import { createUserSession } from "../auth/session.server";
import { accountText, tryAgainText } from "../content/accounts.server";
import { fill } from "../i18n/fill";
import { localizePath } from "../i18n/lang";
import { pageHead } from "../seo/page-head.server";
import { formOrEmpty, langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { passRetryAfter } from "../utils/retry-after";
import { hitRateLimit } from "../http/rate-limit.server";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

const RESETS_PER_ADDRESS = { name: "reset-ip", limit: 10, windowSeconds: 60 * 60 };
const RESETS_PER_EMAIL = { name: "reset-email", limit: 5, windowSeconds: 60 * 60 };

/** Without a token: the request form. With one: the new-password form while the link is usable. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const t = accountText[lang];
  const token = new URL(request.url).searchParams.get("token");
  const base = {
    meta: pageHead(request, t.reset.meta),
    text: { reset: t.reset, fields: t.fields, hints: t.hints, errorTitle: t.errorTitle },
  };
  if (token === null) return { ...base, mode: "request" as const, token: null, email: null };
  const user = await userOfResetToken(token);
  if (!user) return { ...base, mode: "invalid" as const, token: null, email: null };
  return { ...base, mode: "choose" as const, token, email: user.email };
}

type ActionData = { intent: "request" | "choose"; reply: SubmissionResult<string[]>; sentTo?: string };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = langParam(params);
  const t = accountText[lang];
  const form = await formOrEmpty(request);

  if (form.get("intent") === "choose") {
    const hideFields = ["password", "confirmPassword"];
    const submission = parseWithZod(form, { schema: newPasswordSchema(t) });
    if (submission.status !== "success")
      return data<ActionData>({ intent: "choose", reply: submission.reply({ hideFields }) }, { status: 400 });
    const user = await resetPassword(submission.value.token, submission.value.password);
    if (!user)
      return data<ActionData>(
        { intent: "choose", reply: submission.reply({ formErrors: [t.reset.invalidText], hideFields }) },
        { status: 400 },
      );
    // Every session of the account ended; this browser gets a fresh one. The link proves the
    // mailbox, not the second factor: an account with two-factor sign-in still enters its code.
    const start = { user, request, clientAddress: context.clientAddress };
    if (user.totpEnabledAt)
      return createUserSession({
        ...start,
        stage: "second-factor",
        redirectTo: localizePath(lang, "/client-login/two-factor"),
        toast: { kind: "success", title: t.reset.doneTitle, description: t.reset.doneTwoFactorText },
      });
    return createUserSession({
      ...start,
      redirectTo: localizePath(lang, "/dashboard"),
      toast: { kind: "success", title: t.reset.doneTitle, description: t.reset.doneText },
    });
  }

  const submission = parseWithZod(form, { schema: resetRequestSchema(t) });
  if (submission.status !== "success")
    return data<ActionData>({ intent: "request", reply: submission.reply() }, { status: 400 });
  const email = submission.value.email;
  const byAddress = await hitRateLimit(RESETS_PER_ADDRESS, context.clientAddress);
  if (!byAddress.allowed) {
    const seconds = byAddress.retryAfterSeconds;
    const reply = submission.reply({ formErrors: [tryAgainText(t, seconds)] });
    return data<ActionData>({ intent: "request", reply }, { status: 429, headers: { "Retry-After": String(seconds) } });
  }
  const byEmail = await hitRateLimit(RESETS_PER_EMAIL, email);
  // Past the per-address limit the visitor is told; past the per-e-mail one, the answer stays the
  // same (telling would reveal that someone asked for that address) and no more mail is sent.
  if (byEmail.allowed) await requestPasswordReset(email, lang);
  return data<ActionData>({ intent: "request", reply: submission.reply({ resetForm: true }), sentTo: email });
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;
export const headers = passRetryAfter;

export default function PasswordReset() {
  const { mode, text, token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData() as ActionData | undefined;
  return (
    <Container className="max-w-xl py-10 sm:py-14">
      {mode === "request" ? (
        actionData?.sentTo ? (
          <Sent text={text} email={actionData.sentTo} />
        ) : (
          <RequestForm text={text} lastResult={actionData?.intent === "request" ? actionData.reply : undefined} />
        )
      ) : mode === "choose" ? (
        <ChooseForm
          text={text}
          token={token}
          email={email}
          lastResult={actionData?.intent === "choose" ? actionData.reply : undefined}
        />
      ) : (
        <>
          <h1 className="text-3xl font-bold text-navy-900">{text.reset.title}</h1>
          <Notice kind="error" title={text.reset.invalidTitle} className="mt-6">
            {text.reset.invalidText}
          </Notice>
          <LocalizedLink to="/password-reset" className={buttonClasses("primary", "md", "mt-6")}>
            {text.reset.requestAgain}
          </LocalizedLink>
        </>
      )}
    </Container>
  );
}

type Text = ReturnType<typeof useLoaderData<typeof loader>>["text"];

function Sent({ text, email }: { text: Text; email: string }) {
  return (
    <Card className="space-y-4 p-6" data-testid="reset-sent">
      <h1 className="text-3xl font-bold text-navy-900">{text.reset.sentTitle}</h1>
      <Notice kind="success" title={text.reset.toastTitle}>
        {text.reset.toastText}
      </Notice>
      <p className="text-slate-700">{fill(text.reset.sentText, { email: "\u2068" + email + "\u2069" })}</p>
      <LocalizedLink to="/client-login" className={buttonClasses("secondary", "md")}>
        {text.reset.backToLogin}
      </LocalizedLink>
    </Card>
  );
}

function RequestForm({ text, lastResult }: { text: Text; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useForm<{ email: string }>({ id: "reset-request-form", lastResult });
  const pending = useSubmittingIntent("request");
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">{text.reset.title}</h1>
      <p className="mt-2 text-slate-700">{text.reset.intro}</p>
      <Card className="mt-6">
        <AccountForm id={form.id} intent="request" errorTitle={text.errorTitle} errors={form.errors}>
          <EmailField id="reset-email" label={text.fields.email} field={fields.email} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button type="submit" pending={pending}>
              {pending ? text.reset.submitting : text.reset.submit}
            </Button>
            <LocalizedLink
              to="/client-login"
              className="text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
            >
              {text.reset.backToLogin}
            </LocalizedLink>
          </div>
        </AccountForm>
      </Card>
    </>
  );
}

function ChooseForm({
  text,
  token,
  email,
  lastResult,
}: {
  text: Text;
  token: string | null;
  email: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useForm<{ password: string; confirmPassword: string }>({
    id: "reset-choose-form",
    lastResult,
  });
  const pending = useSubmittingIntent("choose");
  return (
    <>
      <h1 className="text-3xl font-bold text-navy-900">{text.reset.newTitle}</h1>
      <p className="mt-2 text-slate-700">{fill(text.reset.newIntro, { email: "\u2068" + (email ?? "") + "\u2069" })}</p>
      <Card className="mt-6">
        <AccountForm
          id={form.id}
          intent="choose"
          errorTitle={text.errorTitle}
          errors={form.errors}
          hidden={{ token: token ?? "" }}
        >
          {/* Lets password managers file the new password under the right account. */}
          <input type="email" name="username" value={email ?? ""} autoComplete="username" readOnly hidden />
          <NewPasswordFields
            idPrefix="reset"
            labels={{ password: text.fields.newPassword, confirmPassword: text.fields.confirmNewPassword }}
            hint={text.hints.newPassword}
            errors={{ password: fields.password.errors, confirmPassword: fields.confirmPassword.errors }}
          />
          <Button type="submit" pending={pending}>
            {pending ? text.reset.newSubmitting : text.reset.newSubmit}
          </Button>
        </AccountForm>
      </Card>
    </>
  );
}

import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountForm, useSubmittingIntent } from "../components/account/account-form";
import { CodeField } from "../components/account/code-field";
import { SignOutForm } from "../components/account/sign-out-form";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Container } from "../components/ui/section";
import { secondFactorSchema } from "../auth/schemas.server";
import { createUserSession, getPendingSession, getUser, signOutCookie } from "../auth/session.server";
import { checkSecondFactor, parseSecondFactorInput, unusedRecoveryCodes } from "../auth/two-factor.server";
import { accountText, tryAgainText } from "../content/accounts.server";
import { siteName } from "../env.server";
import { fill } from "../i18n/fill";
import { localizePath, type Lang } from "../i18n/lang";
import { pageHead } from "../seo/page-head.server";
import { formOrEmpty, langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { safeRedirectPath } from "../utils/safe-redirect";
import { passRetryAfter } from "../utils/retry-after";
import { redirectWithToast } from "../forms/toast.server";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

/** Without a password step in progress (none, or older than 10 minutes) there is nothing to enter a code for. */
async function backToLogin(request: Request, lang: Lang) {
  const t = accountText[lang];
  const init = request.headers.get("Cookie")?.includes("__session=")
    ? { headers: { "Set-Cookie": await signOutCookie() } }
    : {};
  return redirectWithToast(
    localizePath(lang, "/client-login"),
    { kind: "info", title: t.twoFactor.title, description: t.twoFactor.stepExpired },
    init,
  );
}

/** The second sign-in step: the password was right; an authenticator or recovery code finishes it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "");
  if (await getUser(request)) throw redirect(redirectTo || localizePath(lang, "/"));
  if (!(await getPendingSession(request, "second-factor"))) throw await backToLogin(request, lang);
  const t = accountText[lang];
  return {
    meta: pageHead(request, t.twoFactor.meta),
    redirectTo,
    text: {
      ...t.twoFactor,
      stepIntro: fill(t.twoFactor.stepIntro, { site: siteName(lang) }),
      errorTitle: t.errorTitle,
    },
  };
}

type ActionData = { reply: SubmissionResult<string[]> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = langParam(params);
  const t = accountText[lang];
  const pending = await getPendingSession(request, "second-factor");
  if (!pending) throw await backToLogin(request, lang);
  const form = await formOrEmpty(request);
  const submission = parseWithZod(form, { schema: secondFactorSchema(t, { recovery: true }) });
  const hideFields = ["code"];
  if (submission.status !== "success")
    return data<ActionData>({ reply: submission.reply({ hideFields }) }, { status: 400 });
  const input = parseSecondFactorInput(submission.value.code);
  const { result, retryAfterSeconds } = await checkSecondFactor(pending.user.id, input, context.clientAddress);
  if (result === "throttled") {
    return data<ActionData>(
      { reply: submission.reply({ formErrors: [tryAgainText(t, retryAfterSeconds)], hideFields }) },
      { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
    );
  }
  if (result !== "ok") {
    const message =
      result === "wrong"
        ? t.twoFactor.codeWrong
        : input?.kind === "recovery"
          ? t.twoFactor.recoveryUsed
          : t.twoFactor.codeUsed;
    return data<ActionData>(
      { reply: submission.reply({ fieldErrors: { code: [message] }, hideFields }) },
      { status: 400 },
    );
  }
  // The half-way session is replaced by a new, signed-in one (a new id: nothing carries over).
  const toast =
    input?.kind === "recovery"
      ? {
          kind: "info" as const,
          title: t.twoFactor.recoveryLeftTitle,
          description: fill(t.twoFactor.recoveryLeft, { count: await unusedRecoveryCodes(pending.user.id) }),
        }
      : { kind: "success" as const, title: t.login.successTitle, description: t.login.success };
  return createUserSession({
    user: pending.user,
    request,
    clientAddress: context.clientAddress,
    redirectTo: safeRedirectPath(submission.value.redirectTo, localizePath(lang, "/dashboard")),
    toast,
  });
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;
export const headers = passRetryAfter;

export default function TwoFactorStep() {
  const { text, redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData() as ActionData | undefined;
  const [form, fields] = useForm<{ code: string }>({ id: "two-factor-form", lastResult: actionData?.reply });
  const pending = useSubmittingIntent("code");
  return (
    <Container className="max-w-xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-navy-900">{text.stepTitle}</h1>
      <p className="mt-2 text-slate-700">{text.stepIntro}</p>
      <Card className="mt-6">
        <AccountForm
          id={form.id}
          intent="code"
          errorTitle={text.errorTitle}
          errors={form.errors}
          hidden={{ redirectTo: redirectTo || undefined }}
        >
          <CodeField
            id="two-factor-code"
            label={text.codeLabel}
            hint={text.codeHint}
            errors={fields.code.errors}
            recovery
          />
          <Button type="submit" pending={pending}>
            {pending ? text.verifying : text.verify}
          </Button>
        </AccountForm>
      </Card>
      {/* Ends the half-way session: someone else can sign in on this browser. */}
      <SignOutForm label={text.otherAccount} variant="link" className="mt-6" />
    </Container>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LocalizedLink } from "../components/layout/localized-link";
import { Button, buttonClasses } from "../components/ui/button";
import { CsrfField } from "../components/ui/csrf-field";
import { TextField } from "../components/ui/field";
import { Notice } from "../components/ui/notice";
import { Container } from "../components/ui/section";
import {
  accountOfVerificationLink,
  confirmWithPassword,
  isVerifiedThroughUsedLink,
  removeUnconfirmedAccount,
  resendVerification,
  verifyEmail,
} from "../auth/accounts.server";
import { getPendingSession, getUser, requireUser } from "../auth/session.server";
import { accountText, tryAgainText } from "../content/accounts.server";
import { localizePath } from "../i18n/lang";
import { pageHead } from "../seo/page-head.server";
import { formOrEmpty, langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { safeRedirectPath } from "../utils/safe-redirect";
import { passRetryAfter } from "../utils/retry-after";
import { hitRateLimit } from "../http/rate-limit.server";
import { redirectWithToast } from "../forms/toast.server";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

type View = "confirm" | "verified" | "neutral" | "already" | "invalid" | "removed";

/**
 * Opening the e-mailed link changes nothing by itself (docs/decisions/076): the mail may reach
 * the address's owner although someone else registered it. The page asks for the account's
 * password (which only whoever registered knows) to confirm, and offers "This wasn't me", which
 * removes the unconfirmed account and its password. A browser that already proved the password
 * (the login page's half-way session of this account) is confirmed at once. The link never signs
 * anyone in or switches the signed-in account; someone signed in to another account sees a
 * neutral page once it is confirmed.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const t = accountText[lang];
  const token = new URL(request.url).searchParams.get("token");
  const account = await accountOfVerificationLink(token);
  let view: View;
  if (account) {
    const pending = await getPendingSession(request, "unverified");
    view = pending?.user.id === account.id && (await verifyEmail(token)) ? "verified" : "confirm";
  } else {
    view = token !== null && (await isVerifiedThroughUsedLink(token)) ? "already" : "invalid";
  }
  const signedIn = await getUser(request);
  return {
    meta: pageHead(request, t.verify.meta),
    text: t.verify,
    backLabel: t.settings.back,
    view,
    token: view === "confirm" ? token : null,
    signedIn: Boolean(signedIn),
  };
}

/**
 * Resend, for the signed-in account or for the one whose right password was just given on the
 * login page while its address is unconfirmed: at most 3 in 24 hours per account (then a 429 page
 * saying when), and a looser limit per client address against scripted abuse.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = langParam(params);
  const t = accountText[lang];
  const intent = (await formOrEmpty(request.clone())).get("intent");
  if (intent === "confirm" || intent === "not-me") return linkAction(request, intent, t);
  const pending = await getPendingSession(request, "unverified");
  const user = pending?.user ?? (await requireUser(request, { redirectTo: localizePath(lang, "/dashboard") }));
  const form = await formOrEmpty(request);
  const returnTo = localizePath(
    lang,
    safeRedirectPath(form.get("redirectTo"), pending ? "/client-login" : "/dashboard"),
  );
  const byAddress = await hitRateLimit(
    { name: "verify-resend-ip", limit: 30, windowSeconds: 60 * 60 },
    context.clientAddress,
  );
  const result = byAddress.allowed
    ? await resendVerification(user.id, lang)
    : { status: "limit" as const, retryAfterSeconds: byAddress.retryAfterSeconds };
  if (result.status === "sent")
    return redirectWithToast(returnTo, {
      kind: "success",
      title: t.verificationCard.sentTitle,
      description: t.verificationCard.sentText,
    });
  if (result.status === "already-verified")
    return redirectWithToast(returnTo, {
      kind: "info",
      title: t.verificationCard.verifiedTitle,
      description: t.verificationCard.alreadyVerified,
    });
  const retry = tryAgainText(t, result.retryAfterSeconds);
  return data(
    {
      limit: {
        title: t.verificationCard.limitTitle,
        text: t.verificationCard.limitText,
        retry,
        back: pending ? { to: "/client-login", label: t.verify.toLogin } : { to: "/dashboard", label: t.settings.back },
      },
    },
    { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
  );
}

/** The link's own forms: confirm with the account's password, or "This wasn't me". */
async function linkAction(
  request: Request,
  intent: "confirm" | "not-me",
  t: (typeof accountText)[keyof typeof accountText],
) {
  const form = await formOrEmpty(request);
  const token = form.get("token");
  if (intent === "not-me") {
    const removed = await removeUnconfirmedAccount(token);
    return data<ActionData>({ view: removed ? "removed" : "invalid" }, { status: removed ? 200 : 400 });
  }
  const result = await confirmWithPassword(token, form.get("password"));
  if (result.status === "confirmed") {
    const signedIn = await getUser(request);
    return data<ActionData>({ view: signedIn && signedIn.id !== result.user.id ? "neutral" : "verified" });
  }
  if (result.status === "wrong-password")
    return data<ActionData>({ view: "confirm", passwordError: t.verify.wrongPassword }, { status: 400 });
  if (result.status === "limit")
    return data<ActionData>(
      { view: "confirm", passwordError: tryAgainText(t, result.retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  return data<ActionData>({ view: "invalid" }, { status: 400 });
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;
export const headers = passRetryAfter;

type ActionData = {
  limit?: { title: string; text: string; retry: string; back: { to: string; label: string } };
  view?: View;
  passwordError?: string;
};

export default function VerifyEmail() {
  const { text, view: loadedView, token, signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData() as ActionData | undefined;
  const view = actionData?.view ?? loadedView;
  return (
    <Container className="max-w-xl py-14">
      <h1 className="mb-4 text-2xl font-bold text-navy-900">{text.meta.title}</h1>
      {actionData?.limit ? (
        <>
          <Notice kind="error" title={actionData.limit.title}>
            <p>{actionData.limit.text}</p>
            <p className="mt-1">{actionData.limit.retry}</p>
          </Notice>
          <LocalizedLink to={actionData.limit.back.to} className={buttonClasses("primary", "md", "mt-6")}>
            {actionData.limit.back.label}
          </LocalizedLink>
        </>
      ) : (
        <>
          {view === "confirm" && token ? (
            <ConfirmForms text={text} token={token} passwordError={actionData?.passwordError} />
          ) : view === "removed" ? (
            <Notice kind="success" title={text.removedTitle}>
              {text.removedText}
            </Notice>
          ) : view === "verified" ? (
            <Notice kind="success" title={text.doneTitle}>
              {text.doneText}
            </Notice>
          ) : view === "neutral" ? (
            <Notice kind="success" title={text.doneTitle}>
              {text.neutralText}
            </Notice>
          ) : view === "already" ? (
            <Notice kind="success" title={text.alreadyTitle}>
              {text.alreadyText}
            </Notice>
          ) : (
            <Notice kind="error" title={text.invalidTitle}>
              {text.invalidText}
            </Notice>
          )}
          {view === "confirm" ? null : (
            <LocalizedLink
              to={signedIn ? "/dashboard" : "/client-login"}
              className={buttonClasses("primary", "md", "mt-6")}
            >
              {signedIn ? text.toDashboard : text.toLogin}
            </LocalizedLink>
          )}
        </>
      )}
    </Container>
  );
}

type VerifyText = ReturnType<typeof useLoaderData<typeof loader>>["text"];

/** Confirm with the account's password, or remove the account: two plain POST forms. */
function ConfirmForms({
  text,
  token,
  passwordError,
}: {
  text: VerifyText;
  token: string;
  passwordError: string | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <div className="space-y-8">
      <section aria-labelledby="verify-confirm-heading" className="space-y-4">
        <h2 id="verify-confirm-heading" className="text-lg font-semibold text-navy-900">
          {text.confirmTitle}
        </h2>
        <p className="text-slate-700">{text.confirmText}</p>
        <Form method="post" className="space-y-4">
          <CsrfField />
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="token" value={token} />
          <TextField
            id="verify-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            label={text.passwordLabel}
            errors={passwordError ? [passwordError] : undefined}
          />
          <Button type="submit" pending={sending === "confirm"}>
            {sending === "confirm" ? text.confirming : text.confirm}
          </Button>
        </Form>
      </section>
      <section aria-labelledby="verify-not-me-heading" className="space-y-3 border-t border-slate-200 pt-6">
        <h2 id="verify-not-me-heading" className="text-lg font-semibold text-navy-900">
          {text.notMeTitle}
        </h2>
        <p className="text-slate-700">{text.notMeText}</p>
        <Form method="post">
          <CsrfField />
          <input type="hidden" name="intent" value="not-me" />
          <input type="hidden" name="token" value={token} />
          <Button type="submit" variant="destructive" pending={sending === "not-me"}>
            {sending === "not-me" ? text.removing : text.notMe}
          </Button>
        </Form>
      </section>
    </div>
  );
}

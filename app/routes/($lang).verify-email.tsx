import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LocalizedLink } from "../components/layout/localized-link";
import { buttonClasses } from "../components/ui/button";
import { Notice } from "../components/ui/notice";
import { Container } from "../components/ui/section";
import { isVerifiedThroughUsedLink, resendVerification, verifyEmail } from "../auth/accounts.server";
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

/**
 * The e-mailed link confirms the address (single use, 24 hours) and nothing else: it never signs
 * anyone in or switches the signed-in account. Someone signed in to another account sees a
 * neutral page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const t = accountText[lang];
  const token = new URL(request.url).searchParams.get("token");
  const verified = await verifyEmail(token);
  // Read after verifying: the account's own sessions have just ended; another account's has not.
  const signedIn = await getUser(request);
  const outcome = verified ? "verified" : token !== null && (await isVerifiedThroughUsedLink(token)) ? "already" : "invalid";
  const view = verified && signedIn && signedIn.id !== verified.id ? "neutral" : outcome;
  return { meta: pageHead(request, t.verify.meta), text: t.verify, backLabel: t.settings.back, view, signedIn: Boolean(signedIn) };
}

/**
 * Resend, for the signed-in account or for the one whose right password was just given on the
 * login page while its address is unconfirmed: at most 3 in 24 hours per account (then a 429 page
 * saying when), and a looser limit per client address against scripted abuse.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = langParam(params);
  const t = accountText[lang];
  const pending = await getPendingSession(request, "unverified");
  const user = pending?.user ?? (await requireUser(request, { redirectTo: localizePath(lang, "/dashboard") }));
  const form = await formOrEmpty(request);
  const returnTo = localizePath(lang, safeRedirectPath(form.get("redirectTo"), pending ? "/client-login" : "/dashboard"));
  const byAddress = await hitRateLimit({ name: "verify-resend-ip", limit: 30, windowSeconds: 60 * 60 }, context.clientAddress);
  const result = byAddress.allowed ? await resendVerification(user.id, lang) : { status: "limit" as const, retryAfterSeconds: byAddress.retryAfterSeconds };
  if (result.status === "sent") return redirectWithToast(returnTo, { kind: "success", title: t.verificationCard.sentTitle, description: t.verificationCard.sentText });
  if (result.status === "already-verified") return redirectWithToast(returnTo, { kind: "info", title: t.verificationCard.verifiedTitle, description: t.verificationCard.alreadyVerified });
  const retry = tryAgainText(t, result.retryAfterSeconds);
  return data(
    { limit: { title: t.verificationCard.limitTitle, text: t.verificationCard.limitText, retry, back: pending ? { to: "/client-login", label: t.verify.toLogin } : { to: "/dashboard", label: t.settings.back } } },
    { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
  );
}


// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;
export const headers = passRetryAfter;

type ActionData = { limit: { title: string; text: string; retry: string; back: { to: string; label: string } } };

export default function VerifyEmail() {
  const { text, view, signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData() as ActionData | undefined;
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
          {view === "verified" ? (
            <Notice kind="success" title={text.doneTitle}>
              <p>{text.doneText}</p>
              <p className="mt-2">
                {text.notYouText}{" "}
                <LocalizedLink to="/password-reset" className="font-semibold underline underline-offset-4">
                  {text.notYouLink}
                </LocalizedLink>
              </p>
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
          <LocalizedLink to={signedIn ? "/dashboard" : "/client-login"} className={buttonClasses("primary", "md", "mt-6")}>
            {signedIn ? text.toDashboard : text.toLogin}
          </LocalizedLink>
        </>
      )}
    </Container>
  );
}

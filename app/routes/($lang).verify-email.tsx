import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LocalizedLink } from "../components/layout/localized-link";
import { buttonClasses } from "../components/ui/button";
import { Notice } from "../components/ui/notice";
import { Container } from "../components/ui/section";
import { isVerifiedThroughUsedLink, resendVerification, verifyEmail } from "../auth/accounts.server";
import { createUserSession, requireUser, safeRedirect } from "../auth/session.server";
import { accountText, tryAgainText } from "../content/accounts.server";
import { localizePath } from "../i18n/lang";
import { formOrEmpty, langParam } from "../utils/http.server";
import { metaFromLoader } from "../utils/meta";
import { hitRateLimit } from "../utils/rate-limit.server";
import { redirectWithToast } from "../utils/toast.server";
import { resilientClientAction } from "../utils/submission-client-action";

// After a submission that never got through, nothing is re-read (app/utils/submit-failure.ts).
export { shouldRevalidate } from "../utils/submit-failure";

/** The e-mailed link: confirms the address (single use, 24 hours) and signs the visitor in. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const t = accountText[lang];
  const token = new URL(request.url).searchParams.get("token");
  const user = await verifyEmail(token);
  if (user) {
    return createUserSession({ user, redirectTo: localizePath(lang, "/dashboard"), toast: { kind: "success", title: t.verify.doneTitle, description: t.verify.doneText } });
  }
  return { meta: t.verify.meta, text: t.verify, backLabel: t.settings.back, alreadyVerified: token !== null && (await isVerifiedThroughUsedLink(token)) };
}

/**
 * Resend: at most 3 in 24 hours per user (then a 429 page saying when), and a looser limit per
 * address against scripted abuse. Success goes back to the dashboard with a notice.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = langParam(params);
  const t = accountText[lang];
  const user = await requireUser(request, { redirectTo: localizePath(lang, "/dashboard") });
  const form = await formOrEmpty(request);
  const returnTo = localizePath(lang, safeRedirect(form.get("redirectTo"), "/dashboard"));
  const byAddress = await hitRateLimit({ name: "verify-resend-ip", limit: 30, windowSeconds: 60 * 60 }, context.clientAddress);
  const result = byAddress.allowed ? await resendVerification(user.id, lang) : { status: "limit" as const, retryAfterSeconds: byAddress.retryAfterSeconds };
  if (result.status === "sent") return redirectWithToast(returnTo, { kind: "success", title: t.verificationCard.sentTitle, description: t.verificationCard.sentText });
  if (result.status === "already-verified") return redirectWithToast(returnTo, { kind: "info", title: t.verificationCard.verifiedTitle, description: t.verificationCard.alreadyVerified });
  const retry = tryAgainText(t, result.retryAfterSeconds);
  return data({ limit: { title: t.verificationCard.limitTitle, text: t.verificationCard.limitText, retry } }, { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } });
}


// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;

type ActionData = { limit: { title: string; text: string; retry: string } };

export default function VerifyEmail() {
  const { text, backLabel, alreadyVerified } = useLoaderData<typeof loader>();
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
          <LocalizedLink to="/dashboard" className={buttonClasses("primary", "md", "mt-6")}>
            {backLabel}
          </LocalizedLink>
        </>
      ) : (
        <>
          {alreadyVerified ? (
            <Notice kind="success" title={text.alreadyTitle}>
              {text.alreadyText}
            </Notice>
          ) : (
            <Notice kind="error" title={text.invalidTitle}>
              {text.invalidText}
            </Notice>
          )}
          <LocalizedLink to="/client-login" className={buttonClasses("primary", "md", "mt-6")}>
            {text.toLogin}
          </LocalizedLink>
        </>
      )}
    </Container>
  );
}

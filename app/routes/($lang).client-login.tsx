import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LoginForm, RegisterForm, UnverifiedNotice } from "../components/account/login-forms";
import { LocalizedLink } from "../components/layout/localized-link";
import { Card } from "../components/ui/card";
import { Container } from "../components/ui/section";
import { registerVisitor } from "../auth/register.server";
import { attemptLogin } from "../auth/login.server";
import { createUserSession, getPendingSession, getUser } from "../auth/session.server";
import { accountText } from "../content/accounts.server";
import { fill } from "../i18n/fill";
import { localizePath } from "../i18n/lang";
import { pageHead } from "../seo/page-head.server";
import { cn } from "../utils/cn";
import { formOrEmpty, langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { safeRedirectPath } from "../utils/safe-redirect";
import { passRetryAfter } from "../utils/retry-after";
import { redirectWithToast } from "../forms/toast.server";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "");
  // A signed-in visitor has nothing to do here.
  if (await getUser(request)) throw redirect(redirectTo || localizePath(lang, "/"));
  const t = accountText[lang];
  // The right password for an address not confirmed yet: say so and offer a new link.
  const unverified = await getPendingSession(request, "unverified");
  return {
    meta: pageHead(request, t.login.meta),
    tab: url.searchParams.get("tab") === "register" ? ("register" as const) : ("login" as const),
    redirectTo,
    unverified: unverified && {
      title: t.login.unverifiedTitle,
      text: fill(t.login.unverifiedText, { email: "\u2068" + unverified.user.email + "\u2069" }),
      resend: t.verificationCard.resend,
      resending: t.verificationCard.resending,
    },
    text: { login: t.login, fields: t.fields, hints: t.hints, errorTitle: t.errorTitle },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = langParam(params);
  const t = accountText[lang];
  const intent = (await formOrEmpty(request.clone())).get("intent");
  if (intent === "register") {
    const result = await registerVisitor(request, { clientAddress: context.clientAddress, lang });
    if (result.kind === "ok") {
      // Same answer whether the address was new or already registered (no account enumeration).
      const back = safeRedirectPath(result.redirectTo, "");
      return redirectWithToast(
        localizePath(lang, "/client-login") + (back ? `?redirectTo=${encodeURIComponent(back)}` : ""),
        {
          kind: "success",
          title: t.login.registeredTitle,
          description: t.login.registered,
        },
      );
    }
    const headers = result.kind === "throttled" ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data(
      { intent: "register" as const, reply: result.reply },
      { status: result.kind === "throttled" ? 429 : 400, headers },
    );
  }
  const result = await attemptLogin(request, { clientAddress: context.clientAddress, lang });
  if (result.kind === "ok") {
    const start = { user: result.user, request, clientAddress: context.clientAddress };
    const back = safeRedirectPath(result.redirectTo, "");
    if (result.next === "second-factor") {
      return createUserSession({
        ...start,
        stage: "second-factor",
        redirectTo:
          localizePath(lang, "/client-login/two-factor") + (back ? `?redirectTo=${encodeURIComponent(back)}` : ""),
      });
    }
    if (result.next === "unverified") {
      return createUserSession({
        ...start,
        stage: "unverified",
        redirectTo: localizePath(lang, "/client-login") + (back ? `?redirectTo=${encodeURIComponent(back)}` : ""),
      });
    }
    return createUserSession({
      ...start,
      redirectTo: back || localizePath(lang, "/dashboard"),
      toast: { kind: "success", title: t.login.successTitle, description: t.login.success },
    });
  }
  const headers = result.kind === "throttled" ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
  return data(
    { intent: "login" as const, reply: result.reply },
    { status: result.kind === "throttled" ? 429 : 400, headers },
  );
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;
export const headers = passRetryAfter;

type ActionData = { intent: "login" | "register"; reply: SubmissionResult<string[]> };

export default function ClientLogin() {
  const loaded = useLoaderData<typeof loader>();
  const { redirectTo, text } = loaded;
  // `data()` with status codes: typed by hand (the single-fetch types are not switched on).
  const actionData = useActionData() as ActionData | undefined;
  // A form answered with errors stays on its own tab, whatever the URL says.
  const tab = actionData?.intent ?? loaded.tab;
  const query = (to: "login" | "register") => {
    const params = new URLSearchParams();
    if (to === "register") params.set("tab", "register");
    if (redirectTo) params.set("redirectTo", redirectTo);
    const search = params.toString();
    return `/client-login${search ? `?${search}` : ""}`;
  };
  return (
    <Container className="py-10 sm:py-14">
      <div className="mx-auto grid max-w-5xl gap-8 lg:grid-cols-[1fr_20rem]">
        <div>
          <h1 className="text-3xl font-bold text-navy-900">{text.login.title}</h1>
          <p className="mt-2 text-slate-700">{text.login.intro}</p>
          <Card className="mt-6 p-0">
            {/* Tabs are links: each one is its own page, so they work without JavaScript. */}
            <nav aria-label={text.login.tabsLabel} className="grid grid-cols-2 border-b border-slate-200">
              {(["login", "register"] as const).map((name) => (
                <LocalizedLink
                  key={name}
                  to={query(name)}
                  replace
                  preventScrollReset
                  aria-current={tab === name ? "page" : undefined}
                  className={cn(
                    "flex min-h-12 items-center justify-center border-b-2 px-4 text-base font-semibold",
                    tab === name
                      ? "border-amber-500 text-navy-900"
                      : "border-transparent text-slate-600 hover:text-navy-900",
                  )}
                >
                  {name === "login" ? text.login.loginTab : text.login.registerTab}
                </LocalizedLink>
              ))}
            </nav>
            <div className="p-5 sm:p-6">
              {loaded.unverified && tab === "login" ? (
                <UnverifiedNotice notice={loaded.unverified} redirectTo={redirectTo} />
              ) : null}
              {tab === "login" ? (
                <LoginForm
                  text={text}
                  redirectTo={redirectTo}
                  lastResult={actionData?.intent === "login" ? actionData.reply : undefined}
                />
              ) : (
                <RegisterForm
                  text={text}
                  redirectTo={redirectTo}
                  lastResult={actionData?.intent === "register" ? actionData.reply : undefined}
                />
              )}
            </div>
          </Card>
        </div>
        <aside className="space-y-4 lg:pt-20">
          {text.login.cards.map((card) => (
            <Card key={card.title}>
              <h2 className="text-lg font-semibold text-navy-900">{card.title}</h2>
              <p className="mt-1 text-sm text-slate-700">{card.text}</p>
            </Card>
          ))}
        </aside>
      </div>
    </Container>
  );
}

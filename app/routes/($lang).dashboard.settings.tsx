import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { NameForm, PasswordForm, SessionList } from "../components/account/settings-forms";
import { CloseAccountForm, DataExportCard } from "../components/privacy/privacy-settings";
import { LocalizedLink } from "../components/layout/localized-link";
import { buttonClasses } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Container } from "../components/ui/section";
import { changePassword, updateFullName } from "../auth/accounts.server";
import { changePasswordSchema, nameSchema } from "../auth/schemas.server";
import { describeDevice } from "../auth/devices.server";
import {
  createUserSession,
  endOtherSessions,
  endSession,
  getSessionId,
  listSessions,
  logout,
  requireUser,
} from "../auth/session.server";
import { accountText, tryAgainText } from "../content/accounts.server";
import { privacyText } from "../content/privacy.server";
import { visitorConversationId } from "../assistant/assistant.server";
import { closeAccount } from "../privacy/account-closure.server";
import { latestExport, requestDataExport } from "../privacy/data-export.server";
import { fill } from "../i18n/fill";
import { formatDateTime } from "../i18n/format";
import { localizePath } from "../i18n/lang";
import { pageHead } from "../seo/page-head.server";
import { formOrEmpty, langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { passRetryAfter } from "../utils/retry-after";
import { hitRateLimit } from "../http/rate-limit.server";
import { redirectWithToast } from "../forms/toast.server";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const user = await requireUser(request);
  const t = accountText[lang];
  const [rows, currentId, latest] = await Promise.all([
    listSessions(user.id),
    getSessionId(request),
    latestExport(user.id),
  ]);
  const p = privacyText[lang];
  const sessions = rows.map((row) => ({
    id: row.id,
    current: row.id === currentId,
    device: describeDevice(row.userAgent, lang, t.settings.deviceOn) ?? t.settings.unknownDevice,
    address: row.clientAddress,
    lastActive: fill(t.settings.lastActive, { date: formatDateTime(row.lastSeenAt, lang) }),
    signedIn: fill(t.settings.signedInAt, { date: formatDateTime(row.createdAt, lang) }),
  }));
  return {
    meta: pageHead(request, t.settings.meta),
    fullName: user.fullName ?? "",
    email: user.email,
    backTo: user.role === "client" ? "/dashboard" : "/admin",
    twoFactorEnabled: user.twoFactorEnabled,
    sessions,
    text: {
      settings: t.settings,
      fields: t.fields,
      hints: t.hints,
      errorTitle: t.errorTitle,
      export: p.export,
      closure: p.closure,
    },
    dataExport: latest
      ? {
          id: latest.id,
          status: latest.status,
          note:
            latest.status === "ready"
              ? fill(p.export.ready, {
                  size: `${Math.max(1, Math.round((latest.sizeBytes ?? 0) / 1024))} KB`,
                  date: formatDateTime(latest.expiresAt ?? new Date(), lang),
                })
              : latest.status === "queued"
                ? p.export.queued
                : p.export.failed,
        }
      : null,
    canClose: user.role === "client",
  };
}

type ActionData = { intent: "name" | "password" | "close-account"; reply: SubmissionResult<string[]> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = langParam(params);
  const user = await requireUser(request);
  const t = accountText[lang];
  const form = await formOrEmpty(request);
  const here = localizePath(lang, "/dashboard/settings");
  const intent = form.get("intent");

  if (intent === "end-session") {
    const sessionId = form.get("sessionId");
    const current = await getSessionId(request);
    // This browser's own row: the same as signing out.
    if (sessionId === current)
      return logout(request, { toast: { kind: "info", title: t.logout.title, description: t.logout.text } });
    if (typeof sessionId === "string") await endSession(user.id, sessionId);
    return redirectWithToast(here, {
      kind: "success",
      title: t.settings.sessionEndedTitle,
      description: t.settings.sessionEnded,
    });
  }
  if (intent === "end-others") {
    await endOtherSessions(user.id, await getSessionId(request));
    return redirectWithToast(here, {
      kind: "success",
      title: t.settings.sessionEndedTitle,
      description: t.settings.othersEnded,
    });
  }

  if (intent === "export") {
    const latest = await requestDataExport(user, {
      lang,
      conversationId: await visitorConversationId(request),
      clientAddress: context.clientAddress,
    });
    const ready = latest?.status === "ready";
    return redirectWithToast(`${here}#download-my-data`, {
      kind: "success",
      title: ready ? privacyText[lang].export.readyTitle : privacyText[lang].export.requestedTitle,
      description: ready ? privacyText[lang].export.readyNow : privacyText[lang].export.requested,
    });
  }

  if (intent === "close-account") {
    const p = privacyText[lang].closure;
    const result = await closeAccount(
      user,
      { password: form.get("password"), code: form.get("code") },
      { lang, clientAddress: context.clientAddress },
    );
    if (result.ok) return logout(request, { toast: { kind: "info", title: p.closedTitle, description: p.closed } });
    // Passwords and codes are never sent back: the reply carries only the errors.
    const refusal = (fieldErrors: Record<string, string[]>, formErrors: string[] = [], status = 400) =>
      data<ActionData>(
        {
          intent: "close-account",
          reply: {
            status: "error",
            initialValue: {},
            error: { ...fieldErrors, ...(formErrors.length ? { "": formErrors } : {}) },
          } satisfies SubmissionResult<string[]>,
        },
        { status },
      );
    switch (result.reason) {
      case "password-required":
        return refusal({ password: [p.passwordRequired] });
      case "wrong-password":
        return refusal({ password: [p.wrongPassword] });
      case "code-required":
        return refusal({ code: [p.codeRequired] });
      case "wrong-code":
        return refusal({ code: [p.wrongCode] });
      case "throttled":
        return refusal(
          {},
          [fill(p.tooMany, { minutes: String(Math.max(1, Math.ceil(result.retryAfterSeconds / 60))) })],
          429,
        );
      case "open-cases":
        return refusal(
          {},
          [fill(result.orders.length === 1 ? p.openCases : p.openCasesMany, { orders: result.orders.join(", ") })],
          409,
        );
      case "refund-pending":
        return refusal({}, [p.refundPending], 409);
      case "not-client":
        return refusal({}, [p.intro], 403);
    }
  }

  if (intent === "password") {
    const hideFields = ["currentPassword", "password", "confirmPassword"];
    const submission = parseWithZod(form, { schema: changePasswordSchema(t) });
    if (submission.status !== "success")
      return data<ActionData>({ intent: "password", reply: submission.reply({ hideFields }) }, { status: 400 });
    // Wrong current passwords count like failed sign-ins: this form must not become a guessing oracle.
    const limit = await hitRateLimit({ name: "password-change", limit: 10, windowSeconds: 15 * 60 }, user.id);
    if (!limit.allowed) {
      const reply = submission.reply({ formErrors: [tryAgainText(t, limit.retryAfterSeconds)], hideFields });
      return data<ActionData>(
        { intent: "password", reply },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    const result = await changePassword(user.id, submission.value.currentPassword, submission.value.password, { lang });
    if (!result.ok) {
      const fieldErrors: Record<string, string[]> =
        result.reason === "wrong-password"
          ? { currentPassword: [t.validation.currentPasswordWrong] }
          : { password: [t.validation.samePassword] };
      return data<ActionData>(
        { intent: "password", reply: submission.reply({ fieldErrors, hideFields }) },
        { status: 400 },
      );
    }
    // Every session ended, this one too (a copy of its cookie dies with it); this browser continues in a new one.
    return createUserSession({
      user: result.user,
      request,
      clientAddress: context.clientAddress,
      redirectTo: here,
      toast: { kind: "success", title: t.settings.passwordChangedTitle, description: t.settings.passwordChanged },
    });
  }

  const submission = parseWithZod(form, { schema: nameSchema(t) });
  if (submission.status !== "success")
    return data<ActionData>({ intent: "name", reply: submission.reply() }, { status: 400 });
  await updateFullName(user.id, submission.value.name, lang);
  return redirectWithToast(here, {
    kind: "success",
    title: t.settings.nameSavedTitle,
    description: t.settings.nameSaved,
  });
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;
export const headers = passRetryAfter;

export default function Settings() {
  const { text, fullName, email, backTo, sessions, twoFactorEnabled, dataExport, canClose } =
    useLoaderData<typeof loader>();
  const actionData = useActionData() as ActionData | undefined;
  return (
    <Container className="max-w-2xl space-y-6 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-navy-900">{text.settings.title}</h1>
        <LocalizedLink
          to={backTo}
          className="text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
        >
          {text.settings.back}
        </LocalizedLink>
      </div>
      <NameForm
        text={text}
        fullName={fullName}
        email={email}
        lastResult={actionData?.intent === "name" ? actionData.reply : undefined}
      />
      <PasswordForm
        text={text}
        email={email}
        lastResult={actionData?.intent === "password" ? actionData.reply : undefined}
      />
      <Card>
        <h2 className="text-xl font-semibold text-navy-900">{text.settings.twoFactorHeading}</h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="two-factor-status">
          {twoFactorEnabled ? text.settings.twoFactorOn : text.settings.twoFactorOff}
        </p>
        <LocalizedLink to="/dashboard/settings/two-factor" className={buttonClasses("secondary", "sm", "mt-4")}>
          {twoFactorEnabled ? text.settings.twoFactorManage : text.settings.twoFactorSetUp}
        </LocalizedLink>
      </Card>
      <SessionList text={text} sessions={sessions} />
      <DataExportCard text={text.export} dataExport={dataExport} />
      {canClose ? (
        <CloseAccountForm
          text={text}
          email={email}
          twoFactorEnabled={twoFactorEnabled}
          lastResult={actionData?.intent === "close-account" ? actionData.reply : undefined}
        />
      ) : null}
    </Container>
  );
}

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmWithCode, Enrol, RecoveryCodes, type TwoFactorIntent } from "../components/account/two-factor-panels";
import { LocalizedLink } from "../components/layout/localized-link";
import { Notice } from "../components/ui/notice";
import { Container } from "../components/ui/section";
import { requiresTwoFactor } from "../auth/roles";
import { secondFactorSchema } from "../auth/schemas.server";
import { endOtherSessions, getSessionId, requireUser } from "../auth/session.server";
import {
  beginEnrolment,
  confirmEnrolment,
  parseSecondFactorInput,
  renewRecoveryCodes,
  turnOffTwoFactor,
  unusedRecoveryCodes,
  type LimitedCodeResult,
} from "../auth/two-factor.server";
import { findUserById } from "../auth/accounts.server";
import { accountText, tryAgainText, type AccountText } from "../content/accounts.server";
import { fill } from "../i18n/fill";
import { formatDate } from "../i18n/format";
import { localizePath } from "../i18n/lang";
import { pageHead } from "../seo/page-head.server";
import { formOrEmpty, langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { passRetryAfter } from "../utils/retry-after";
import { redirectWithToast } from "../forms/toast.server";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

/**
 * Two-factor sign-in: enrolment (QR code drawn on the server and the key as text, switched on by
 * one right code), then its state, new recovery codes, and for clients switching it off. Staff
 * accounts without it are sent here before any other signed-in page (requireUser).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const user = await requireUser(request, { allowWithoutTwoFactor: true });
  const t = accountText[lang];
  const required = requiresTwoFactor(user.role);
  const base = {
    meta: pageHead(request, t.twoFactor.meta),
    required,
    backTo: required && !user.twoFactorEnabled ? null : "/dashboard/settings",
    text: { ...t.twoFactor, errorTitle: t.errorTitle },
  };
  if (!user.twoFactorEnabled) {
    const { secret, qrSvgDataUrl } = await beginEnrolment(user);
    return {
      ...base,
      state: "enrol" as const,
      enrolment: { secret: secret.replace(/(.{4})/g, "$1 ").trim(), qrSvgDataUrl },
      status: null,
    };
  }
  const full = await findUserById(user.id);
  const status = fill(t.twoFactor.enabledText, {
    date: formatDate(full?.totpEnabledAt ?? new Date(), lang),
    count: await unusedRecoveryCodes(user.id),
  });
  return { ...base, state: "enabled" as const, enrolment: null, status };
}

type Intent = TwoFactorIntent;
type ActionData = { intent: Intent; reply: SubmissionResult<string[]>; recoveryCodes?: string[] };

function refused(
  intent: Intent,
  reply: (options: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    hideFields: string[];
  }) => SubmissionResult<string[]>,
  outcome: LimitedCodeResult,
  t: AccountText,
) {
  const hideFields = ["code"];
  if (outcome.result === "throttled") {
    return data<ActionData>(
      { intent, reply: reply({ formErrors: [tryAgainText(t, outcome.retryAfterSeconds)], hideFields }) },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  const message = outcome.result === "used" ? t.twoFactor.codeUsed : t.twoFactor.codeWrong;
  return data<ActionData>({ intent, reply: reply({ fieldErrors: { code: [message] }, hideFields }) }, { status: 400 });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = langParam(params);
  const user = await requireUser(request, { allowWithoutTwoFactor: true });
  const t = accountText[lang];
  const form = await formOrEmpty(request);
  const intentValue = form.get("intent");
  const intent: Intent = intentValue === "renew" || intentValue === "disable" ? intentValue : "enable";
  // Recovery codes may confirm a change only once two-factor sign-in is on.
  const submission = parseWithZod(form, { schema: secondFactorSchema(t, { recovery: intent !== "enable" }) });
  if (submission.status !== "success")
    return data<ActionData>({ intent, reply: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
  const input = parseSecondFactorInput(submission.value.code);
  const reply = submission.reply.bind(submission);

  if (intent === "enable") {
    if (user.twoFactorEnabled)
      return redirectWithToast(localizePath(lang, "/dashboard/settings/two-factor"), {
        kind: "info",
        title: t.twoFactor.enabledTitle,
        description: t.settings.twoFactorOn,
      });
    const outcome = await confirmEnrolment(user.id, input, context.clientAddress);
    if (outcome.result !== "ok") return refused(intent, reply, outcome, t);
    // Browsers signed in with the password alone are signed out; this one goes on.
    await endOtherSessions(user.id, await getSessionId(request));
    return data<ActionData>({
      intent,
      reply: submission.reply({ resetForm: true }),
      recoveryCodes: outcome.recoveryCodes,
    });
  }
  if (!user.twoFactorEnabled)
    return redirectWithToast(localizePath(lang, "/dashboard/settings/two-factor"), {
      kind: "info",
      title: t.twoFactor.title,
      description: t.settings.twoFactorOff,
    });
  if (intent === "renew") {
    const outcome = await renewRecoveryCodes(user.id, input, context.clientAddress);
    if (outcome.result !== "ok") return refused(intent, reply, outcome, t);
    return data<ActionData>({
      intent,
      reply: submission.reply({ resetForm: true }),
      recoveryCodes: outcome.recoveryCodes,
    });
  }
  // Staff accounts keep it on.
  if (requiresTwoFactor(user.role))
    return data<ActionData>(
      { intent, reply: submission.reply({ formErrors: [t.twoFactor.requiredNote], hideFields: ["code"] }) },
      { status: 403 },
    );
  const outcome = await turnOffTwoFactor(user.id, input, context.clientAddress);
  if (outcome.result !== "ok") return refused(intent, reply, outcome, t);
  return redirectWithToast(localizePath(lang, "/dashboard/settings"), {
    kind: "success",
    title: t.twoFactor.disabledTitle,
    description: t.twoFactor.disabled,
  });
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;
export const headers = passRetryAfter;

export default function TwoFactorSettings() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData() as ActionData | undefined;
  const { text } = loaded;
  return (
    <Container className="max-w-2xl space-y-6 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-navy-900">{text.title}</h1>
        {loaded.backTo && !actionData?.recoveryCodes ? (
          <LocalizedLink
            to={loaded.backTo}
            className="text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
          >
            {text.back}
          </LocalizedLink>
        ) : null}
      </div>
      {actionData?.recoveryCodes ? (
        <RecoveryCodes text={text} codes={actionData.recoveryCodes} />
      ) : loaded.state === "enrol" && loaded.enrolment ? (
        <Enrol
          text={text}
          required={loaded.required}
          enrolment={loaded.enrolment}
          lastResult={actionData?.intent === "enable" ? actionData.reply : undefined}
        />
      ) : (
        <>
          <Notice kind="success" title={text.enabledTitle}>
            <p data-testid="two-factor-enabled">{loaded.status}</p>
            {loaded.required ? <p className="mt-1">{text.requiredNote}</p> : null}
          </Notice>
          <ConfirmWithCode
            id="renew-codes-form"
            intent="renew"
            heading={text.renewHeading}
            intro={text.renewIntro}
            submit={text.renew}
            text={text}
            lastResult={actionData?.intent === "renew" ? actionData.reply : undefined}
          />
          {loaded.required ? null : (
            <ConfirmWithCode
              id="disable-form"
              intent="disable"
              heading={text.disableHeading}
              intro={text.disableIntro}
              submit={text.disable}
              text={text}
              lastResult={actionData?.intent === "disable" ? actionData.reply : undefined}
            />
          )}
        </>
      )}
    </Container>
  );
}

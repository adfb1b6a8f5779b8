import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountForm, EmailField, FullNameField, useSubmittingIntent } from "../components/account/account-form";
import { NewPasswordFields } from "../components/account/new-password-fields";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Container } from "../components/ui/section";
import { canSetUpAdmin, setUpFirstAdmin } from "../auth/admin-setup.server";
import { setupSchema } from "../auth/schemas.server";
import { createUserSession, TWO_FACTOR_SETUP_PATH } from "../auth/session.server";
import { accountText } from "../content/accounts.server";
import { localizePath } from "../i18n/lang";
import { pageHead } from "../seo/page-head.server";
import { formOrEmpty, langParam, notFound } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

/** First-admin set-up through the link printed at start; a 404 once an admin exists or without a valid token. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const token = new URL(request.url).searchParams.get("token");
  if (!(await canSetUpAdmin(token))) notFound();
  const t = accountText[lang];
  return {
    meta: pageHead(request, t.setup.meta),
    token: token!,
    text: { setup: t.setup, fields: t.fields, hints: t.hints, errorTitle: t.errorTitle },
  };
}

type ActionData = { reply: SubmissionResult<string[]> };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = langParam(params);
  const t = accountText[lang];
  const form = await formOrEmpty(request);
  if (!(await canSetUpAdmin(form.get("token")))) notFound();
  const submission = parseWithZod(form, { schema: setupSchema(t) });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success")
    return data<ActionData>({ reply: submission.reply({ hideFields }) }, { status: 400 });
  const user = await setUpFirstAdmin(submission.value);
  if (!user) notFound();
  // Signed in, and taken straight to setting up two-factor sign-in, which every admin page requires.
  return createUserSession({
    user,
    request,
    clientAddress: context.clientAddress,
    redirectTo: localizePath(lang, TWO_FACTOR_SETUP_PATH),
    toast: { kind: "success", title: t.setup.doneTitle, description: t.setup.doneText },
  });
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;

export default function Setup() {
  const { token, text } = useLoaderData<typeof loader>();
  const actionData = useActionData() as ActionData | undefined;
  const [form, fields] = useForm<{ name: string; email: string; password: string; confirmPassword: string }>({
    id: "setup-form",
    lastResult: actionData?.reply,
  });
  const pending = useSubmittingIntent();
  return (
    <Container className="max-w-xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-navy-900">{text.setup.title}</h1>
      <p className="mt-2 text-slate-700">{text.setup.intro}</p>
      <Card className="mt-6">
        <AccountForm id={form.id} errorTitle={text.errorTitle} errors={form.errors} hidden={{ token }}>
          <FullNameField id="setup-name" label={text.fields.name} field={fields.name} />
          <EmailField id="setup-email" label={text.fields.email} field={fields.email} />
          <NewPasswordFields
            idPrefix="setup"
            labels={{ password: text.fields.password, confirmPassword: text.fields.confirmPassword }}
            hint={text.hints.newPassword}
            errors={{ password: fields.password.errors, confirmPassword: fields.confirmPassword.errors }}
          />
          <Button type="submit" pending={pending}>
            {pending ? text.setup.submitting : text.setup.submit}
          </Button>
        </AccountForm>
      </Card>
    </Container>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionAnswer } from "../components/forms/use-resilient-form";
import { RequestWizard } from "../components/request-check/request-wizard";
import { requestCheckContent } from "../content/request-check.server";
import { loadWizard, wizardAction, type WizardPage } from "../request-check/request-check.server";
import { pageHead } from "../seo/page-head.server";
import { langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const text = requestCheckContent(lang);
  return { meta: pageHead(request, text.meta), text, wizard: await loadWizard(request) };
}

export function action({ request, context, params }: ActionFunctionArgs) {
  return wizardAction(request, context, langParam(params));
}

export const clientAction = resilientClientAction();

export const headers = () => ({ "Cache-Control": "private, no-store" });
export const meta = metaFromLoader;

export default function RequestCheckPage() {
  const { text, wizard } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<WizardPage>();
  return <RequestWizard text={text} page={answer ?? wizard} />;
}

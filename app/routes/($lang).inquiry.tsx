import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { localizePath } from "../i18n/lang";
import { inquiryAction } from "../inquiries/inquiry-action.server";
import { langParam } from "../http/http.server";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

// The one action of the inquiry form on every page. A GET (a bookmarked or typed address) goes
// to the contact page, which has the form.
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(localizePath(langParam(params), "/contact#inquiry-form"));
}

export function action({ request, context, params }: ActionFunctionArgs) {
  langParam(params);
  return inquiryAction(request, context);
}

// With JavaScript: a dropped or timed-out request leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();

export default function InquiryRoute() {
  return null;
}

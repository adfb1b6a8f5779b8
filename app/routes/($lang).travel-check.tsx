import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { localizePath } from "../i18n/lang";
import { travelCheckAction } from "../inquiries/travel-check.server";
import { langParam } from "../http/http.server";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

// The travel-ban check form's action. A GET goes to the page with the form open.
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(localizePath(langParam(params), "/ban-checks/travel-ban-check?check=1#check"));
}

export function action({ request, context, params }: ActionFunctionArgs) {
  langParam(params);
  return travelCheckAction(request, context);
}

// With JavaScript: a dropped or timed-out request leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();

export default function TravelCheckRoute() {
  return null;
}

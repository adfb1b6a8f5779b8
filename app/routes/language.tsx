import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isLang, localizePath } from "../i18n/lang";
import { langCookieHeader, requestLang } from "../i18n/lang-cookie.server";
import { safeRedirectPath } from "../utils/safe-redirect";
import { formOrEmpty } from "../http/http.server";

// Remembers the visitor's language choice (the dismiss button of the language suggestion) and
// goes back to the page, a same-site path. Anything else a browser sends goes home, never a 500.
export async function action({ request }: ActionFunctionArgs) {
  const form = await formOrEmpty(request);
  const chosen = form.get("lang");
  const lang = isLang(chosen) ? chosen : requestLang(request);
  const back = safeRedirectPath(form.get("redirectTo"), localizePath(lang, "/"));
  const headers = new Headers();
  if (isLang(chosen)) headers.append("Set-Cookie", langCookieHeader(chosen));
  return redirect(back, { status: 303, headers });
}

export function loader({ request }: LoaderFunctionArgs) {
  return redirect(localizePath(requestLang(request), "/"), { status: 303 });
}

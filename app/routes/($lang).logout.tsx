import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { logout } from "../auth/session.server";
import { accountText } from "../content/accounts.server";
import { localizePath } from "../i18n/lang";
import { langParam } from "../http/http.server";

// Signing out is a POST from the Sign Out buttons; back to the home page.
export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const t = accountText[lang].logout;
  return logout(request, {
    redirectTo: localizePath(lang, "/"),
    toast: { kind: "info", title: t.title, description: t.text },
  });
}

// A GET (a typed or prefetched URL) never signs anyone out.
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(localizePath(langParam(params), "/"));
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { arabicNotFoundRedirect } from "../i18n/lang-cookie.server";
import { langParam } from "../utils/http.server";

// After a submission that never got through, nothing is re-read (app/utils/submit-failure.ts).
export { shouldRevalidate } from "../utils/submit-failure";

// Every page lives under an optional language segment: "/about" (English) and "/ar/about"
// (Arabic). Any other first segment that reaches here is not a page (404; in Arabic for a
// visitor who chose Arabic).
export function loader({ params, request }: LoaderFunctionArgs) {
  if (params.lang !== undefined && params.lang !== "ar") arabicNotFoundRedirect(request);
  langParam(params);
  return null;
}

export default function LanguageLayout() {
  return <Outlet />;
}

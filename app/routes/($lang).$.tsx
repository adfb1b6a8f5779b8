import type { LoaderFunctionArgs } from "@remix-run/node";
import { arabicNotFoundRedirect } from "../i18n/lang-cookie.server";
import { notFound } from "../http/http.server";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

// Any path no other route matches: the not-found page, with status 404 (in Arabic, under /ar, for
// a visitor who chose Arabic and followed an address without the prefix).
export function loader({ request }: LoaderFunctionArgs): never {
  arabicNotFoundRedirect(request);
  notFound();
}

export default function NotFoundRoute() {
  return null;
}

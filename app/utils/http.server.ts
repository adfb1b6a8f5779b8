import { data } from "@remix-run/node";
import { isLang, type Lang } from "../i18n/lang";

/** Throws a 404 that renders the site's not-found page. */
export function notFound(): never {
  // Remix renders a thrown response with the nearest error boundary.
  throw data(null, { status: 404 });
}

/** The language of a localised route: `($lang)` is absent (English) or "ar"; anything else is not a page. */
export function langParam(params: { lang?: string | undefined }): Lang {
  if (params.lang === undefined) return "en";
  if (params.lang === "ar" && isLang(params.lang)) return "ar";
  notFound();
}

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

/** The posted form, or null when the body is not a form (a text/plain post, a broken multipart body). */
export async function readForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/**
 * The posted form, or an empty one when the body is not a form: the action then answers with its
 * field errors, as for a form sent empty (never a 500 for what a browser can send).
 */
export async function formOrEmpty(request: Request): Promise<FormData> {
  return (await readForm(request)) ?? new FormData();
}

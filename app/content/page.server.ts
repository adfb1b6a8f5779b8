import type { Lang } from "../i18n/lang";
import { langParam } from "../utils/http.server";
import type { PageContent } from "./types";

export type PageSource = Record<Lang, PageContent> | ((lang: Lang) => PageContent);

/**
 * The loader data of a content page: its metadata and sections in the URL's language (a 404 for
 * an unknown language segment). Content modules are `.server.ts` files, so neither language's
 * text nor the catalogue reaches the browser bundle; the page gets only its own language.
 */
export function loadPage(source: PageSource, params: { lang?: string | undefined }) {
  const lang = langParam(params);
  const page = typeof source === "function" ? source(lang) : source[lang];
  return { lang, meta: page.meta, sections: page.sections };
}

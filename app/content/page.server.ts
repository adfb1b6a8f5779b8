import type { Lang } from "../i18n/lang";
import { pageUiStrings } from "../i18n/ui.server";
import { pageHead } from "../seo/page-head.server";
import { siteConfig } from "../site-config.server";
import { langParam } from "../http/http.server";
import type { SiteConfig } from "../root-data";
import type { PageContent } from "./types";

/** Content that depends on configuration (phone, e-mail, site name and address) is a function of it. */
export type PageSource = Record<Lang, PageContent> | ((lang: Lang, site: SiteConfig) => PageContent);

/**
 * The loader data of a content page: its head (app/seo/page-head.server.ts) and sections in the
 * URL's language (a 404 for an unknown language segment). Content modules are `.server.ts` files,
 * so neither language's text nor the catalogue reaches the browser bundle; the page gets only its
 * own language.
 */
export function loadPage(
  source: PageSource,
  { params, request }: { params: { lang?: string | undefined }; request: Request },
) {
  const lang = langParam(params);
  const page = typeof source === "function" ? source(lang, siteConfig(lang)) : source[lang];
  return {
    lang,
    meta: pageHead(request, page.meta),
    sections: page.sections,
    structuredData: page.structuredData ?? [],
    ui: pageUiStrings[lang],
  };
}

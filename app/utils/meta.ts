import type { MetaDescriptor } from "@remix-run/node";
import { langFromPath, localizePath, stripLangPrefix } from "../i18n/lang";
import { breadcrumbJsonLd } from "../seo/breadcrumbs";
import { SOCIAL_IMAGE, socialImagePath, socialSection } from "../seo/social-image";
import type { RootData } from "./root-data";

/** What every page says about itself (returned by its loader as `meta`). */
export type PageMeta = {
  title: string;
  description: string;
  keywords?: string[];
  /** Pages such as the dashboard or checkout: not for search engines. */
  noindex?: boolean;
};

type MetaInput = {
  location: { pathname: string };
  matches: Array<{ id: string; data: unknown } | undefined>;
};

export function withTitleSuffix(title: string, siteName: string) {
  const suffix = ` | ${siteName}`;
  return title.endsWith(suffix) ? title : `${title}${suffix}`;
}

/**
 * Title (with " | {SITE_NAME}"), description, keywords, canonical, hreflang alternates, the sharing
 * card (Open Graph and Twitter: title, description, image with its alt text) and, for pages the
 * navigation names, BreadcrumbList structured data.
 */
export function pageMeta(args: MetaInput, page: PageMeta | undefined): MetaDescriptor[] {
  const root = args.matches.find((match) => match?.id === "root")?.data as RootData | undefined;
  const siteName = root?.site.name ?? "Sanad Legal";
  const siteUrl = root?.site.url ?? "";
  if (!page) return [{ title: siteName }];
  const title = withTitleSuffix(page.title, siteName);
  const lang = langFromPath(args.location.pathname);
  // Variants (/About, /about/) are redirected before they get here (app/seo/canonical-path.server.ts);
  // a form re-rendered at such an address still names the one canonical page.
  const bare = stripLangPrefix(args.location.pathname.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1"));
  const canonical = siteUrl + localizePath(lang, bare);
  const section = socialSection(bare);
  const card = root?.ui.seo.social[section];
  const image = siteUrl + socialImagePath(section, lang);
  const imageAlt = card ? `${card.title}. ${card.subtitle}` : siteName;
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: lang === "ar" ? "ar_AE" : "en_AE" },
    { property: "og:locale:alternate", content: lang === "ar" ? "en_AE" : "ar_AE" },
    { property: "og:image", content: image },
    { property: "og:image:type", content: SOCIAL_IMAGE.type },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
  if (page.keywords?.length) descriptors.push({ name: "keywords", content: page.keywords.join(", ") });
  if (page.noindex) {
    descriptors.push({ name: "robots", content: "noindex, nofollow" });
  } else {
    descriptors.push(
      { tagName: "link", rel: "alternate", hrefLang: "en", href: siteUrl + localizePath("en", bare) },
      { tagName: "link", rel: "alternate", hrefLang: "ar", href: siteUrl + localizePath("ar", bare) },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: siteUrl + localizePath("en", bare) },
    );
    const breadcrumbs = root ? breadcrumbJsonLd(siteUrl, lang, bare, root.ui) : null;
    if (breadcrumbs) descriptors.push({ "script:ld+json": breadcrumbs });
  }
  return descriptors;
}

/** The usual `meta` export of a page whose loader returns `{ meta: PageMeta }`. */
export function metaFromLoader(args: MetaInput & { data: unknown }): MetaDescriptor[] {
  const data = args.data as { meta?: PageMeta } | undefined;
  return pageMeta(args, data?.meta);
}

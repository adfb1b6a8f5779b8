import type { MetaDescriptor } from "@remix-run/node";
import { siteConfig } from "../site-config.server";
import { langFromPath, localizePath, stripLangPrefix } from "../i18n/lang";
import { uiStrings } from "../i18n/ui.server";
import type { PageMeta } from "./meta";
import { breadcrumbJsonLd } from "./breadcrumbs";
import { SOCIAL_IMAGE, socialImagePath, socialSection } from "./social-image";

export function withTitleSuffix(title: string, siteName: string) {
  const suffix = ` | ${siteName}`;
  return title.endsWith(suffix) ? title : `${title}${suffix}`;
}

/**
 * A page's head, computed by its loader and returned as `meta` (routes export `metaFromLoader`,
 * app/seo/meta.ts): title (with " | {SITE_NAME}"), description, keywords, canonical, hreflang
 * alternates, the sharing card (Open Graph and Twitter: title, description, image with its alt
 * text) and, for pages the navigation names, BreadcrumbList structured data. Built here rather
 * than in the browser: it needs the navigation, the sharing cards' titles and the site's address,
 * and the browser only has to show what the server says.
 */
export function pageHead(request: Request, page: PageMeta): MetaDescriptor[] {
  const { pathname } = new URL(request.url);
  const lang = langFromPath(pathname);
  const site = siteConfig(lang);
  const ui = uiStrings[lang];
  const title = withTitleSuffix(page.title, site.name);
  // Variants (/About, /about/) are redirected before they get here (app/http/canonical-path.server.ts);
  // a form re-rendered at such an address still names the one canonical page.
  const bare = stripLangPrefix(pathname.replace(/\/{2,}/g, "/").replace(/(.)\/$/, "$1"));
  const canonical = site.url + localizePath(lang, bare);
  const section = socialSection(bare);
  const card = ui.seo.social[section];
  const image = site.url + socialImagePath(section, lang);
  const imageAlt = `${card.title}. ${card.subtitle}`;
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.name },
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
      { tagName: "link", rel: "alternate", hrefLang: "en", href: site.url + localizePath("en", bare) },
      { tagName: "link", rel: "alternate", hrefLang: "ar", href: site.url + localizePath("ar", bare) },
      { tagName: "link", rel: "alternate", hrefLang: "x-default", href: site.url + localizePath("en", bare) },
    );
    const breadcrumbs = breadcrumbJsonLd(site.url, lang, bare, ui);
    if (breadcrumbs) descriptors.push({ "script:ld+json": breadcrumbs });
  }
  return descriptors;
}

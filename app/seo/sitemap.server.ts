import { LANGS, localizePath, type Lang } from "../i18n/lang";
import { privatePagePrefixes, privateResourcePrefixes, publicRoutes, type PublicRoute } from "../content/public-routes";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** When a page last changed in a language (YYYY-MM-DD), from its content module; undefined leaves lastmod out. */
export type LastModified = (path: string, lang: Lang) => string | undefined;

/**
 * sitemap.xml: every public page in English and Arabic, each entry naming its other-language
 * twin (hreflang alternates), as search engines expect for a bilingual site, with the date its
 * text last changed (lastmod).
 */
export function buildSitemap(
  siteUrl: string,
  lastModified: LastModified = () => undefined,
  routes: PublicRoute[] = publicRoutes,
): string {
  const urls = routes.flatMap((route) =>
    LANGS.map((lang) => {
      const alternates = LANGS.map(
        (other) =>
          `<xhtml:link rel="alternate" hreflang="${other}" href="${escapeXml(siteUrl + localizePath(other, route.path))}"/>`,
      );
      alternates.push(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(siteUrl + localizePath("en", route.path))}"/>`,
      );
      const lastmod = lastModified(route.path, lang);
      return [
        "<url>",
        `<loc>${escapeXml(siteUrl + localizePath(lang, route.path))}</loc>`,
        ...alternates,
        ...(lastmod ? [`<lastmod>${escapeXml(lastmod)}</lastmod>`] : []),
        `<changefreq>${route.changefreq}</changefreq>`,
        `<priority>${route.priority.toFixed(1)}</priority>`,
        "</url>",
      ].join("");
    }),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything public is crawlable; accounts, checkout and internal paths are not. */
export function buildRobots(siteUrl: string): string {
  const disallowed = [
    ...privatePagePrefixes.flatMap((prefix) => [prefix, localizePath("ar", prefix)]),
    ...privateResourcePrefixes,
  ];
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

import { siteConfig } from "../site-config.server";
import { getEnv } from "../env.server";
import { pageUpdated } from "../seo/page-dates.server";
import { buildSitemap } from "../seo/sitemap.server";

export function loader() {
  const xml = buildSitemap(getEnv().SITE_URL, (path, lang) => pageUpdated(path, lang, siteConfig(lang)));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

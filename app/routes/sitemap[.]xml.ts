import { getEnv } from "../env.server";
import { buildSitemap } from "../seo/sitemap.server";

export function loader() {
  return new Response(buildSitemap(getEnv().SITE_URL), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import { getEnv } from "../env.server";
import { buildRobots } from "../seo/sitemap.server";

export function loader() {
  return new Response(buildRobots(getEnv().SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

import { getEnv, siteName } from "./env.server";
import type { Lang } from "./i18n/lang";
import type { SiteConfig } from "./root-data";

/** The configured identity of the site, as content modules, page heads and structured data need it (office hours in `lang`). */
export function siteConfig(lang: Lang = "en"): SiteConfig {
  const env = getEnv();
  return {
    name: siteName(lang, env),
    url: env.SITE_URL,
    phone: env.CONTACT_PHONE,
    email: env.CONTACT_EMAIL,
    hours: lang === "ar" ? env.OFFICE_HOURS_AR : env.OFFICE_HOURS,
  };
}

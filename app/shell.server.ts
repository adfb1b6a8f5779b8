import { data } from "@remix-run/node";
import { getEnv } from "./env.server";
import { langFromPath } from "./i18n/lang";
import { uiStrings } from "./i18n/ui";
import type { RootData } from "./utils/root-data";
import { readToast } from "./utils/toast.server";

/**
 * Everything the site shell needs on every page, gathered in one place: language and its UI
 * strings, site configuration, the pending toast, the signed-in user and the cart count.
 */
export async function loadShellData(request: Request, requestId: string) {
  const env = getEnv();
  const lang = langFromPath(new URL(request.url).pathname);
  const { toast, headers } = await readToast(request);
  const shell: RootData = {
    lang,
    ui: uiStrings[lang],
    site: { name: env.SITE_NAME, url: env.SITE_URL, phone: env.CONTACT_PHONE, email: env.CONTACT_EMAIL, hours: env.OFFICE_HOURS },
    toast,
    requestId,
    user: null,
    cartCount: 0,
  };
  return data(shell, { headers });
}

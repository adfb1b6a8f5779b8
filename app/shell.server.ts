import { data } from "@remix-run/node";
import { getUser } from "./auth/session.server";
import { cartView, commitCartLines, readCart } from "./cart/cart.server";
import { siteConfig } from "./content/page.server";
import { langFromPath, localizePath, stripLangPrefix } from "./i18n/lang";
import { langCookieHeader, pageLanguage } from "./i18n/lang-cookie.server";
import { uiStrings } from "./i18n/ui.server";
import type { RootData } from "./utils/root-data";
import { visitorFormToken } from "./utils/csrf.server";
import { readFormFlash } from "./utils/form-flash.server";
import { readToast } from "./utils/toast.server";

/**
 * Everything the site shell needs on every page, gathered in one place: language and its UI
 * strings, site configuration, the pending toast, the signed-in user and the cart count.
 */
export async function loadShellData(request: Request, requestId: string) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const [{ toast: pendingToast, headers }, user, form, cart] = await Promise.all([readToast(request), getUser(request), readFormFlash(request), readCart(request, lang)]);
  for (const cookie of form.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  let toast = pendingToast;
  if (cart.dropped > 0) {
    // The cookie named packages the catalogue no longer has: store the cleaned cart and say so.
    headers.append("Set-Cookie", await commitCartLines(request, cart.lines));
    toast ??= { kind: "info", title: uiStrings[lang].cart.staleDropped };
  }
  // Every form carries the visitor's token (app/components/ui/csrf-field.tsx); a new visitor gets its cookie here.
  const formGuard = visitorFormToken(request.headers.get("Cookie"));
  if (formGuard.setCookie) headers.append("Set-Cookie", formGuard.setCookie);
  // Remember the language (for pages without a prefix) and maybe suggest the other one; never a redirect.
  const language = pageLanguage(request, lang);
  if (language.remember) headers.append("Set-Cookie", langCookieHeader(language.remember));
  const shell: RootData = {
    lang,
    ui: uiStrings[lang],
    site: siteConfig(lang),
    toast,
    requestId,
    user: user && { id: user.id, email: user.email, fullName: user.fullName, role: user.role },
    cartCount: cart.count,
    cart: cartView(cart),
    formFlash: form.flash,
    formToken: crypto.randomUUID(),
    csrfToken: formGuard.token,
    languageSuggestion: language.suggest && { lang: language.suggest, href: localizePath(language.suggest, stripLangPrefix(url.pathname)) + url.search },
  };
  return data(shell, { headers });
}

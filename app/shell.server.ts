import { data, type AppLoadContext } from "@remix-run/node";
import { getUser } from "./auth/session.server";
import { cartView, commitCartLines, readCart } from "./cart/cart.server";
import { siteConfig } from "./site-config.server";
import { langFromPath, localizePath, stripLangPrefix, type Lang } from "./i18n/lang";
import { langCookieHeader, pageLanguage, type RequestHeaders } from "./i18n/lang-cookie.server";
import { shellUiStrings, uiStrings } from "./i18n/ui.server";
import type { RootData } from "./root-data";
import { visitorFormToken } from "./http/csrf.server";
import { readFormFlash } from "./forms/form-flash.server";
import { readToast } from "./forms/toast.server";

/**
 * What the shell gives each visitor apart from the page itself: the visitor's form token (and the
 * cookie that gives a new visitor its id), the language to remember (a cookie) and the language to
 * suggest. Shared with the page cache (app/page-cache/), which serves the same page to many.
 */
export function visitorShellValues(request: RequestHeaders, lang: Lang) {
  // Every form carries the visitor's token (app/components/ui/csrf-field.tsx); a new visitor gets its cookie here.
  const formGuard = visitorFormToken(request.headers.get("Cookie"));
  // Remember the language (for pages without a prefix) and maybe suggest the other one; never a redirect.
  const language = pageLanguage(request, lang);
  const setCookies: string[] = [];
  if (formGuard.setCookie) setCookies.push(formGuard.setCookie);
  if (language.remember) setCookies.push(langCookieHeader(language.remember));
  return { csrfToken: formGuard.token, suggest: language.suggest, setCookies };
}

/**
 * Everything the site shell needs on every page, gathered in one place: language and its UI
 * strings, site configuration, the pending toast, the signed-in user and the cart count.
 * While the page cache renders a page's template (`context.pageTemplate`), the per-response values
 * are its placeholders and no cookie is set: the cache fills both in for each visitor.
 */
export async function loadShellData(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const [{ toast: pendingToast, headers }, user, form, cart] = await Promise.all([
    readToast(request),
    getUser(request),
    readFormFlash(request),
    readCart(request, lang),
  ]);
  for (const cookie of form.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  let toast = pendingToast;
  if (cart.dropped > 0) {
    // The cookie named packages the catalogue no longer has: store the cleaned cart and say so.
    headers.append("Set-Cookie", await commitCartLines(request, cart.lines));
    toast ??= { kind: "info", title: uiStrings[lang].cart.staleDropped };
  }
  const visitor = visitorShellValues(request, lang);
  const template = context.pageTemplate;
  if (!template) for (const cookie of visitor.setCookies) headers.append("Set-Cookie", cookie);
  const shell: RootData = {
    lang,
    ui: shellUiStrings[lang],
    site: siteConfig(lang),
    toast,
    requestId: context.requestId,
    user: user && { id: user.id, email: user.email, fullName: user.fullName, role: user.role },
    cartCount: cart.count,
    cart: cartView(cart),
    formFlash: form.flash,
    formToken: template?.formToken ?? crypto.randomUUID(),
    csrfToken: template?.csrfToken ?? visitor.csrfToken,
    languageSuggestion: visitor.suggest && {
      lang: visitor.suggest,
      href: localizePath(visitor.suggest, stripLangPrefix(url.pathname)) + url.search,
    },
  };
  return data(shell, { headers });
}

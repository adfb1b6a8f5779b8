import { useLocation } from "@remix-run/react";
import { localizePath, stripLangPrefix } from "../../i18n/lang";
import { useLang, useRootData, useUi } from "../../utils/root-data";
import { LocalizedLink } from "./localized-link";

/**
 * Header places that features fill in: the account link (accounts), the cart button (cart) and
 * the language switch (Arabic). Each feature owns its component; the header only places them.
 */
export function AccountSlot() {
  const ui = useUi();
  const user = useRootData()?.user;
  return (
    <LocalizedLink to={user ? "/dashboard" : "/client-login"} className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-navy-900 hover:bg-navy-50">
      {user ? ui.nav.dashboard : ui.nav.clientLogin}
    </LocalizedLink>
  );
}

export function CartSlot() {
  return null;
}

/** A plain link to this page in the other language: works without JavaScript. */
export function LanguageSwitch() {
  const ui = useUi();
  const lang = useLang();
  const location = useLocation();
  const other = lang === "ar" ? "en" : "ar";
  const href = localizePath(other, stripLangPrefix(location.pathname)) + location.search;
  return (
    <a href={href} hrefLang={other} lang={other} aria-label={ui.language.switchLabel} className="inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-navy-900 hover:bg-navy-50">
      {ui.language.switchTo}
    </a>
  );
}

import { useLocation } from "@remix-run/react";
import { localizePath, stripLangPrefix } from "../../i18n/lang";
import { useLang, useRootData, useUi } from "../../root-data";
import { SignOutForm } from "../account/sign-out-form";
import { CartButton } from "../cart/cart-button";
import { LocalizedLink } from "./localized-link";

/**
 * Header places that features fill in: the account link (accounts), the cart button (cart) and
 * the language switch (Arabic). Each feature owns its component; the header only places them.
 */
export function AccountSlot() {
  const ui = useUi();
  const user = useRootData()?.user;
  if (!user) {
    return (
      <LocalizedLink to="/client-login" className="header-item">
        {ui.nav.clientLogin}
      </LocalizedLink>
    );
  }
  // Staff and admins work from the back office; clients from their dashboard.
  const label = user.role === "admin" ? ui.account.admin : user.role === "staff" ? ui.account.cases : ui.nav.dashboard;
  return (
    <div className="flex items-center gap-1" data-testid="account-slot">
      <LocalizedLink to={user.role === "client" ? "/dashboard" : "/admin"} className="header-item" title={user.email}>
        {label}
      </LocalizedLink>
      <SignOutForm label={ui.account.signOut} variant="ghost" className="header-sign-out" />
    </div>
  );
}

export function CartSlot() {
  return <CartButton />;
}

/** A plain link to this page in the other language: works without JavaScript. */
export function LanguageSwitch() {
  const ui = useUi();
  const lang = useLang();
  const location = useLocation();
  const other = lang === "ar" ? "en" : "ar";
  const href = localizePath(other, stripLangPrefix(location.pathname)) + location.search;
  return (
    <a href={href} hrefLang={other} lang={other} aria-label={ui.language.switchLabel} className="header-item">
      {ui.language.switchTo}
    </a>
  );
}

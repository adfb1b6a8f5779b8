import { Link, NavLink, type LinkProps, type NavLinkProps } from "@remix-run/react";
import { localizePath } from "../../i18n/lang";
import { useLang } from "../../root-data";

/** A link to a site path in the current page's language ("/about" becomes "/ar/about" on Arabic pages). */
export function LocalizedLink({ to, ...rest }: Omit<LinkProps, "to"> & { to: string }) {
  const lang = useLang();
  return <Link to={localizePath(lang, to)} {...rest} />;
}

export function LocalizedNavLink({ to, ...rest }: Omit<NavLinkProps, "to"> & { to: string }) {
  const lang = useLang();
  return <NavLink to={localizePath(lang, to)} {...rest} />;
}

/** The same path in the current language, for places that need a plain string (forms, redirects). */
export function useLocalizedPath() {
  const lang = useLang();
  return (path: string) => localizePath(lang, path);
}

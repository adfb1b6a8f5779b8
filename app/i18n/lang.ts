/** Languages of the site. English lives at the plain URLs, Arabic under /ar. */
export const LANGS = ["en", "ar"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "en";

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (LANGS as readonly string[]).includes(value);
}

export function dirOf(lang: Lang): "ltr" | "rtl" {
  return lang === "ar" ? "rtl" : "ltr";
}

/** The language a path is in: /ar and /ar/… are Arabic, everything else English. */
export function langFromPath(pathname: string): Lang {
  return pathname === "/ar" || pathname.startsWith("/ar/") ? "ar" : "en";
}

/** The path without its language prefix: "/ar/about" → "/about", "/ar" → "/". */
export function stripLangPrefix(pathname: string): string {
  if (pathname === "/ar") return "/";
  return pathname.startsWith("/ar/") ? pathname.slice(3) : pathname;
}

/** A site path in a language: ("ar", "/about") → "/ar/about"; ("ar", "/") → "/ar". Keeps ?query and #hash. */
export function localizePath(lang: Lang, path: string): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? "" : path.slice(cut);
  const bare = stripLangPrefix(pathname);
  if (lang === "en") return bare + rest;
  return (bare === "/" ? "/ar" : `/ar${bare}`) + rest;
}

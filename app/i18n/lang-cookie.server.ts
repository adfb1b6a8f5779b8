import { redirect } from "@remix-run/node";
import { getEnv } from "../env.server";
import { isLang, langFromPath, localizePath, type Lang } from "./lang";

/**
 * The visitor's remembered language (docs/decisions/017-language-cookie-and-suggestion.md).
 * The URL decides a page's language; this cookie only serves requests whose URL does not say
 * (resource routes such as /cart/update and /documents/:id, unknown paths) and keeps the
 * Accept-Language suggestion from coming back once the visitor has chosen.
 */
export const LANG_COOKIE = "lang";

/** What these functions read of a request: its headers (a fetch Request, or the page cache's view of one). */
export type RequestHeaders = { headers: { get(name: string): string | null } };
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** The language the cookie remembers, or null when the visitor has not chosen one. */
export function rememberedLang(request: RequestHeaders): Lang | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== LANG_COOKIE) continue;
    const value = rest.join("=").trim();
    if (isLang(value)) return value;
  }
  return null;
}

/** The Set-Cookie header that remembers `lang` (a year, SameSite=Lax, Secure in production). */
export function langCookieHeader(lang: Lang): string {
  const attributes = [`${LANG_COOKIE}=${lang}`, "Path=/", `Max-Age=${ONE_YEAR_SECONDS}`, "SameSite=Lax", "HttpOnly"];
  if (getEnv().isProduction) attributes.push("Secure");
  return attributes.join("; ");
}

/**
 * The language of a request: the URL's when it has the Arabic prefix, else the remembered one,
 * else English. For requests whose URL is not a page in a language (resource routes, unknown
 * paths); pages use their URL (`langParam`, `langFromPath`).
 */
export function requestLang(request: Request): Lang {
  const fromPath = langFromPath(new URL(request.url).pathname);
  if (fromPath === "ar") return "ar";
  return rememberedLang(request) ?? "en";
}

/**
 * The language a browser's Accept-Language header ranks higher among ours (English when neither
 * or a tie): "ar-AE,ar;q=0.9,en;q=0.8" → "ar"; "en-US,en;q=0.9,ar;q=0.5" → "en"; "fr, ar;q=0.3" → "ar".
 */
export function acceptLanguagePreference(header: string | null): Lang {
  if (!header) return "en";
  const best: Record<Lang, number> = { en: 0, ar: 0 };
  for (const entry of header.slice(0, 500).split(",")) {
    const [tag = "", ...params] = entry.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (!isLang(primary)) continue;
    let quality = 1;
    for (const param of params) {
      const [key, value] = param.trim().split("=");
      if (key?.trim().toLowerCase() === "q") {
        const q = Number(value);
        quality = Number.isFinite(q) && q >= 0 && q <= 1 ? q : 0;
      }
    }
    best[primary] = Math.max(best[primary], quality);
  }
  return best.ar > best.en ? "ar" : "en";
}

/**
 * What the shell does about the language on a page: whether to remember the page's language
 * (Set-Cookie), and whether to suggest the other language. Only ever a suggestion: nothing
 * redirects on Accept-Language.
 * - An Arabic page remembers Arabic (the /ar URL is a choice: English is the default).
 * - An English page reached from an Arabic page of this site (same-host Referer under /ar: the
 *   language switch, the only link from Arabic pages to English ones) remembers English.
 * - An English page suggests Arabic when no language is remembered and the browser ranks Arabic
 *   above English. Arabic pages suggest nothing (many Arabic readers' browsers are set to English).
 */
export function pageLanguage(request: RequestHeaders, lang: Lang): { remember: Lang | null; suggest: Lang | null } {
  const remembered = rememberedLang(request);
  let remember: Lang | null = null;
  if (lang === "ar" && remembered !== "ar") remember = "ar";
  if (lang === "en" && remembered !== "en" && cameFromArabicPage(request)) remember = "en";
  const chosen = remembered ?? remember;
  const suggest =
    lang === "en" && chosen === null && acceptLanguagePreference(request.headers.get("Accept-Language")) === "ar"
      ? "ar"
      : null;
  return { remember, suggest };
}

function cameFromArabicPage(request: RequestHeaders): boolean {
  const referer = request.headers.get("Referer");
  const host = request.headers.get("Host");
  if (!referer || !host) return false;
  try {
    const url = new URL(referer);
    return url.host.toLowerCase() === host.toLowerCase() && langFromPath(url.pathname) === "ar";
  } catch {
    return false;
  }
}

/**
 * For an address that is no page: a visitor who chose Arabic and asked for it without the /ar
 * prefix is sent (thrown redirect) to the same address under /ar, whose not-found page is in
 * Arabic. Does nothing for Arabic addresses or without the remembered choice.
 */
export function arabicNotFoundRedirect(request: Request): void {
  const url = new URL(request.url);
  if (langFromPath(url.pathname) === "ar" || rememberedLang(request) !== "ar") return;
  throw redirect(localizePath("ar", url.pathname) + url.search, { headers: { "Cache-Control": "no-store" } });
}

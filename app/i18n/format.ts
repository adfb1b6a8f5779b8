import type { Lang } from "./lang";

/**
 * The one place numbers, money and dates are formatted. English follows the spec
 * ("د.إ 1,250" in cart, plans and checkout; "AED 1,250" in quotes and dashboards); Arabic uses
 * ar-AE conventions with Western digits, as Intl orders them.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions) {
  const key = locale + JSON.stringify(options);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

const localeOf = (lang: Lang) => (lang === "ar" ? "ar-AE-u-nu-latn" : "en-AE");

export function formatNumber(value: number, lang: Lang = "en") {
  return numberFormat(localeOf(lang), { maximumFractionDigits: 2 }).format(value);
}

export type MoneyStyle = "symbol" | "code";

/**
 * Left-to-right mark. "د.إ" is written in Arabic letters, so in an English sentence the bidi
 * algorithm would pull the digits after it into its right-to-left run and show "650 د.إ". The
 * mark after the symbol keeps the amount in the English reading order; it works in plain text
 * too (option labels, aria-labels, e-mails), where a <bdi> element cannot be used.
 */
export const LRM = "\u200E";

/**
 * Formats an amount of fils (1 AED = 100 fils). Whole dirhams show no decimals.
 * style "symbol": د.إ (cart, plans, checkout); "code": AED (quotes, dashboards).
 */
export function formatMoney(fils: number, lang: Lang = "en", style: MoneyStyle = "symbol") {
  const aed = fils / 100;
  const fractionDigits = Number.isInteger(aed) ? 0 : 2;
  if (lang === "en") {
    const digits = numberFormat("en-AE", { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(aed);
    return style === "symbol" ? `${LRM}د.إ${LRM} ${digits}` : `AED ${digits}`;
  }
  return numberFormat(localeOf(lang), {
    style: "currency",
    currency: "AED",
    currencyDisplay: style === "symbol" ? "symbol" : "code",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(aed);
}

export function formatDate(date: Date | string, lang: Lang = "en", options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }) {
  const value = typeof date === "string" ? new Date(date) : date;
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-AE-u-nu-latn" : "en-GB", { timeZone: "Asia/Dubai", ...options }).format(value);
}

export function formatDateTime(date: Date | string, lang: Lang = "en") {
  return formatDate(date, lang, { dateStyle: "medium", timeStyle: "short" });
}

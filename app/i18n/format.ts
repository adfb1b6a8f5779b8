import type { Lang } from "./lang";

/**
 * The one place numbers, money and dates are formatted. English follows the spec
 * ("د.إ 1,250" in cart, plans and checkout; "AED 1,250" in quotes and dashboards); Arabic uses
 * ar-AE conventions with Western digits, as Intl orders them, and writes the code in Arabic.
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

/** Right-to-left mark: starts an Arabic amount as Intl starts its own ("‏1,250 د.إ.‏"). */
const RLM = "\u200F";

/** The currency's code as Arabic text writes it: the dirham by name, never Latin letters. */
export const ARABIC_CURRENCY_CODE = "درهم";

/**
 * Formats an amount of fils (1 AED = 100 fils). Whole dirhams show no decimals.
 * style "symbol" (cart, plans, checkout): "د.إ 1,250" in English, "1,250 د.إ." in Arabic;
 * style "code" (quotes, dashboards, mails): "AED 1,250" in English, "1,250 درهم" in Arabic
 * (docs/decisions/061-currency-notation.md).
 */
export function formatMoney(fils: number, lang: Lang = "en", style: MoneyStyle = "symbol") {
  const aed = fils / 100;
  const fractionDigits = Number.isInteger(aed) ? 0 : 2;
  if (lang === "en") {
    const digits = numberFormat("en-AE", { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(aed);
    return style === "symbol" ? `${LRM}د.إ${LRM} ${digits}` : `AED ${digits}`;
  }
  if (style === "code") {
    const digits = numberFormat(localeOf(lang), { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(aed);
    // A no-break space, as Intl puts before the symbol: the amount and its currency never wrap apart.
    return `${RLM}${digits}\u00A0${ARABIC_CURRENCY_CODE}`;
  }
  return numberFormat(localeOf(lang), {
    style: "currency",
    currency: "AED",
    currencyDisplay: "symbol",
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

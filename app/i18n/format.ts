import type { Lang } from "./lang";

/**
 * The one place numbers, money and dates are formatted. Arabic uses ar-AE conventions with
 * Western digits, as everywhere on the site.
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

/** The currency as Arabic text names it in prices: the dirham by name, never Latin letters or a symbol. */
export const ARABIC_CURRENCY_NAME = "درهم";

/**
 * Formats an amount of fils (1 AED = 100 fils); whole dirhams show no decimals. One notation per
 * language everywhere, pages, mails and PDFs alike: "AED 1,250" in English, "1,250 درهم" in Arabic
 * (docs/decisions/061-currency-notation.md). Neither needs a direction mark: each is written in
 * the script of the text around it.
 */
export function formatMoney(fils: number, lang: Lang = "en") {
  const aed = fils / 100;
  const fractionDigits = Number.isInteger(aed) ? 0 : 2;
  const digits = numberFormat(localeOf(lang), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(aed);
  // Arabic keeps a no-break space, as Intl does: the amount and its currency never wrap apart.
  return lang === "en" ? `AED ${digits}` : `${digits}\u00A0${ARABIC_CURRENCY_NAME}`;
}

/** The comma between listed items: Arabic text takes the Arabic comma "،", never the Latin one. */
export function listComma(lang: Lang) {
  return lang === "ar" ? "، " : ", ";
}

// Building a formatter costs far more than using one (a list of 50 orders formats 100 dates):
// one per language and options, kept.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatDate(
  date: Date | string,
  lang: Lang = "en",
  options: Intl.DateTimeFormatOptions = { dateStyle: "medium" },
) {
  const value = typeof date === "string" ? new Date(date) : date;
  const key = lang + JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === "ar" ? "ar-AE-u-nu-latn" : "en-GB", {
      timeZone: "Asia/Dubai",
      ...options,
    });
    dateFormats.set(key, format);
  }
  return format.format(value);
}

export function formatDateTime(date: Date | string, lang: Lang = "en") {
  return formatDate(date, lang, { dateStyle: "medium", timeStyle: "short" });
}

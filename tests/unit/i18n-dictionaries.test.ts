import { describe, expect, it } from "vitest";
import * as aboutModule from "../../app/content/about.server";
import { accountText } from "../../app/content/accounts.server";
import * as askLawyerModule from "../../app/content/ask-lawyer.server";
import { assistantStrings } from "../../app/content/assistant.server";
import * as backgroundModule from "../../app/content/background-checks.server";
import { backofficeText } from "../../app/content/backoffice.server";
import * as businessModule from "../../app/content/business-services.server";
import { checkoutText } from "../../app/content/checkout.server";
import * as companyModule from "../../app/content/company.server";
import * as contractsModule from "../../app/content/contracts-and-formation.server";
import * as courtModule from "../../app/content/court-police-case-check.server";
import * as homeModule from "../../app/content/home.server";
import * as laborModule from "../../app/content/labor-ban-check.server";
import * as legalModule from "../../app/content/legal.server";
import { siteConfig } from "../../app/site-config.server";
import { ENGLISH_PREVAILS } from "../../app/content/section-builders.server";
import * as quoteModule from "../../app/content/quote.server";
import * as requestCheckModule from "../../app/content/request-check.server";
import * as servicesModule from "../../app/content/services.server";
import * as appealModule from "../../app/content/travel-ban-appeal.server";
import * as travelModule from "../../app/content/travel-ban-check.server";
import { formatDate, formatDateTime, formatMoney, formatNumber } from "../../app/i18n/format";
import { acceptLanguagePreference } from "../../app/i18n/lang-cookie.server";
import { accountStrings } from "../../app/i18n/strings/account";
import { cartStrings } from "../../app/i18n/strings/cart";
import { chatStrings } from "../../app/i18n/strings/chat";
import { inquiryStrings } from "../../app/i18n/strings/inquiry";
import { uiStrings } from "../../app/i18n/ui.server";
import { orderMailText } from "../../app/orders/order-mail-text.server";

/**
 * The shape of a value without its words: every object key (deep), array lengths, and the kind
 * of each leaf. Two languages with equal shapes have the same keys everywhere.
 */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shape((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value === "function" ? "function" : value === null || value === undefined ? "empty" : typeof value;
}

/** Paths to leaves that are empty strings: a blank on the page. */
function blanks(value: unknown, at = ""): string[] {
  if (typeof value === "string") return value.trim() === "" ? [at] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => blanks(item, `${at}[${index}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => blanks(item, `${at}.${key}`));
  return [];
}

const dictionaries: Record<string, { en: unknown; ar: unknown }> = {
  ui: uiStrings,
  "strings/account": accountStrings,
  "strings/cart": cartStrings,
  "strings/chat": chatStrings,
  "strings/inquiry": inquiryStrings,
  "content/accounts": accountText,
  "content/assistant": assistantStrings,
  "content/backoffice": backofficeText,
  "content/checkout": checkoutText,
  "orders/order-mail-text": orderMailText,
};

describe("the English and Arabic dictionaries", () => {
  for (const [name, dictionary] of Object.entries(dictionaries)) {
    it(`${name}: the same keys, deep, and no blank text`, () => {
      expect(shape(dictionary.ar)).toEqual(shape(dictionary.en));
      expect(blanks(dictionary.en)).toEqual([]);
      expect(blanks(dictionary.ar)).toEqual([]);
    });
  }
});

// Every page content module: each export that is a page in both languages (a Record<Lang, …>
// or a function of the language) has the same keys, deep, in English and Arabic.
const contentModules = {
  about: aboutModule,
  "ask-lawyer": askLawyerModule,
  "background-checks": backgroundModule,
  "business-services": businessModule,
  company: companyModule,
  "contracts-and-formation": contractsModule,
  "court-police-case-check": courtModule,
  home: homeModule,
  "labor-ban-check": laborModule,
  legal: legalModule,
  quote: quoteModule,
  "request-check": requestCheckModule,
  services: servicesModule,
  "travel-ban-appeal": appealModule,
  "travel-ban-check": travelModule,
};

/** The Arabic legal pages open with the note that the English version prevails; English has no such block. */
function withoutPrevailsNote(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (_key, item: unknown) =>
    Array.isArray(item)
      ? item.filter(
          (block) => !(block && typeof block === "object" && (block as { note?: unknown }).note === ENGLISH_PREVAILS),
        )
      : item,
  );
}

function pagesOf(module: Record<string, unknown>) {
  const found: [string, unknown, unknown][] = [];
  for (const [name, value] of Object.entries(module)) {
    if (!/Content$/.test(name)) continue;
    if (typeof value === "function") found.push([name, value("en", siteConfig("en")), value("ar", siteConfig("ar"))]);
    else if (value && typeof value === "object" && "en" in value && "ar" in value)
      found.push([name, (value as { en: unknown }).en, (value as { ar: unknown }).ar]);
  }
  return found;
}

describe("the English and Arabic page content", () => {
  for (const [file, module] of Object.entries(contentModules)) {
    it(`content/${file}: every page has the same keys, deep, in both languages`, () => {
      const pages = pagesOf(module);
      expect(pages.length, file).toBeGreaterThan(0);
      for (const [name, en, ar] of pages) {
        expect(shape(withoutPrevailsNote(ar)), name).toEqual(shape(en));
        expect(blanks(ar), name).toEqual([]);
      }
    });
  }
});

describe("Arabic formatting", () => {
  // Arabic-Indic (U+0660–U+0669) and Extended Arabic-Indic (U+06F0–U+06F9) digits.
  const easternDigits = /[\u0660-\u0669\u06F0-\u06F9]/;
  const when = new Date("2025-01-15T10:00:00Z");

  it("uses ar-AE conventions with Western digits for money, numbers and dates", () => {
    const shown = [
      formatMoney(125_000, "ar"),
      formatMoney(125_050, "ar"),
      formatNumber(1_234_567.5, "ar"),
      formatDate(when, "ar"),
      formatDateTime(when, "ar"),
    ];
    for (const text of shown) expect(text, text).not.toMatch(easternDigits);
    expect(formatMoney(125_000, "ar")).toContain("1,250");
    expect(formatMoney(125_000, "ar")).toBe("1,250\u00A0درهم");
    expect(formatMoney(125_050, "ar")).toMatch(/1,250\.50\u00A0درهم$/);
    expect(formatNumber(1_234_567.5, "ar")).toBe("1,234,567.5");
    // Dubai time, day first, Western digits; the time of day marked in Arabic (م = PM).
    expect(formatDate(when, "ar").replace(/\u200F/g, "")).toBe("15/01/2025");
    expect(formatDateTime(when, "ar")).toMatch(/2:00\s*م/);
    // Intl's own ar-AE default would use Arabic-Indic digits: the helper is what prevents them.
    expect(new Intl.NumberFormat("ar-AE-u-nu-arab").format(1250)).toMatch(easternDigits);
  });

  it("English pages keep the spec's formats", () => {
    expect(formatNumber(1_234_567.5, "en")).toBe("1,234,567.5");
    expect(formatDate(when, "en")).toBe("15 Jan 2025");
  });
});

describe("Accept-Language", () => {
  it("ranks Arabic against English by quality, English when neither or a tie", () => {
    expect(acceptLanguagePreference("ar-AE,ar;q=0.9,en;q=0.8")).toBe("ar");
    expect(acceptLanguagePreference("ar")).toBe("ar");
    expect(acceptLanguagePreference("fr-FR, ar;q=0.3")).toBe("ar");
    expect(acceptLanguagePreference("en-US,en;q=0.9,ar;q=0.8")).toBe("en");
    expect(acceptLanguagePreference("en;q=0.5, ar;q=0.7")).toBe("ar");
    expect(acceptLanguagePreference("ar;q=0.5, en;q=0.5")).toBe("en");
    expect(acceptLanguagePreference("*")).toBe("en");
    expect(acceptLanguagePreference(null)).toBe("en");
    expect(acceptLanguagePreference("ar;q=nonsense, en;q=0.1")).toBe("en");
    expect(acceptLanguagePreference(";;;,,,=")).toBe("en");
  });
});

import { describe, expect, it } from "vitest";
import { formatMoney } from "../../app/i18n/format";
import { langFromPath, localizePath, stripLangPrefix } from "../../app/i18n/lang";
import { withTitleSuffix } from "../../app/seo/page-head.server";

describe("language paths", () => {
  it("maps paths between English and Arabic", () => {
    expect(langFromPath("/")).toBe("en");
    expect(langFromPath("/ar")).toBe("ar");
    expect(langFromPath("/ar/about")).toBe("ar");
    expect(langFromPath("/area")).toBe("en");
    expect(stripLangPrefix("/ar/about")).toBe("/about");
    expect(localizePath("ar", "/")).toBe("/ar");
    expect(localizePath("ar", "/about?x=1#y")).toBe("/ar/about?x=1#y");
    expect(localizePath("en", "/ar/about")).toBe("/about");
    expect(localizePath("ar", "//evil.example")).toBe("//evil.example");
  });
});

describe("money", () => {
  it("writes one notation per language: AED before the amount in English, the dirham by name after it in Arabic", () => {
    expect(formatMoney(125_000)).toBe("AED 1,250");
    expect(formatMoney(125_000, "en")).toBe("AED 1,250");
    expect(formatMoney(125_050, "en")).toBe("AED 1,250.50");
    expect(formatMoney(65_000, "ar")).toBe("650\u00A0درهم");
    expect(formatMoney(20_000, "ar")).toBe("200\u00A0درهم");
    expect(formatMoney(125_050, "ar")).toBe("1,250.50\u00A0درهم");
  });

  it("needs no direction marks and no symbol: each notation is written in its page's script", () => {
    for (const lang of ["en", "ar"] as const) {
      const shown = formatMoney(1_250_000, lang);
      expect(shown).not.toMatch(/[\u200E\u200F\u2066-\u2069]/);
      expect(shown).not.toContain("د.إ");
    }
    expect(formatMoney(1_250_000, "ar")).not.toMatch(/[A-Za-z]/);
  });
});

describe("titles", () => {
  it("adds the brand suffix only when missing", () => {
    expect(withTitleSuffix("About", "Sanad Legal")).toBe("About | Sanad Legal");
    expect(withTitleSuffix("About | Sanad Legal", "Sanad Legal")).toBe("About | Sanad Legal");
  });
});

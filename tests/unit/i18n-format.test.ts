import { describe, expect, it } from "vitest";
import { formatMoney, LRM } from "../../app/i18n/format";
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
  it("shows whole dirhams without decimals, as the spec writes them", () => {
    expect(formatMoney(125_000)).toBe("\u200Eد.إ\u200E 1,250");
    expect(formatMoney(125_000, "en", "code")).toBe("AED 1,250");
    expect(formatMoney(125_050, "en", "code")).toBe("AED 1,250.50");
    expect(formatMoney(125_000, "ar")).toContain("1,250");
    expect(formatMoney(125_000, "ar")).toContain("د.إ");
  });

  it("keeps the amount after the Arabic symbol on English pages (left-to-right marks around د.إ)", () => {
    const shown = formatMoney(65_000);
    // Without the marks, bidi would display "650 د.إ" in an English sentence.
    expect(shown.replaceAll(LRM, "")).toBe("د.إ 650");
    expect(shown.startsWith(LRM)).toBe(true);
    expect(shown.indexOf(LRM, 1)).toBe(shown.indexOf("إ") + 1);
    // The code style needs no marks; Arabic pages use Intl's own marks and order.
    expect(formatMoney(65_000, "en", "code")).not.toContain(LRM);
    expect(formatMoney(65_000, "ar")).not.toContain(LRM);
  });
});

describe("money in Arabic", () => {
  it("writes both notations in Arabic letters: the symbol in cart, plans and checkout, the dirham by name in quotes and dashboards", () => {
    const strip = (text: string) => text.replace(/[\u200E\u200F]/g, "").replace(/\u00A0/g, " ");
    expect(strip(formatMoney(65_000, "ar", "symbol"))).toBe("650 د.إ.");
    expect(strip(formatMoney(20_000, "ar", "code"))).toBe("200 درهم");
    expect(strip(formatMoney(125_050, "ar", "code"))).toBe("1,250.50 درهم");
    for (const style of ["symbol", "code"] as const) expect(formatMoney(1_250_000, "ar", style)).not.toMatch(/[A-Za-z]/);
  });
});

describe("titles", () => {
  it("adds the brand suffix only when missing", () => {
    expect(withTitleSuffix("About", "Sanad Legal")).toBe("About | Sanad Legal");
    expect(withTitleSuffix("About | Sanad Legal", "Sanad Legal")).toBe("About | Sanad Legal");
  });
});

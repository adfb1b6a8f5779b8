import { describe, expect, it } from "vitest";
import {
  computeQuote,
  consultations,
  CONSULTATION_KEYS,
  PLAN_LIST_KEYS,
  sessionCreditsOfLine,
  findTier,
  homeCardPrices,
  lowestPrice,
  planLists,
  priceLine,
  quote,
  quoteOptions,
  QUOTE_SERVICES,
  quoteTiers,
  quickTravelBanCheck,
  serviceFromPrice,
  SPEED_MULTIPLIERS,
  speedLabel,
  SPEEDS,
  timelines,
  turnaroundText,
  type PlanListKey,
} from "../../app/catalogue";
import { formatMoney } from "../../app/i18n/format";

// The spec's numbers (public-site.md section 9), typed in by hand: a wrong price in the
// catalogue fails here.
const SPEC_PLANS: Record<
  Exclude<PlanListKey, "background-packages" | "travel-ban-quick">,
  Array<[id: string, aed: number, popular?: boolean]>
> = {
  "travel-ban": [
    ["basic", 650],
    ["fundamental", 750],
    ["comprehensive", 1250, true],
    ["express", 1650],
    ["elite", 2500],
  ],
  "labor-ban": [
    ["basic", 650],
    ["comprehensive", 950, true],
    ["express", 1350],
  ],
  background: [
    ["essential", 695],
    ["standard", 850],
    ["comprehensive", 1450, true],
    ["executive", 2250],
  ],
  "contract-review": [
    ["basic", 1200],
    ["professional", 2200, true],
    ["premium", 3500],
  ],
  "company-formation": [
    ["mainland", 8500],
    ["freezone", 12500, true],
    ["offshore", 15500],
  ],
  bundles: [
    ["essential", 1295],
    ["complete", 2195, true],
    ["business", 3495],
  ],
  express: [
    ["same-day-travel", 1950],
    ["same-day-background", 2150],
  ],
  consultations: [
    ["immigration", 750],
    ["business", 950],
    ["employment", 650],
    ["real-estate", 850],
    ["family", 900],
    ["criminal-defense", 1200],
  ],
};

const SPEC_QUOTE_TIERS: Array<[service: string, tier: string, aed: number, days: string]> = [
  ["travel-ban", "basic", 650, "5-7"],
  ["travel-ban", "fundamental", 750, "3-5"],
  ["travel-ban", "comprehensive", 1250, "5"],
  ["travel-ban", "elite", 2500, "5"],
  ["background", "essential", 695, "7-10"],
  ["background", "standard", 850, "5-7"],
  ["background", "comprehensive", 1450, "7-10"],
  ["background", "executive", 2250, "10-14"],
  ["labor-ban", "basic", 650, "3-5"],
  ["labor-ban", "comprehensive", 950, "3-5"],
  ["contract-review", "basic", 1200, "3-5"],
  ["contract-review", "professional", 2200, "5-7"],
  ["contract-review", "premium", 3500, "7-10"],
];

describe("plan catalogues", () => {
  for (const [list, tiers] of Object.entries(SPEC_PLANS)) {
    it(`${list}: tiers, prices and popular mark as the spec lists them`, () => {
      const actual = planLists[list as PlanListKey].tiers.map((t) => [t.id, t.price / 100, t.popular ?? false]);
      expect(actual).toEqual(tiers.map(([id, price, popular]) => [id, price, popular ?? false]));
      for (const t of planLists[list as PlanListKey].tiers) {
        expect(Number.isInteger(t.price)).toBe(true);
        expect(t.currency).toBe("AED");
        for (const lang of ["en", "ar"] as const) {
          expect(t.name[lang]).not.toBe("");
          expect(t.description[lang]).not.toBe("");
          expect(t.delivery[lang]).not.toBe("");
          expect(t.features[lang].length).toBeGreaterThan(0);
        }
        expect(t.features.ar.length).toBe(t.features.en.length);
      }
    });
  }

  it("carries the spec's deliveries where it gives them", () => {
    expect(findTier("travel-ban", "comprehensive")?.tier.delivery.en).toContain("up to 6 filings");
    expect(findTier("travel-ban", "express")?.tier.delivery.en).toBe("2 days");
    expect(findTier("labor-ban", "express")?.tier.delivery.en).toBe("24 hours");
    expect(findTier("company-formation", "mainland")?.tier.delivery.en).toBe("15-20 business days");
    expect(findTier("company-formation", "freezone")?.tier.delivery.en).toBe("10-15 business days");
    expect(findTier("company-formation", "offshore")?.tier.delivery.en).toBe("12-18 business days");
    expect(findTier("express", "same-day-travel")?.tier.delivery.en).toBe("6 hours");
    expect(findTier("express", "same-day-background")?.tier.delivery.en).toBe("8 hours");
  });

  it("prices the background packages and the wizard's quick check as advertised", () => {
    expect(planLists["background-packages"].tiers.map((t) => [t.id, t.price])).toEqual([
      ["individual", 35_000],
      ["enhanced", 75_000],
      ["due-diligence", 120_000],
    ]);
    expect(findTier("travel-ban-quick", "quick-check")?.tier.price).toBe(20_000);
  });

  it("finds tiers only by an existing (list, tier) pair", () => {
    expect(findTier("travel-ban", "elite")?.tier.price).toBe(250_000);
    expect(findTier("travel-ban", "premium")).toBeUndefined();
    expect(findTier("no-such-list", "basic")).toBeUndefined();
    expect(findTier("travel-ban", 42)).toBeUndefined();
    expect(findTier("__proto__", "constructor")).toBeUndefined();
  });

  it("starts each list from its lowest price", () => {
    expect(lowestPrice("travel-ban")).toBe(65_000);
    expect(lowestPrice("company-formation")).toBe(850_000);
    expect(lowestPrice("express")).toBe(195_000);
    expect(formatMoney(lowestPrice("contract-review"), "en")).toBe("AED 1,200");
  });

  it("advertises only what a plan sells: each 'from' price and time is a tier's", () => {
    expect(homeCardPrices).toEqual({
      travelBanCheck: 20_000,
      backgroundChecks: 35_000,
      contractReview: 120_000,
      companyFormation: 850_000,
    });
    expect(serviceFromPrice("travel-ban-check")).toBe(quickTravelBanCheck.price);
    expect(timelines.travelBanResult).toEqual({ en: "2 minutes", ar: "دقيقتين" });
    expect(timelines.laborBanResult.en).toBe("3-5 business days, or 24 hours with Express");
    expect(timelines.laborBanResult.ar).toBe("3-5 أيام عمل، أو 24 ساعة مع الباقة السريعة");
    expect(timelines.contractReview.en).toBe("3-5 business days");
    expect(timelines.companyFormation.en).toBe("10-15 business days");
    expect(timelines.backgroundHeadline.en).toBe("24-48 hours");
    expect(timelines.backgroundSameDay.en).toBe("8 hours");
    expect(turnaroundText({ value: 24, unit: "hours" }, "ar")).toBe("24 ساعة");
    expect(turnaroundText({ value: 5, unit: "business-days" }, "ar")).toBe("5 أيام عمل");
    expect(turnaroundText({ value: 1, unit: "hours" }, "en")).toBe("1 hour");
  });
});

describe("consultation sessions", () => {
  it("gives a credit for every session a plan's features name, and one per consultation type", () => {
    const withSessions: string[] = [];
    for (const list of PLAN_LIST_KEYS) {
      for (const tier of planLists[list].tiers) {
        const named = tier.features.en.join(" ").match(/\b(One|Two) consultation sessions?\b/);
        const expected = named ? (named[1] === "Two" ? 2 : 1) : list === "consultations" ? 1 : 0;
        expect([list, tier.id, tier.sessions ?? 0]).toEqual([list, tier.id, expected]);
        if (expected > 0) {
          withSessions.push(`${list}/${tier.id}`);
          expect(tier.sessionMinutes).toBeGreaterThan(0);
        }
      }
    }
    // Eleven plans include sessions (Premium contract review and the Business bundle two), plus the six types.
    expect(withSessions.filter((key) => !key.startsWith("consultations/"))).toHaveLength(11);
    expect(sessionCreditsOfLine("contract-review", "premium", 1)).toBe(2);
    expect(sessionCreditsOfLine("legal-consultation", "family", 3)).toBe(3);
    expect(sessionCreditsOfLine("labor-ban-check", "basic", 1)).toBe(0);
    expect(sessionCreditsOfLine("legal-consultation", "no-such-type", 1)).toBe(0);
  });

  it("sells each consultation type at its price for the longest length it advertises", () => {
    expect(planLists.consultations.tiers.map((t) => [t.id, t.price / 100, t.sessionMinutes])).toEqual([
      ["immigration", 750, 60],
      ["business", 950, 90],
      ["employment", 650, 60],
      ["real-estate", 850, 75],
      ["family", 900, 90],
      ["criminal-defense", 1200, 120],
    ]);
    for (const key of CONSULTATION_KEYS)
      expect(consultations[key].minutes.split("-").at(-1)).toBe(String(consultations[key].maxMinutes));
  });
});

describe("quote", () => {
  it("has the spec's speed multipliers", () => {
    expect(SPEED_MULTIPLIERS).toEqual({ standard: 1, express: 1.5, "same-day": 2.5 });
  });

  it("offers exactly the spec's quote tiers, priced and delivered as listed", () => {
    const actual = QUOTE_SERVICES.flatMap((service) =>
      quoteTiers[service].map((t) => [
        service,
        t.tierId,
        findTier(service, t.tierId)!.tier.price / 100,
        t.deliveryDays,
      ]),
    );
    expect(actual).toEqual(SPEC_QUOTE_TIERS);
    const options = quoteOptions("en");
    expect(options.map((o) => o.tiers.length)).toEqual([4, 4, 2, 3]);
  });

  // Every (service, tier, speed) of the spec's tables.
  for (const [service, tier, price, days] of SPEC_QUOTE_TIERS) {
    for (const speed of SPEEDS) {
      it(`${service}/${tier}/${speed}: round(${price} × multiplier), savings 10% unless standard`, () => {
        const result = quote(service, tier, speed)!;
        const multiplier = { standard: 1, express: 1.5, "same-day": 2.5 }[speed];
        expect(result.basePrice).toBe(price * 100);
        expect(result.urgencyMultiplier).toBe(multiplier);
        expect(result.finalPrice).toBe(Math.round(price * multiplier) * 100);
        expect(result.savings).toBe(speed === "standard" ? 0 : price * 10);
        expect(result.delivery).toBe(days);
        expect(result.urgency).toBe(speed);
      });
    }
  }

  it("rounds half dirhams up, as Math.round does", () => {
    expect(computeQuote(69_500, "express").finalPrice).toBe(104_300);
    expect(formatMoney(computeQuote(69_500, "express").savings, "en")).toBe("AED 69.50");
  });

  it("refuses a tier that does not belong to the service", () => {
    expect(quote("labor-ban", "elite", "standard")).toBeUndefined();
    expect(quote("company-formation", "mainland", "standard")).toBeUndefined();
  });
});

describe("cart lines at a quoted speed", () => {
  it("are priced like the quote, only for the tiers the calculator offers", () => {
    expect(priceLine("labor-ban", "comprehensive", "express")?.unitPrice).toBe(142_500);
    expect(priceLine("labor-ban", "comprehensive")?.unitPrice).toBe(95_000);
    for (const service of QUOTE_SERVICES) {
      for (const { tierId } of quoteTiers[service])
        for (const speed of SPEEDS)
          expect(priceLine(service, tierId, speed)?.unitPrice).toBe(quote(service, tierId, speed)!.finalPrice);
    }
    // Express is a plan of its own in the labor-ban list, not a quote tier: no speed on top.
    expect(priceLine("labor-ban", "express", "express")).toBeUndefined();
    expect(priceLine("bundles", "complete", "same-day")).toBeUndefined();
    expect(priceLine("bundles", "complete")?.unitPrice).toBe(219_500);
  });

  it("are named with their speed in both languages", () => {
    expect(speedLabel("standard", "en")).toBeNull();
    expect(speedLabel("express", "en")).toBe("Express (×1.5)");
    expect(speedLabel("same-day", "ar")).toBe("في اليوم نفسه (×2.5)");
  });
});

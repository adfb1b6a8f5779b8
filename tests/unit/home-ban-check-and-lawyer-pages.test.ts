import { describe, expect, it } from "vitest";
import { claims, EMIRATES, homeCardPrices, lowestPrice, planLists } from "../../app/catalogue";
import { ASSISTANT_SECTION_ID, askLawyerContent } from "../../app/content/ask-lawyer.server";
import { courtPoliceCaseCheckContent } from "../../app/content/court-police-case-check.server";
import { homeContent } from "../../app/content/home.server";
import { laborBanCheckContent } from "../../app/content/labor-ban-check.server";
import { publicPaths } from "../../app/content/public-routes";
import { travelBanAppealContent } from "../../app/content/travel-ban-appeal.server";
import { travelBanCheckContent } from "../../app/content/travel-ban-check.server";
import type { PageContent, PageSection } from "../../app/content/types";
import { formatMoney } from "../../app/i18n/format";
import { LANGS, type Lang } from "../../app/i18n/lang";
import type { SiteConfig } from "../../app/root-data";

const site: SiteConfig = {
  name: "Test Legal",
  url: "https://legal.example",
  phone: "+971 4 555 0100",
  email: "hello@legal.example",
  hours: "Sun-Thu 9-18",
};

type Builder = (lang: Lang, site: SiteConfig) => PageContent;
const pages: Record<string, Builder> = {
  "/": homeContent,
  "/ban-checks/travel-ban-check": travelBanCheckContent,
  "/ban-checks/travel-ban-appeal": travelBanAppealContent,
  "/ban-checks/labor-ban-check": laborBanCheckContent,
  "/ban-checks/court-police-case-check": courtPoliceCaseCheckContent,
  "/ask-lawyer": askLawyerContent,
};

function section<K extends PageSection["kind"]>(
  page: PageContent,
  id: string,
  kind: K,
): Extract<PageSection, { kind: K }> {
  const found = page.sections.find((s) => s.id === id);
  expect(found, `section ${id}`).toBeDefined();
  expect(found!.kind).toBe(kind);
  return found as Extract<PageSection, { kind: K }>;
}

/** The shape of a page without its words: kinds, ids and item counts. */
function shape(page: PageContent) {
  return page.sections.map((s) => {
    const count =
      "items" in s
        ? s.items.length
        : "steps" in s
          ? s.steps.length
          : "rows" in s
            ? s.rows.length
            : "ctas" in s && s.ctas
              ? s.ctas.length
              : s.kind === "plans"
                ? s.plans.tiers.length
                : 0;
    return `${s.kind}#${s.id}:${count}`;
  });
}

describe("content of the home, ban-check and ask-a-lawyer pages", () => {
  for (const [path, build] of Object.entries(pages)) {
    it(`${path}: English and Arabic have the same sections, counts and no empty text`, () => {
      const en = build("en", site);
      const ar = build("ar", site);
      expect(shape(ar)).toEqual(shape(en));
      const ids = en.sections.map((s) => s.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const page of [en, ar]) {
        expect(page.meta.title.length).toBeGreaterThan(3);
        expect(page.meta.description.length).toBeGreaterThan(50);
        expect(page.meta.keywords?.length).toBeGreaterThan(2);
        expect(page.structuredData?.length).toBeGreaterThan(0);
        for (const text of JSON.stringify(page.sections).match(/"(title|text|question|answer|lead|label)":"[^"]*"/g) ??
          []) {
          expect(text).not.toMatch(/:""$/);
        }
      }
      // The Arabic page is in Arabic: its title has Arabic letters.
      expect(ar.meta.title).toMatch(/[\u0600-\u06FF]/);
      expect(publicPaths).toContain(path);
    });
  }

  it("home: the spec's ten sections in order", () => {
    expect(homeContent("en", site).sections.map((s) => s.kind)).toEqual([
      "hero",
      "cards",
      "cards",
      "cards",
      "table",
      "quote",
      "steps",
      "quotes",
      "faq",
      "cta",
    ]);
  });

  for (const lang of LANGS) {
    it(`home (${lang}): four service cards priced from the catalogue, travel ban check marked most popular`, () => {
      const home = homeContent(lang, site);
      const cards = section(home, "services", "cards").items;
      const prices = [
        homeCardPrices.travelBanCheck,
        homeCardPrices.backgroundChecks,
        homeCardPrices.contractReview,
        homeCardPrices.companyFormation,
      ];
      expect(cards).toHaveLength(4);
      cards.forEach((card, index) => expect(card.price).toContain(formatMoney(prices[index]!, lang)));
      expect(cards.map((card) => Boolean(card.badge))).toEqual([true, false, false, false]);
      expect(section(home, "credentials", "cards").items).toHaveLength(4);
      expect(section(home, "how-it-works", "steps").steps).toHaveLength(3);
      expect(section(home, "testimonials", "quotes").items).toHaveLength(3);
      expect(section(home, "home-faq", "faq").items).toHaveLength(5);
      const hero = section(home, "home-hero", "hero");
      expect(hero.ctas?.map((cta) => cta.to)).toEqual(["/ban-checks/travel-ban-check", "/ask-lawyer"]);
      const claimsText = hero.highlights!.join(" ");
      for (const claim of [claims.professionals[lang], claims.accuracy[lang], claims.support[lang]])
        expect(claimsText).toContain(claim);
    });
  }

  it("home: English texts of the spec", () => {
    const home = homeContent("en", site);
    const hero = section(home, "home-hero", "hero");
    expect(hero.ctas?.map((cta) => cta.label)).toEqual(["Check Travel Status", "Consult Legal Expert"]);
    expect(hero.highlights).toEqual([
      "Trusted by 10,000+ professionals",
      "99.9% accuracy",
      "2 minute average response",
      "24/7 support",
    ]);
    expect(section(home, "services", "cards").items.map((card) => [card.title, card.price, card.badge])).toEqual([
      ["Travel Ban Check", "From AED 200", "Most Popular"],
      ["Background Checks", "From AED 350", undefined],
      ["Contract Review", "From AED 1,200", undefined],
      ["Company Formation", "From AED 8,500", undefined],
    ]);
    expect(section(home, "how-it-works", "steps").steps.map((step) => step.title)).toEqual([
      "Submit Your Request",
      "Professional Review",
      "Receive Results",
    ]);
  });

  it("home: LegalService JSON-LD with the configured contact details and catalogue 'from' prices", () => {
    const [organisation] = homeContent("en", site).structuredData!;
    expect(organisation).toMatchObject({
      "@type": "LegalService",
      name: site.name,
      telephone: site.phone,
      email: site.email,
      url: "https://legal.example/",
    });
    const offers = (
      organisation!.hasOfferCatalog as {
        itemListElement: Array<{ priceSpecification: { minPrice: string }; url: string }>;
      }
    ).itemListElement;
    expect(offers.map((offer) => offer.priceSpecification.minPrice)).toEqual(["200", "350", "1200", "8500"]);
    expect(offers[0]!.url).toBe("https://legal.example/ban-checks/travel-ban-check");
    const [arabic] = homeContent("ar", site).structuredData!;
    expect((arabic!.hasOfferCatalog as { itemListElement: Array<{ url: string }> }).itemListElement[0]!.url).toBe(
      "https://legal.example/ar/ban-checks/travel-ban-check",
    );
  });

  for (const lang of LANGS) {
    it(`travel ban check (${lang}): static card figures, the travel-ban packages at catalogue prices, four ban types, Offer JSON-LD`, () => {
      const page = travelBanCheckContent(lang, site);
      expect(section(page, "check-status", "travel-check").stats?.map((s) => s.value)).toEqual([
        claims.checksCompleted[lang],
        claims.accuracy[lang],
      ]);
      const plans = section(page, "packages", "plans").plans;
      expect(plans.key).toBe("travel-ban");
      expect(plans.lowestPrice).toBe(lowestPrice("travel-ban"));
      expect(plans.tiers.map((t) => [t.id, t.price, t.popular])).toEqual(
        planLists["travel-ban"].tiers.map((t) => [t.id, t.price, Boolean(t.popular)]),
      );
      expect(section(page, "ban-types", "cards").items).toHaveLength(4);
      expect(section(page, "travel-ban-faq", "faq").items.length).toBeGreaterThanOrEqual(5);
      const [service] = page.structuredData!;
      const offers = service!.offers as Array<{ price: string; priceCurrency: string }>;
      expect(offers.map((offer) => Number(offer.price) * 100)).toEqual(
        planLists["travel-ban"].tiers.map((t) => t.price),
      );
      expect(offers.every((offer) => offer.priceCurrency === "AED")).toBe(true);
    });
  }

  for (const lang of LANGS) {
    it(`ban-check pages (${lang}): the spec's counts and inquiry service keys`, () => {
      const appeal = travelBanAppealContent(lang, site);
      expect(section(appeal, "appeal-process", "steps").steps).toHaveLength(4);
      expect(section(appeal, "appeal-faq", "faq").items).toHaveLength(5);
      expect(section(appeal, "inquiry", "inquiry").service).toBe("travel-ban-appeal");
      expect(section(appeal, "timelines", "table").rows).toHaveLength(6);

      const labor = laborBanCheckContent(lang, site);
      expect(section(labor, "ban-types", "cards").items).toHaveLength(2);
      expect(section(labor, "process", "steps").steps).toHaveLength(3);
      expect(section(labor, "labor-ban-faq", "faq").items).toHaveLength(6);
      expect(section(labor, "inquiry", "inquiry").service).toBe("labor-ban-check");
      expect((labor.structuredData![0]!.offers as { lowPrice: string }).lowPrice).toBe(
        String(lowestPrice("labor-ban") / 100),
      );

      const court = courtPoliceCaseCheckContent(lang, site);
      expect(section(court, "case-types", "cards").items).toHaveLength(3);
      expect(section(court, "process", "steps").steps).toHaveLength(4);
      expect(section(court, "emirates", "list").items).toEqual(EMIRATES.map((e) => e[lang]));
      expect(section(court, "case-check-faq", "faq").items).toHaveLength(6);
      expect(section(court, "inquiry", "inquiry").service).toBe("court-police-case-check");
    });
  }

  it("ask-a-lawyer: the spec's title, eight services, the assistant section and the legal-consultation inquiry", () => {
    const page = askLawyerContent("en", site);
    expect(page.meta.title).toBe("Consult with Licensed UAE Lawyers");
    const hero = section(page, "ask-lawyer-hero", "hero");
    expect(hero.highlights?.join(" ")).toMatch(/24 hours.*Licensed/);
    expect(hero.ctas?.map((cta) => cta.to)).toEqual(["tel:+97145550100", "mailto:hello@legal.example"]);
    expect(section(page, "legal-services", "list").items).toHaveLength(8);
    expect(section(page, "why-our-team", "cards").title).toBe("Why choose our legal team");
    expect(ASSISTANT_SECTION_ID).not.toBe("assistant");
    section(page, ASSISTANT_SECTION_ID, "assistant");
    const inquiry = section(page, "inquiry", "inquiry");
    expect(inquiry).toMatchObject({ service: "legal-consultation", title: "Submit Your Legal Inquiry" });
    expect(page.sections.map((s) => s.kind).slice(-2)).toEqual(["assistant", "inquiry"]);
  });

  // What a visitor reads on these pages, as the browser tests used to read it off the screen.
  it("home: the sections in the spec's order, by the ids their links point at", () => {
    expect(homeContent("en", site).sections.map((s) => s.id)).toEqual([
      "home-hero",
      "services",
      "why-choose",
      "credentials",
      "comparison",
      "quote",
      "how-it-works",
      "testimonials",
      "home-faq",
      "get-started",
    ]);
  });

  it("travel ban check: the card's 10K+ and 99.9%, packages starting from AED 650, the comprehensive one at AED 1,250 most popular", () => {
    const page = travelBanCheckContent("en", site);
    expect(section(page, "check-status", "travel-check").stats?.map((s) => s.value)).toEqual(["10K+", "99.9%"]);
    const plans = section(page, "packages", "plans").plans;
    expect(`Starting from ${formatMoney(plans.lowestPrice, "en")}`).toBe("Starting from AED 650");
    expect(plans.tiers).toHaveLength(5);
    const comprehensive = plans.tiers.find((t) => t.id === "comprehensive")!;
    expect([formatMoney(comprehensive.price, "en"), Boolean(comprehensive.popular)]).toEqual(["AED 1,250", true]);
    expect(section(page, "travel-ban-faq", "faq").items).toHaveLength(5);
  });

  it("labor ban check: temporary and permanent bans; three plans from AED 650, comprehensive AED 950 most popular, express AED 1,350 in 24 hours", () => {
    const page = laborBanCheckContent("en", site);
    expect(section(page, "ban-types", "cards").items.map((item) => item.title)).toEqual([
      "Temporary labor ban",
      "Permanent labor ban",
    ]);
    const plans = section(page, "plans", "plans").plans;
    expect(plans.key).toBe("labor-ban");
    expect(`Starting from ${formatMoney(plans.lowestPrice, "en")}`).toBe("Starting from AED 650");
    expect(plans.tiers.map((t) => [t.id, formatMoney(t.price, "en"), Boolean(t.popular)])).toEqual([
      ["basic", "AED 650", false],
      ["comprehensive", "AED 950", true],
      ["express", "AED 1,350", false],
    ]);
    expect(JSON.stringify(plans.tiers.find((t) => t.id === "express"))).toContain("24 hours");
  });

  it("ask-a-lawyer: headed Consult with Licensed UAE Lawyers, a response within 24 hours by licensed professionals", () => {
    const hero = section(askLawyerContent("en", site), "ask-lawyer-hero", "hero");
    expect(hero.title).toBe("Consult with Licensed UAE Lawyers");
    expect(hero.highlights).toEqual(
      expect.arrayContaining(["Response within 24 hours", "Licensed legal professionals"]),
    );
  });
});

describe("the quote page", () => {
  it("offers the spec's bundles (essential 1295, complete 2195 popular, business 3495) after the calculator, in both languages", async () => {
    const { quotePageContent } = await import("../../app/content/quote.server");
    for (const lang of LANGS) {
      const page = quotePageContent(lang);
      expect(page.sections.map((s) => s.kind)).toEqual(["hero", "quote", "plans"]);
      const bundles = section(page, "bundles", "plans");
      expect(bundles.plans.key).toBe("bundles");
      expect(bundles.plans.tiers.map((t) => [t.id, t.price / 100, Boolean(t.popular)])).toEqual([
        ["essential", 1295, false],
        ["complete", 2195, true],
        ["business", 3495, false],
      ]);
      expect(bundles.intro).toBeTruthy();
    }
  });
});

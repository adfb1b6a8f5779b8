import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  consultations,
  CONSULTATION_KEYS,
  lowestPrice,
  planLists,
  type PlanListKey,
  type ServiceKey,
} from "../../app/catalogue";
import { backgroundChecksContent, backgroundChecksGccContent } from "../../app/content/background-checks.server";
import { companyFormationContent, contractsReviewContent } from "../../app/content/contracts-and-formation.server";
import {
  clientCreditCheckContent,
  employeeCheckContent,
  receivableManagementContent,
} from "../../app/content/business-services.server";
import {
  attorneyNetworkContent,
  careersContent,
  contactContent,
  partnersContent,
  technologyContent,
} from "../../app/content/company.server";
import {
  dataRetentionPolicyContent,
  partnerAgreementContent,
  privacyPolicyContent,
  refundPolicyContent,
  termsOfServiceContent,
} from "../../app/content/legal.server";
import { ENGLISH_PREVAILS } from "../../app/content/section-builders.server";
import { describeRule, RETENTION_RULES } from "../../app/privacy/retention";
import { RETENTION_JOBS } from "../../app/privacy/retention-jobs.server";
import { CONVERSATION_RETENTION_DAYS } from "../../app/assistant/conversations.server";
import {
  complianceAuditContent,
  documentAuthenticationContent,
  legalConsultationContent,
} from "../../app/content/services.server";
import type { PageSource } from "../../app/content/page.server";
import { publicPaths } from "../../app/content/public-routes";
import type { PageContent, PageSection } from "../../app/content/types";
import { DEFAULT_OFFICE_HOURS, parseEnv } from "../../app/env.server";
import { fill } from "../../app/i18n/fill";
import { formatMoney } from "../../app/i18n/format";
import { LANGS, type Lang } from "../../app/i18n/lang";
import { uiStrings } from "../../app/i18n/ui.server";

type Expected = {
  source: PageSource;
  /** The inquiry slot's service key, when the page has one. */
  inquiry?: ServiceKey;
  plans?: PlanListKey;
  faqs?: number;
  steps?: number;
  /** The contact block sits beside the inquiry form. */
  sideContact?: boolean;
  /** A legal document: dated, and in Arabic with the note that the English version prevails. */
  legal?: boolean;
};

// The pages of the business, start-up, services, company and legal areas, by path.
const pages: Record<string, Expected> = {
  "/for-business/background-checks": {
    source: backgroundChecksContent,
    inquiry: "background-check",
    plans: "background-packages",
  },
  "/for-business/background-checks-gcc": {
    source: backgroundChecksGccContent,
    inquiry: "background-check-gcc",
    faqs: 6,
    steps: 4,
  },
  "/for-business/contracts-review": {
    source: contractsReviewContent,
    inquiry: "contract-review",
    plans: "contract-review",
  },
  "/startup-uae/company-formation": {
    source: companyFormationContent,
    inquiry: "company-formation",
    plans: "company-formation",
    steps: 4,
  },
  "/services/document-authentication": {
    source: documentAuthenticationContent,
    inquiry: "general",
    sideContact: true,
    steps: 4,
  },
  "/services/legal-consultation": { source: legalConsultationContent, inquiry: "general", sideContact: true, steps: 3 },
  "/services/compliance-audit": { source: complianceAuditContent, inquiry: "general", sideContact: true, steps: 4 },
  "/for-business/client-credit-check": { source: clientCreditCheckContent, inquiry: "general", steps: 3 },
  "/for-business/receivable-management": { source: receivableManagementContent, inquiry: "general", steps: 4 },
  "/for-business/employee-check": {
    source: employeeCheckContent,
    inquiry: "background-check",
    plans: "background",
    faqs: 4,
    steps: 4,
  },
  "/technology": { source: technologyContent },
  "/careers": { source: careersContent, steps: 3 },
  "/partners": { source: partnersContent, inquiry: "general" },
  "/attorney-network": { source: attorneyNetworkContent, inquiry: "general" },
  "/contact": { source: contactContent, inquiry: "general", sideContact: true },
  "/privacy-policy": { source: privacyPolicyContent, legal: true },
  "/data-retention-policy": { source: dataRetentionPolicyContent, legal: true },
  "/terms-of-service": { source: termsOfServiceContent, legal: true },
  "/refund-policy": { source: refundPolicyContent, legal: true },
  "/partner-agreement": { source: partnerAgreementContent, legal: true },
};

const site = {
  name: "Sanad Legal",
  url: "https://sanadlegal.ae",
  phone: "+971 4 123 4567",
  email: "info@sanadlegal.ae",
  hours: "",
};
const page = (source: PageSource, lang: Lang): PageContent =>
  typeof source === "function" ? source(lang, { ...site, hours: DEFAULT_OFFICE_HOURS[lang] }) : source[lang];
const ofKind = <K extends PageSection["kind"]>(content: PageContent, kind: K) =>
  content.sections.filter((s): s is Extract<PageSection, { kind: K }> => s.kind === kind);
/** The currency as every English page writes it (decision 061). */
const AED_SYMBOL = "AED";
const arabicLetters = /[\u0600-\u06FF]/;
/** Every string in a value, deeply. */
const strings = (value: unknown): string[] =>
  typeof value === "string"
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(strings)
      : value && typeof value === "object"
        ? Object.values(value).flatMap(strings)
        : [];

describe.each(Object.entries(pages))("%s", (pathname, expected) => {
  const en = page(expected.source, "en");
  const ar = page(expected.source, "ar");

  it("has metadata in both languages: title without the site suffix, description, keywords", () => {
    for (const content of [en, ar]) {
      expect(content.meta.title.length).toBeGreaterThan(3);
      expect(content.meta.title).not.toContain("|");
      expect(content.meta.description.length).toBeGreaterThan(50);
      expect(content.meta.description.length).toBeLessThanOrEqual(200);
      expect(content.meta.keywords?.length).toBeGreaterThanOrEqual(3);
    }
    expect(en.meta.title).not.toMatch(arabicLetters);
    expect(ar.meta.title).toMatch(arabicLetters);
    expect(ar.meta.description).toMatch(arabicLetters);
  });

  it("has the same sections in both languages, the Arabic one written in Arabic", () => {
    expect(ar.sections.map((s) => [s.kind, s.id])).toEqual(en.sections.map((s) => [s.kind, s.id]));
    expect(new Set(en.sections.map((s) => s.id)).size).toBe(en.sections.length);
    expect(en.sections[0]?.kind).toBe("hero");
    for (const [index, section] of ar.sections.entries()) {
      const mirror = en.sections[index]!;
      // Lists, steps, FAQs and cards have as many entries in Arabic as in English.
      // (A document's blocks are compared by the legal test: the Arabic one adds its language note.)
      for (const key of ["items", "steps", "rows"] as const) {
        if (key in section)
          expect((section as unknown as Record<string, unknown[]>)[key]!.length).toBe(
            (mirror as unknown as Record<string, unknown[]>)[key]!.length,
          );
      }
      // Every heading and sentence of the Arabic page is Arabic (figures, names and prices aside).
      const prose = strings({
        ...section,
        plans: undefined,
        id: undefined,
        kind: undefined,
        service: undefined,
        tone: undefined,
        ctas: undefined,
      }).filter((s) => /[a-z]{4,}/i.test(s) && !/^[#/]/.test(s));
      for (const text of prose) expect(text, `${section.id}: "${text}"`).toMatch(arabicLetters);
    }
  });

  it("is registered as a public route with a route module", () => {
    expect(publicPaths).toContain(pathname);
    const file = path.join("app/routes", `($lang)${pathname.replace(/\//g, ".")}.tsx`);
    expect(fs.existsSync(file), file).toBe(true);
  });

  if (expected.inquiry) {
    it(`places the inquiry slot with service key ${expected.inquiry}`, () => {
      for (const content of [en, ar]) {
        const slots = ofKind(content, "inquiry");
        expect(slots).toHaveLength(1);
        expect(slots[0]!.service).toBe(expected.inquiry);
        expect(slots[0]!.id).toBe("inquiry");
        expect(Boolean(slots[0]!.contact), "contact block beside the form").toBe(Boolean(expected.sideContact));
      }
    });
  }

  if (expected.plans) {
    it(`shows the ${expected.plans} plans with the catalogue's names and prices`, () => {
      const list = planLists[expected.plans!];
      for (const lang of LANGS) {
        const [plans] = ofKind(page(expected.source, lang), "plans");
        expect(plans?.plans.key).toBe(expected.plans);
        expect(plans?.plans.lowestPrice).toBe(Math.min(...list.tiers.map((t) => t.price)));
        expect(plans?.plans.tiers.map((t) => [t.id, t.name, t.price, Boolean(t.popular)])).toEqual(
          list.tiers.map((t) => [t.id, t.name[lang], t.price, Boolean(t.popular)]),
        );
      }
    });
  }

  if (expected.faqs) {
    it(`has ${expected.faqs} FAQs in each language`, () => {
      for (const content of [en, ar]) expect(ofKind(content, "faq")[0]?.items).toHaveLength(expected.faqs!);
    });
  }

  if (expected.steps) {
    it(`has a ${expected.steps}-step process`, () => {
      for (const content of [en, ar]) expect(ofKind(content, "steps")[0]?.steps).toHaveLength(expected.steps!);
    });
  }

  if (expected.legal) {
    it("is a dated document whose Arabic version defers to the English", () => {
      const [enDoc] = ofKind(en, "prose");
      const [arDoc] = ofKind(ar, "prose");
      expect(enDoc?.updated).toBe("January 2025");
      expect(arDoc?.updated).toBe("يناير 2025");
      expect(arDoc?.blocks[0]).toEqual({ note: ENGLISH_PREVAILS });
      expect(enDoc?.blocks.some((b) => "note" in b)).toBe(false);
      const text = strings(enDoc?.blocks).join(" ");
      expect(text).toContain("United Arab Emirates");
      expect(text).toContain(site.email);
      expect(enDoc!.blocks.filter((b) => "h" in b).length).toBeGreaterThanOrEqual(5);
      // Both versions have the same structure: headings, paragraphs and lists in the same order.
      expect(arDoc!.blocks.slice(1).map((b) => Object.keys(b)[0])).toEqual(enDoc!.blocks.map((b) => Object.keys(b)[0]));
    });
  }

  it("links only to its own anchors or to pages that exist", () => {
    const known = new Set([
      ...publicPaths,
      "/",
      "/ask-lawyer",
      "/quote",
      "/request-check",
      "/client-login",
      "/checkout",
    ]);
    for (const content of [en, ar]) {
      const ctas = content.sections.flatMap((s) => [
        ...("ctas" in s ? (s.ctas ?? []) : []),
        ...(s.kind === "cards" ? s.items.flatMap((i) => (i.link ? [i.link] : [])) : []),
      ]);
      const targets = ctas.map((c) => c.to);
      const ids = new Set(content.sections.map((s) => s.id));
      for (const to of targets) {
        if (to.startsWith("#")) expect(ids.has(to.slice(1)), to).toBe(true);
        else expect(known.has(to.split("#")[0]!), to).toBe(true);
      }
    }
  });
});

describe("prices on service pages come from the catalogue", () => {
  it("background checks: three packages at the spec's marketing prices, sold with Select Package", () => {
    const [plans] = ofKind(page(backgroundChecksContent, "en"), "plans");
    expect(plans?.plans.tiers.map((t) => t.price / 100)).toEqual([350, 750, 1200]);
    expect(plans?.buttonLabel).toBe("Select Package");
    expect(ofKind(page(backgroundChecksContent, "ar"), "plans")[0]?.buttonLabel).toBe("اختر الباقة");
  });

  it("contract review and company formation show their cheapest plan's price and the fastest plan's delivery", () => {
    expect(ofKind(page(contractsReviewContent, "en"), "hero")[0]?.highlights).toEqual(
      expect.arrayContaining([`From ${AED_SYMBOL} 1,200`, "Reviewed in 3-5 business days"]),
    );
    const formation = ofKind(page(companyFormationContent, "en"), "hero")[0]?.highlights?.join(" ");
    expect(formation).toContain(`from ${AED_SYMBOL} 8,500`);
    expect(formation).toContain("10-15 business days");
    expect(ofKind(page(companyFormationContent, "ar"), "hero")[0]?.highlights?.join(" ")).toContain(
      formatMoney(lowestPrice("company-formation"), "ar"),
    );
  });
});

describe("consultation and audit prices come from the catalogue", () => {
  it("sells every consultation type from the catalogue at a fixed price and a stated session length", () => {
    for (const lang of LANGS) {
      const plans = ofKind(page(legalConsultationContent, lang), "plans").find((s) => s.id === "consultation-types")!;
      expect(plans.plans.key).toBe("consultations");
      expect(plans.plans.tiers.map((t) => [t.id, t.price])).toEqual(
        CONSULTATION_KEYS.map((key) => [key, consultations[key].from]),
      );
      expect(plans.plans.tiers.map((t) => t.price)).toEqual(planLists.consultations.tiers.map((t) => t.price));
    }
    const en = ofKind(page(legalConsultationContent, "en"), "plans")[0]!;
    expect(en.plans.tiers.map((t) => [t.name, formatMoney(t.price, "en"), t.features[0]])).toEqual([
      ["Immigration Consultation", `${AED_SYMBOL} 750`, "One 60-minute session"],
      ["Business Consultation", `${AED_SYMBOL} 950`, "One 90-minute session"],
      ["Employment Consultation", `${AED_SYMBOL} 650`, "One 60-minute session"],
      ["Real Estate Consultation", `${AED_SYMBOL} 850`, "One 75-minute session"],
      ["Family Consultation", `${AED_SYMBOL} 900`, "One 90-minute session"],
      ["Criminal Defense Consultation", `${AED_SYMBOL} 1,200`, "One 120-minute session"],
    ]);
    expect(ofKind(page(legalConsultationContent, "ar"), "plans")[0]!.plans.tiers[0]!.features[0]).toBe(
      "جلسة واحدة مدتها 60 دقيقة",
    );
    expect(ofKind(page(legalConsultationContent, "en"), "hero")[0]!.ctas?.[0]).toEqual({
      label: "Book Consultation",
      to: "#consultation-types",
    });
  });

  it("shows the four audits, priced by a written quote, with Request Audit Quote", () => {
    const en = ofKind(page(complianceAuditContent, "en"), "cards")[0]!;
    expect(en.items.map((c) => [c.title, c.price, c.points?.[0]])).toEqual([
      ["Corporate Compliance", undefined, "Price and duration in a written quote once scoped"],
      ["Employment Compliance", undefined, "Price and duration in a written quote once scoped"],
      ["Regulatory Compliance", undefined, "Price and duration in a written quote once scoped"],
      ["Data Protection", undefined, "Price and duration in a written quote once scoped"],
    ]);
    expect(en.items.every((c) => c.link?.label === "Request Audit Quote" && c.link.to === "#inquiry")).toBe(true);
    expect(page(complianceAuditContent, "en").meta.description).not.toMatch(/AED|\d{1,3},\d{3}/);
  });

  it("gives search engines the prices of what is sold, and no offer for what is not", () => {
    const data = page(legalConsultationContent, "en").structuredData?.[0] as { offers?: { lowPrice: string } };
    expect(data.offers?.lowPrice).toBe("650");
    const audit = page(complianceAuditContent, "en").structuredData?.[0] as { offers?: unknown };
    expect(audit.offers).toBeUndefined();
    const plans = page(backgroundChecksContent, "ar").structuredData?.[0] as {
      offers?: Array<{ price: string; name: string }>;
    };
    expect(plans.offers?.map((o) => o.price)).toEqual(["350", "750", "1200"]);
    expect(plans.offers?.[0]?.name).toMatch(arabicLetters);
  });
});

describe("legal documents say what the product decided", () => {
  const text = (source: PageSource, lang: Lang = "en") =>
    strings(ofKind(page(source, lang), "prose")[0]?.blocks).join(" ");

  it("terms: not a law firm, no legal advice, fees non-refundable unless the refund policy says otherwise, UAE law", () => {
    const terms = text(termsOfServiceContent);
    expect(terms).toContain("We are not a law firm or a lawyer referral service, we do not give legal or tax advice");
    expect(terms).toContain("Fees are non-refundable, except as set out in our Refund Policy.");
    expect(terms).toContain("governed by the federal laws of the United Arab Emirates");
    expect(text(refundPolicyContent)).toContain("fees are non-refundable except in the cases below");
  });

  it("data retention: the page lists every kind of the retention table, and every kind listed has a job applying its period", () => {
    for (const lang of LANGS) {
      const policy = text(dataRetentionPolicyContent, lang);
      for (const rule of RETENTION_RULES) expect(policy).toContain(describeRule(rule, lang));
    }
    // Each line of the page's list is one kind of the table; a kind without a job fails here.
    const strings = (value: unknown): string[] =>
      typeof value === "string"
        ? [value]
        : value && typeof value === "object"
          ? Object.values(value).flatMap(strings)
          : [];
    const listed = strings(dataRetentionPolicyContent("en", site)).filter((line) =>
      /^[^:]+: \d+ (?:days?|months?|years?) /.test(line),
    );
    expect(listed).toHaveLength(RETENTION_RULES.length);
    for (const line of listed) {
      const rule = RETENTION_RULES.find((candidate) => line === describeRule(candidate, "en"));
      expect(rule, `"${line}" is not a kind of the retention table`).toBeDefined();
      expect(typeof RETENTION_JOBS[rule!.kind], `no retention job for ${rule!.kind}`).toBe("function");
    }
    expect(text(dataRetentionPolicyContent)).toContain(
      `Conversations with the AI legal assistant: ${CONVERSATION_RETENTION_DAYS} days from the last message.`,
    );
  });

  it("privacy: only necessary cookies, no selling of data, rights and the UAE data protection law", () => {
    const privacy = text(privacyPolicyContent);
    expect(privacy).toContain("Federal Decree-Law No. 45 of 2021");
    expect(privacy).toContain("We do not sell personal data");
    expect(privacy).toContain("no third-party tracking cookies");
    // The phone number inside Arabic text is isolated, so it reads "+971 4 123 4567" and not reordered.
    expect(text(privacyPolicyContent, "ar")).toContain(`\u2066${site.phone}\u2069`);
  });
});

describe("office hours", () => {
  it("come in Arabic on Arabic pages by default, and follow the configuration", () => {
    const defaults = parseEnv({ NODE_ENV: "test", DATA_DIR: "/tmp/sanad-content-test" });
    expect(defaults.OFFICE_HOURS).toBe(DEFAULT_OFFICE_HOURS.en);
    expect(defaults.OFFICE_HOURS_AR).toBe(DEFAULT_OFFICE_HOURS.ar);
    expect(defaults.OFFICE_HOURS_AR).toMatch(arabicLetters);

    const both = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: "/tmp/sanad-content-test",
      OFFICE_HOURS: "Monday to Friday, 8:00 to 17:00",
      OFFICE_HOURS_AR: "من الاثنين إلى الجمعة، من 8:00 إلى 17:00",
    });
    expect(both.OFFICE_HOURS_AR).toBe("من الاثنين إلى الجمعة، من 8:00 إلى 17:00");

    // Changed English hours without an Arabic rendering: the configured hours, never the stale default.
    const englishOnly = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: "/tmp/sanad-content-test",
      OFFICE_HOURS: "Monday to Friday, 8:00 to 17:00",
    });
    expect(englishOnly.OFFICE_HOURS_AR).toBe("Monday to Friday, 8:00 to 17:00");
  });
});

// What a visitor reads on these pages, checked on the content the pages render (no browser needed:
// the browser tests check what only a browser shows, such as links that lead somewhere).
describe("what the service, company and legal pages say", () => {
  const hero = (source: PageSource, lang: Lang) => ofKind(page(source, lang), "hero")[0]!;
  const byId = (source: PageSource, lang: Lang, id: string) => page(source, lang).sections.find((s) => s.id === id);
  const itemsOf = (source: PageSource, lang: Lang, id: string) =>
    (byId(source, lang, id) as { items?: unknown[] } | undefined)?.items;
  const plansOf = (source: PageSource, lang: Lang, id = "plans") =>
    ofKind(page(source, lang), "plans").find((s) => s.id === id)!.plans;

  it("background checks: its title, three packages from AED 350 with the middle one most popular, eight things verified", () => {
    expect(page(backgroundChecksContent, "en").meta.title).toBe("Background Checks for Employers in the UAE");
    const plans = plansOf(backgroundChecksContent, "en");
    expect(`Starting from ${formatMoney(plans.lowestPrice, "en")}`).toBe(`Starting from ${AED_SYMBOL} 350`);
    expect(plans.tiers.map((t) => [formatMoney(t.price, "en"), Boolean(t.popular)])).toEqual([
      [`${AED_SYMBOL} 350`, false],
      [`${AED_SYMBOL} 750`, true],
      [`${AED_SYMBOL} 1,200`, false],
    ]);
    expect(itemsOf(backgroundChecksContent, "en", "verification")).toHaveLength(8);
    expect(hero(backgroundChecksContent, "ar").title).toBe("التحقق من الخلفية");
    expect(plansOf(backgroundChecksContent, "ar").tiers.find((t) => t.id === "enhanced")?.price).toBe(75_000);
  });

  it("GCC background checks: six countries, no turnaround table, and the first FAQ names the five other countries", () => {
    for (const lang of LANGS) {
      expect(itemsOf(backgroundChecksGccContent, lang, "gcc-countries")).toHaveLength(6);
      // Nothing on the page sells a GCC check at a set time (decision 078).
      expect(byId(backgroundChecksGccContent, lang, "turnaround")).toBeUndefined();
    }
    expect(ofKind(page(backgroundChecksGccContent, "en"), "faq")[0]!.items[0]!.answer).toContain(
      "Saudi Arabia, Kuwait, Qatar, Bahrain and Oman",
    );
  });

  it("contract review: six contract types, three plans from AED 1,200; company formation: three structures, Free Zone at AED 12,500 most popular", () => {
    expect(itemsOf(contractsReviewContent, "en", "contract-types")).toHaveLength(6);
    const contracts = plansOf(contractsReviewContent, "en");
    expect(contracts.tiers).toHaveLength(3);
    expect(formatMoney(contracts.lowestPrice, "en")).toBe(`${AED_SYMBOL} 1,200`);
    expect(itemsOf(companyFormationContent, "en", "structures")).toHaveLength(3);
    const formation = plansOf(companyFormationContent, "en");
    expect(formation.tiers).toHaveLength(3);
    const freeZone = formation.tiers.find((t) => t.name.includes("Free Zone"))!;
    expect([formatMoney(freeZone.price, "en"), Boolean(freeZone.popular)]).toEqual([`${AED_SYMBOL} 12,500`, true]);
  });

  it("service pages in Arabic: six consultation types (family: one 90-minute session), the employee check's four plans and two express ones", () => {
    const consultationTypes = plansOf(legalConsultationContent, "ar", "consultation-types");
    expect(consultationTypes.tiers).toHaveLength(6);
    expect(consultationTypes.tiers.find((t) => t.id === "family")?.features[0]).toBe("جلسة واحدة مدتها 90 دقيقة");
    expect(plansOf(employeeCheckContent, "ar").tiers).toHaveLength(4);
    expect(plansOf(employeeCheckContent, "ar", "express").tiers).toHaveLength(2);
  });

  it("document authentication promises the time and price before the work starts; the contact page is headed اتصل بنا in Arabic", () => {
    expect(hero(documentAuthenticationContent, "en").highlights).toContain("Time and price confirmed before we start");
    expect(hero(contactContent, "ar").title).toBe("اتصل بنا");
  });

  for (const [source, heading] of [
    [privacyPolicyContent, "Privacy Policy"],
    [dataRetentionPolicyContent, "Data Retention Policy"],
    [termsOfServiceContent, "Terms of Service"],
    [refundPolicyContent, "Refund Policy"],
    [partnerAgreementContent, "Partner Agreement"],
  ] as const) {
    it(`${heading}: headed by its name, "Last updated: January 2025", and in Arabic dated يناير 2025 under the note that the English prevails`, () => {
      expect(hero(source, "en").title).toBe(heading);
      const [english] = ofKind(page(source, "en"), "prose");
      const [arabic] = ofKind(page(source, "ar"), "prose");
      expect(fill(uiStrings.en.page.lastUpdated, { date: english!.updated! })).toBe("Last updated: January 2025");
      expect(fill(uiStrings.ar.page.lastUpdated, { date: arabic!.updated! })).toContain("يناير 2025");
      expect(english!.blocks.some((block) => "note" in block)).toBe(false);
      expect(arabic!.blocks[0]).toEqual({ note: ENGLISH_PREVAILS });
      expect(ENGLISH_PREVAILS).toContain("يُعتمد النص الإنجليزي");
    });
  }
});

import type { Lang } from "../i18n/lang";
import { lowestPrice, planLists, type PlanListKey, type PlanTier } from "./plans";
import type { Localized, ServiceKey } from "./services";
import { turnaroundOfficeMinutes, type Turnaround } from "./turnaround";

/**
 * The advertised figures: every price and time the site claims (cards, heroes, "from" lines, meta
 * descriptions, structured data, the assistant) is computed here from tiers a visitor can buy
 * (plans.ts). The spec's marketing figures that no plan sells are not shown
 * (docs/decisions/078-advertised-figures-from-the-catalogue.md).
 */

/** The lowest price anything of a service sells for, in fils: every list of the service, the wizard's own included. */
export function serviceFromPrice(service: ServiceKey): number {
  const prices = Object.values(planLists)
    .filter((list) => list.service === service)
    .flatMap((list) => list.tiers.map((t) => t.price));
  if (prices.length === 0) throw new Error(`no plan sells ${service}`);
  return Math.min(...prices);
}

// Only to compare turnarounds: any length of an office day orders them the same way.
const comparable = (turnaround: Turnaround) => turnaroundOfficeMinutes(turnaround, 9 * 60);

/** The tier of a list that delivers soonest (the cheaper one on a tie). */
export function fastestTier(list: PlanListKey): PlanTier {
  return [...planLists[list].tiers].sort(
    (a, b) => comparable(a.turnaround) - comparable(b.turnaround) || a.price - b.price,
  )[0]!;
}

/** The cheapest tier of a list (the earlier one on a tie). */
export function cheapestTier(list: PlanListKey): PlanTier {
  return planLists[list].tiers.reduce((best, t) => (t.price < best.price ? t : best));
}

/** The quick travel-ban check the request wizard sells. */
export const quickTravelBanCheck: PlanTier = planLists["travel-ban-quick"].tiers[0]!;

function arabicCount(value: number, one: string, two: string, few: string, many: string) {
  if (value === 1) return one;
  if (value === 2) return two;
  return value <= 10 ? `${value} ${few}` : `${value} ${many}`;
}

/** A turnaround in words, as a sentence continues "in …" / "خلال …": "2 minutes", "دقيقتين", "8 hours". */
export function turnaroundText(turnaround: Turnaround, lang: Lang): string {
  const { value, unit } = turnaround;
  if (lang === "en") {
    const word = { minutes: "minute", hours: "hour", "business-days": "business day" }[unit];
    return `${value} ${word}${value === 1 ? "" : "s"}`;
  }
  switch (unit) {
    case "minutes":
      return arabicCount(value, "دقيقة واحدة", "دقيقتين", "دقائق", "دقيقة");
    case "hours":
      return arabicCount(value, "ساعة واحدة", "ساعتين", "ساعات", "ساعة");
    case "business-days":
      return arabicCount(value, "يوم عمل واحد", "يومي عمل", "أيام عمل", "يوم عمل");
  }
}

/** "3-5 business days, or 24 hours with Express": a list's cheapest delivery and, when sooner, its fastest. */
export function deliveryRange(list: PlanListKey, lang: Lang): string {
  const cheapest = cheapestTier(list);
  const fastest = fastestTier(list);
  if (fastest === cheapest) return cheapest.delivery[lang];
  return lang === "ar"
    ? `${cheapest.delivery.ar}، أو ${fastest.delivery.ar} مع الباقة ${fastest.name.ar}`
    : `${cheapest.delivery.en}, or ${fastest.delivery.en} with ${fastest.name.en}`;
}

/** Home page service cards (spec, home section 2): each the lowest price its service page sells. */
export const homeCardPrices = {
  travelBanCheck: serviceFromPrice("travel-ban-check"),
  backgroundChecks: serviceFromPrice("background-check"),
  contractReview: lowestPrice("contract-review"),
  companyFormation: lowestPrice("company-formation"),
} as const;

/**
 * Advertised times, each the delivery of a tier sold on the page that claims it. Court and police
 * checks, document authentication, GCC checks, consultations and audits are priced and timed by
 * an inquiry: no time or price is claimed for them.
 */
export const timelines = {
  /** The quick check's result, after the team has verified the request. */
  travelBanResult: {
    en: turnaroundText(quickTravelBanCheck.turnaround, "en"),
    ar: turnaroundText(quickTravelBanCheck.turnaround, "ar"),
  },
  laborBanResult: { en: deliveryRange("labor-ban", "en"), ar: deliveryRange("labor-ban", "ar") },
  backgroundHeadline: fastestTier("background-packages").delivery,
  backgroundSameDay: planLists.express.tiers.find((t) => t.id === "same-day-background")!.delivery,
  contractReview: fastestTier("contract-review").delivery,
  companyFormation: fastestTier("company-formation").delivery,
  // The law and the authorities' own procedure, and the appeal's first steps after an inquiry:
  // no plan sells an appeal, and these are not delivery times of one.
  temporaryLaborBan: { en: "6 months", ar: "6 أشهر" },
  appealConsultation: { en: "1-2 days", ar: "يوم إلى يومين" },
  appealDocuments: { en: "1-2 weeks", ar: "أسبوع إلى أسبوعين" },
  appealSimple: { en: "2-4 weeks", ar: "2-4 أسابيع" },
  appealComplex: { en: "3-6 months", ar: "3-6 أشهر" },
  appealProcessing: { en: "2-8 weeks", ar: "2-8 أسابيع" },
  appealResolution: { en: "1-6 months", ar: "1-6 أشهر" },
} satisfies Record<string, Localized<string>>;

export const AUDIT_KEYS = ["corporate", "employment", "regulatory", "data-protection"] as const;
export type AuditKey = (typeof AUDIT_KEYS)[number];

/** The compliance audits: scoped, priced and scheduled by a written quote, so no price or duration is shown. */
export const complianceAudits: Record<AuditKey, { name: Localized<string> }> = {
  corporate: { name: { en: "Corporate Compliance", ar: "امتثال الشركات" } },
  employment: { name: { en: "Employment Compliance", ar: "امتثال العمل" } },
  regulatory: { name: { en: "Regulatory Compliance", ar: "الامتثال التنظيمي" } },
  "data-protection": { name: { en: "Data Protection", ar: "حماية البيانات" } },
};

export const coverage = { emirates: 7, gccCountries: 6 } as const;

export const EMIRATES: Array<Localized<string>> = [
  { en: "Abu Dhabi", ar: "أبوظبي" },
  { en: "Dubai", ar: "دبي" },
  { en: "Sharjah", ar: "الشارقة" },
  { en: "Ajman", ar: "عجمان" },
  { en: "Umm Al Quwain", ar: "أم القيوين" },
  { en: "Ras Al Khaimah", ar: "رأس الخيمة" },
  { en: "Fujairah", ar: "الفجيرة" },
];

export const GCC_COUNTRIES: Array<Localized<string>> = [
  { en: "United Arab Emirates", ar: "الإمارات العربية المتحدة" },
  { en: "Saudi Arabia", ar: "المملكة العربية السعودية" },
  { en: "Kuwait", ar: "الكويت" },
  { en: "Qatar", ar: "قطر" },
  { en: "Bahrain", ar: "البحرين" },
  { en: "Oman", ar: "عُمان" },
];

/**
 * Home page claims (spec section 1) and about-page statistics (document 2, section 9). Counts
 * are written per language: Arabic says "أكثر من" (more than) where English writes "+", never
 * both, and spells numbers out in full (no Latin "K").
 */
export const claims = {
  professionals: { en: "10,000+", ar: "أكثر من 10,000" },
  // The Arabic percent sign keeps the figure in one order in right-to-left text ("99.9٪", never "%99.9").
  accuracy: { en: "99.9%", ar: "99.9٪" },
  averageResponse: { en: "2 minute", ar: "دقيقتان" },
  support: { en: "24/7", ar: "على مدار الساعة" },
  checksCompleted: { en: "10K+", ar: "أكثر من 10,000" },
  clientsServed: { en: "5,000+", ar: "أكثر من 5,000" },
  legalExperts: { en: "15+", ar: "أكثر من 15" },
} as const satisfies Record<string, string | Localized<string>>;

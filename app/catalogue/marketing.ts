import type { Localized } from "./services";

/**
 * Marketing prices and timelines of the spec (section 9): the "from" figures shown on cards and
 * service pages. Fils. What is sold is priced in plans.ts; these are the advertised figures.
 */
const aed = (amount: number) => amount * 100;

/** Home page service cards (spec, home section 2). */
export const homeCardPrices = {
  travelBanCheck: aed(200),
  backgroundChecks: aed(350),
  contractReview: aed(500),
  companyFormation: aed(2_500),
} as const;

export const backgroundMarketingPrices = {
  individual: aed(350),
  enhancedSecurity: aed(750),
  businessDueDiligence: aed(1_200),
} as const;

export const contractReviewFrom = { price: aed(500), days: { en: "2-3 business days", ar: "2-3 أيام عمل" } satisfies Localized<string> };
export const companyFormationFrom = { price: aed(2_500), days: { en: "7-14 days", ar: "7-14 يوماً" } satisfies Localized<string> };

export const CONSULTATION_KEYS = ["immigration", "business", "employment", "real-estate", "family", "criminal-defense"] as const;
export type ConsultationKey = (typeof CONSULTATION_KEYS)[number];

/**
 * The consultation types: price, advertised session length ("30-60" minutes) and the longest of
 * it, at which the session is sold and booked (plans.ts, list "consultations").
 */
export const consultations: Record<ConsultationKey, { name: Localized<string>; from: number; minutes: string; maxMinutes: number; about: Localized<string> }> = {
  immigration: {
    name: { en: "Immigration", ar: "الهجرة والإقامة" },
    from: aed(750),
    minutes: "30-60",
    maxMinutes: 60,
    about: {
      en: "Residence and work visas, golden visas, sponsorship, overstays and status changes.",
      ar: "تأشيرات الإقامة والعمل والإقامة الذهبية والكفالة ومخالفات الإقامة وتعديل الوضع.",
    },
  },
  business: {
    name: { en: "Business", ar: "الأعمال" },
    from: aed(950),
    minutes: "45-90",
    maxMinutes: 90,
    about: {
      en: "Company structure, licensing, shareholder matters and commercial disputes.",
      ar: "الشكل القانوني للشركة والترخيص وشؤون المساهمين والنزاعات التجارية.",
    },
  },
  employment: {
    name: { en: "Employment", ar: "العمل والتوظيف" },
    from: aed(650),
    minutes: "30-60",
    maxMinutes: 60,
    about: {
      en: "Contracts, end-of-service gratuity, termination, labor complaints and bans.",
      ar: "عقود العمل ومكافأة نهاية الخدمة وإنهاء الخدمة وشكاوى العمل وحظر العمل.",
    },
  },
  "real-estate": {
    name: { en: "Real Estate", ar: "العقارات" },
    from: aed(850),
    minutes: "45-75",
    maxMinutes: 75,
    about: {
      en: "Tenancy disputes, rent increases, off-plan purchases and property transfers.",
      ar: "نزاعات الإيجار وزيادات الإيجار وشراء العقارات على المخطط ونقل الملكية.",
    },
  },
  family: {
    name: { en: "Family", ar: "الأسرة" },
    from: aed(900),
    minutes: "60-90",
    maxMinutes: 90,
    about: {
      en: "Marriage, divorce, custody, guardianship and inheritance for residents and citizens.",
      ar: "الزواج والطلاق والحضانة والولاية والميراث للمقيمين والمواطنين.",
    },
  },
  "criminal-defense": {
    name: { en: "Criminal Defense", ar: "الدفاع الجنائي" },
    from: aed(1_200),
    minutes: "60-120",
    maxMinutes: 120,
    about: {
      en: "Police cases, travel bans linked to cases, bounced cheques and court procedure.",
      ar: "بلاغات الشرطة وحظر السفر المرتبط بالقضايا والشيكات المرتجعة وإجراءات المحاكم.",
    },
  },
};

export const AUDIT_KEYS = ["corporate", "employment", "regulatory", "data-protection"] as const;
export type AuditKey = (typeof AUDIT_KEYS)[number];

/** Compliance audit "from" prices and durations. */
export const complianceAudits: Record<AuditKey, { name: Localized<string>; from: number; duration: Localized<string> }> = {
  corporate: { name: { en: "Corporate Compliance", ar: "امتثال الشركات" }, from: aed(15_000), duration: { en: "2-4 weeks", ar: "2-4 أسابيع" } },
  employment: { name: { en: "Employment Compliance", ar: "امتثال العمل" }, from: aed(8_500), duration: { en: "1-2 weeks", ar: "أسبوع إلى أسبوعين" } },
  regulatory: { name: { en: "Regulatory Compliance", ar: "الامتثال التنظيمي" }, from: aed(12_000), duration: { en: "2-3 weeks", ar: "2-3 أسابيع" } },
  "data-protection": { name: { en: "Data Protection", ar: "حماية البيانات" }, from: aed(7_500), duration: { en: "1-2 weeks", ar: "أسبوع إلى أسبوعين" } },
};

/** Turnaround claims (spec section 9, "Marketing prices and timelines"). */
export const timelines = {
  travelBanResult: { en: "2 minutes", ar: "دقيقتين" },
  laborBanResult: { en: "2-4 hours", ar: "2-4 ساعات" },
  courtPoliceCheck: { en: "24-48 hours (up to 72 for complex cases)", ar: "24-48 ساعة (حتى 72 ساعة للحالات المعقّدة)" },
  backgroundHeadline: { en: "24-48 hours", ar: "24-48 ساعة" },
  backgroundStandard: { en: "3-5 business days", ar: "3-5 أيام عمل" },
  backgroundComplex: { en: "7-10 business days", ar: "7-10 أيام عمل" },
  backgroundUrgent: { en: "24-48 hours", ar: "24-48 ساعة" },
  executiveDueDiligence: { en: "10-15 days", ar: "10-15 يوماً" },
  documentAuthentication: { en: "48-72 hours", ar: "48-72 ساعة" },
  temporaryLaborBan: { en: "6 months", ar: "6 أشهر" },
  appealSimple: { en: "2-4 weeks", ar: "2-4 أسابيع" },
  appealComplex: { en: "3-6 months", ar: "3-6 أشهر" },
  appealConsultation: { en: "1-2 days", ar: "يوم إلى يومين" },
  appealDocuments: { en: "1-2 weeks", ar: "أسبوع إلى أسبوعين" },
  appealProcessing: { en: "2-8 weeks", ar: "2-8 أسابيع" },
  appealResolution: { en: "1-6 months", ar: "1-6 أشهر" },
} satisfies Record<string, Localized<string>>;

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
  accuracy: "99.9%",
  averageResponse: { en: "2 minute", ar: "دقيقتان" },
  support: "24/7",
  checksCompleted: { en: "10K+", ar: "أكثر من 10,000" },
  clientsServed: { en: "5,000+", ar: "أكثر من 5,000" },
  legalExperts: { en: "15+", ar: "أكثر من 15" },
} as const satisfies Record<string, string | Localized<string>>;

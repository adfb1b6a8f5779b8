import type { Localized } from "./services";

/** Prices are integer fils. */
const aed = (amount: number) => amount * 100;

export const CONSULTATION_KEYS = [
  "immigration",
  "business",
  "employment",
  "real-estate",
  "family",
  "criminal-defense",
] as const;
export type ConsultationKey = (typeof CONSULTATION_KEYS)[number];

/**
 * The consultation types: price, advertised session length ("30-60" minutes) and the longest of
 * it, at which the session is sold and booked (plans.ts, list "consultations").
 */
export const consultations: Record<
  ConsultationKey,
  { name: Localized<string>; from: number; minutes: string; maxMinutes: number; about: Localized<string> }
> = {
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

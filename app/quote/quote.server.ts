import { quoteOptions, SPEED_NAMES, SPEEDS, type Speed } from "../catalogue";
import type { Lang } from "../i18n/lang";
import type { QuoteCalculatorData, QuoteText } from "./quote-types";

const text: Record<Lang, QuoteText> = {
  en: {
    service: "Service",
    chooseService: "Choose a service",
    tier: "Tier",
    chooseTier: "Choose a tier",
    chooseServiceFirst: "Choose a service first",
    tierNotOffered: "Choose one of the tiers of {service}.",
    speed: "Speed",
    updateTiers: "Update tiers",
    calculate: "Calculate",
    reset: "Reset",
    missing: "Choose a service and a tier to calculate your quote.",
    resultTitle: "Your quote",
    basePrice: "Base price",
    urgency: "Urgency",
    multiplier: "Multiplier",
    finalPrice: "Final price",
    delivery: "Delivery",
    deliveryDays: "{days} days",
    savings: "Savings",
    addToCart: "Add to cart",
  },
  ar: {
    service: "الخدمة",
    chooseService: "اختر خدمة",
    tier: "الباقة",
    chooseTier: "اختر باقة",
    chooseServiceFirst: "اختر الخدمة أولاً",
    tierNotOffered: "اختر إحدى باقات {service}.",
    speed: "السرعة",
    updateTiers: "تحديث الباقات",
    calculate: "احسب",
    reset: "إعادة تعيين",
    missing: "اختر الخدمة والباقة لحساب عرض السعر.",
    resultTitle: "عرض السعر",
    basePrice: "السعر الأساسي",
    urgency: "الاستعجال",
    multiplier: "المُضاعِف",
    finalPrice: "السعر النهائي",
    // The noun after a number changes with the number in Arabic (5 أيام, 14 يوماً): the unit goes in the label.
    delivery: "مدة التسليم بالأيام",
    deliveryDays: "{days}",
    savings: "التوفير",
    addToCart: "أضف إلى السلة",
  },
};

// The speeds' names are the catalogue's (SPEED_NAMES: the cart and orders say the same).
const speedHints: Record<Lang, Record<Speed, string>> = {
  en: { standard: "Regular delivery", express: "50% faster", "same-day": "Delivered the same day" },
  ar: { standard: "التسليم المعتاد", express: "أسرع بنسبة 50٪", "same-day": "التسليم في اليوم نفسه" },
};
const speedText = (lang: Lang) =>
  Object.fromEntries(
    SPEEDS.map((speed) => [speed, { label: SPEED_NAMES[speed][lang], hint: speedHints[lang][speed] }]),
  ) as Record<Speed, { label: string; hint: string }>;

/**
 * The quote calculator's data in one language: services with their tiers and prices from the
 * catalogue, the three speeds, and the labels. The browser runs the catalogue's quote arithmetic
 * (computeQuote) on it, so a quote appears without a request and matches the server's.
 */
export function quoteCalculator(lang: Lang): QuoteCalculatorData {
  return {
    services: quoteOptions(lang),
    speeds: SPEEDS.map((key) => ({ key, ...speedText(lang)[key] })),
    text: text[lang],
  };
}

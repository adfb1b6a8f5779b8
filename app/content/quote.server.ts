import type { Lang } from "../i18n/lang";
import { quoteCalculator } from "../quote/quote.server";
import { plansSection } from "./section-builders.server";
import type { PageContent } from "./types";

/** /quote: the quote calculator on a page of its own (a quote can be shared by its URL), and the bundles. */
export function quotePageContent(lang: Lang): PageContent {
  if (lang === "ar") {
    return {
      updated: "2026-11-25",
      meta: {
        title: "عرض سعر فوري",
        description:
          "احسب سعر فحص حظر السفر أو التحقق من الخلفية أو فحص حظر العمل أو مراجعة العقود، بالسرعة التي تناسبك.",
        keywords: ["عرض سعر خدمات قانونية الإمارات", "سعر فحص حظر السفر", "سعر التحقق من الخلفية"],
      },
      sections: [
        {
          kind: "hero",
          id: "quote-hero",
          title: "عرض سعر فوري",
          lead: "اختر الخدمة والباقة والسرعة لترى السعر قبل الطلب، ثم أضفها إلى السلة.",
        },
        { kind: "quote", id: "quote", title: "احسب سعرك", calculator: quoteCalculator("ar") },
        plansSection("ar", "bundles", {
          id: "bundles",
          intro: "خدمات تُطلب معاً عادةً، بسعر واحد أقل من مجموعها منفردة.",
        }),
      ],
    };
  }
  return {
    updated: "2026-11-25",
    meta: {
      title: "Instant Quote",
      description:
        "Work out the price of a travel ban check, background check, labor ban check or contract review at the speed you need.",
      keywords: ["legal services quote UAE", "travel ban check price", "background check price"],
    },
    sections: [
      {
        kind: "hero",
        id: "quote-hero",
        title: "Instant Quote",
        lead: "Choose a service, a package and a speed to see your price before you order, then add it to your cart.",
      },
      { kind: "quote", id: "quote", title: "Calculate your price", calculator: quoteCalculator("en") },
      plansSection("en", "bundles", {
        id: "bundles",
        intro: "Services often ordered together, at one price below their sum.",
      }),
    ],
  };
}

import { claims } from "../catalogue";
import type { Lang } from "../i18n/lang";
import type { PageContent } from "./types";

export const aboutContent: Record<Lang, PageContent> = {
  en: {
    updated: "2026-11-25",
    meta: {
      title: "About Us",
      description:
        "Human-vetted legal information for the UAE and the GCC: who we are, how we work and the team behind every check.",
      keywords: ["about", "UAE legal information", "travel ban check provider", "GCC background checks"],
    },
    sections: [
      {
        kind: "hero",
        id: "about-hero",
        eyebrow: "About us",
        title: "Clear legal answers for people and businesses in the UAE",
        lead: "We help residents, expats, employers and companies find out where they stand — travel bans, labor bans, court cases, backgrounds and contracts — with every result checked by a person before it reaches you.",
      },
      {
        kind: "stats",
        id: "about-stats",
        title: "In numbers",
        items: [
          { value: claims.clientsServed.en, label: "Clients served" },
          { value: claims.accuracy.en, label: "Accuracy" },
          { value: claims.support.en, label: "Support" },
          { value: claims.legalExperts.en, label: "Legal experts" },
        ],
      },
    ],
  },
  ar: {
    updated: "2026-11-25",
    meta: {
      title: "من نحن",
      description: "معلومات قانونية يراجعها مختصون في الإمارات ودول الخليج: من نحن وكيف نعمل والفريق وراء كل فحص.",
      keywords: ["من نحن", "معلومات قانونية في الإمارات", "فحص حظر السفر", "التحقق من الخلفية في الخليج"],
    },
    sections: [
      {
        kind: "hero",
        id: "about-hero",
        eyebrow: "من نحن",
        title: "إجابات قانونية واضحة للأفراد والشركات في الإمارات",
        lead: "نساعد المقيمين والوافدين وأصحاب العمل والشركات على معرفة موقفهم — حظر السفر وحظر العمل والقضايا والتحقق من الخلفية والعقود — ويراجع مختص كل نتيجة قبل وصولها إليك.",
      },
      {
        kind: "stats",
        id: "about-stats",
        title: "بالأرقام",
        items: [
          { value: claims.clientsServed.ar, label: "عميل خدمناهم" },
          { value: claims.accuracy.ar, label: "دقة" },
          { value: claims.support.ar, label: "دعم" },
          { value: claims.legalExperts.ar, label: "خبيراً قانونياً" },
        ],
      },
    ],
  },
};

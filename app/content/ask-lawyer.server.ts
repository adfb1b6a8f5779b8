import { claims } from "../catalogue";
import type { Lang } from "../i18n/lang";
import { serviceJsonLd } from "../seo/structured-data.server";
import type { SiteConfig } from "../root-data";
import { ltr } from "./section-builders.server";
import type { PageContent } from "./types";

/** The id of the assistant section: not "assistant", which the chat element itself carries. */
export const ASSISTANT_SECTION_ID = "legal-assistant";

/**
 * The ask-a-lawyer page (transactions spec): hero with the 24-hour response and licensed
 * professionals claims and the configured phone and e-mail, the eight services, why choose our
 * legal team, the AI assistant, and the 'Submit Your Legal Inquiry' form (legal-consultation).
 */
export function askLawyerContent(lang: Lang, site: SiteConfig): PageContent {
  const tel = `tel:${site.phone.replace(/[^\d+]/g, "")}`;
  const mail = `mailto:${site.email}`;
  const page = lang === "ar" ? arabic(site, tel, mail) : english(site, tel, mail);
  return {
    ...page,
    structuredData: [
      serviceJsonLd(site, lang, { name: page.meta.title, description: page.meta.description, path: "/ask-lawyer" }),
    ],
  };
}

function english(site: SiteConfig, tel: string, mail: string): PageContent {
  return {
    updated: "2026-11-25",
    meta: {
      title: "Consult with Licensed UAE Lawyers",
      description:
        "Ask licensed legal professionals about contracts, employment, real estate, immigration and business law in the UAE. Response within 24 hours, support 24/7.",
      keywords: [
        "ask a lawyer UAE",
        "legal consultation Dubai",
        "UAE lawyer online",
        "legal advice UAE",
        "AI legal assistant",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "ask-lawyer-hero",
        eyebrow: "Ask a Lawyer",
        title: "Consult with Licensed UAE Lawyers",
        lead: "Put your question to our legal team or to our AI legal assistant. A licensed professional replies to every inquiry within 24 hours.",
        highlights: ["Response within 24 hours", "Licensed legal professionals", `${claims.support.en} support`],
        ctas: [
          { label: `Call ${site.phone}`, to: tel },
          { label: `E-mail ${site.email}`, to: mail, variant: "secondary" },
        ],
      },
      {
        kind: "list",
        id: "legal-services",
        title: "How Our Legal Team Can Help",
        columns: 2,
        items: [
          "Legal consultation and advice",
          "Contract drafting and review",
          "Dispute resolution guidance",
          "Compliance and regulatory matters",
          "Business law consultation",
          "Employment law advice",
          "Real estate legal guidance",
          "Immigration and visa support",
        ],
      },
      {
        kind: "cards",
        id: "why-our-team",
        title: "Why choose our legal team",
        tone: "muted",
        columns: 4,
        items: [
          {
            title: "Licensed professionals",
            text: "Your question is answered by legal professionals licensed and experienced in UAE law.",
          },
          {
            title: "Answers within 24 hours",
            text: "Every inquiry receives a reply within 24 hours, often much sooner.",
          },
          { title: "Plain language", text: "Clear answers in English or Arabic, with the next steps spelled out." },
          {
            title: "Strictly confidential",
            text: "What you tell us is used only to answer you and is protected under UAE data protection law.",
          },
        ],
      },
      {
        kind: "assistant",
        id: ASSISTANT_SECTION_ID,
        title: "AI Legal Assistant",
        intro:
          "Get instant general information on UAE legal questions. For advice on your own situation, send an inquiry below and a licensed professional will reply.",
      },
      {
        kind: "inquiry",
        id: "inquiry",
        service: "legal-consultation",
        title: "Submit Your Legal Inquiry",
        intro: "Describe your situation and our legal team will contact you within 24 hours.",
      },
    ],
  };
}

function arabic(site: SiteConfig, tel: string, mail: string): PageContent {
  return {
    updated: "2026-11-25",
    meta: {
      title: "استشر محامين مرخّصين في الإمارات",
      description:
        "اطرح أسئلتك على مختصين قانونيين مرخّصين في العقود والعمل والعقارات والهجرة وقانون الأعمال في الإمارات. رد خلال 24 ساعة ودعم على مدار الساعة.",
      keywords: [
        "اسأل محامياً في الإمارات",
        "استشارة قانونية دبي",
        "محامٍ إماراتي عبر الإنترنت",
        "استشارة قانونية",
        "مساعد قانوني بالذكاء الاصطناعي",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "ask-lawyer-hero",
        eyebrow: "اسأل محامياً",
        title: "استشر محامين مرخّصين في الإمارات",
        lead: "اطرح سؤالك على فريقنا القانوني أو على مساعدنا القانوني الذكي. يرد مختص مرخّص على كل استفسار خلال 24 ساعة.",
        highlights: ["رد خلال 24 ساعة", "مختصون قانونيون مرخّصون", `دعم ${claims.support.ar}`],
        ctas: [
          { label: `اتصل: ${ltr(site.phone)}`, to: tel },
          { label: `راسلنا: ${ltr(site.email)}`, to: mail, variant: "secondary" },
        ],
      },
      {
        kind: "list",
        id: "legal-services",
        title: "كيف يساعدك فريقنا القانوني",
        columns: 2,
        items: [
          "الاستشارات والمشورة القانونية",
          "صياغة العقود ومراجعتها",
          "الإرشاد في حل النزاعات",
          "الامتثال والشؤون التنظيمية",
          "استشارات قانون الأعمال",
          "المشورة في قانون العمل",
          "الإرشاد القانوني العقاري",
          "دعم الهجرة والتأشيرات",
        ],
      },
      {
        kind: "cards",
        id: "why-our-team",
        title: "لماذا تختار فريقنا القانوني",
        tone: "muted",
        columns: 4,
        items: [
          { title: "مختصون مرخّصون", text: "يجيب عن سؤالك مختصون قانونيون مرخّصون وذوو خبرة في القانون الإماراتي." },
          { title: "رد خلال 24 ساعة", text: "يتلقى كل استفسار رداً خلال 24 ساعة، وغالباً قبل ذلك بكثير." },
          { title: "لغة واضحة", text: "إجابات واضحة بالعربية أو الإنجليزية، مع بيان الخطوات التالية." },
          { title: "سرية تامة", text: "ما تخبرنا به يُستخدم للرد عليك فقط ومحميّ بموجب قانون حماية البيانات الإماراتي." },
        ],
      },
      {
        kind: "assistant",
        id: ASSISTANT_SECTION_ID,
        title: "المساعد القانوني الذكي",
        intro:
          "احصل فوراً على معلومات عامة عن المسائل القانونية في الإمارات. وللمشورة في حالتك الخاصة، أرسل استفساراً أدناه وسيرد عليك مختص مرخّص.",
      },
      {
        kind: "inquiry",
        id: "inquiry",
        service: "legal-consultation",
        title: "أرسل استفسارك القانوني",
        intro: "صِف حالتك وسيتواصل معك فريقنا القانوني خلال 24 ساعة.",
      },
    ],
  };
}

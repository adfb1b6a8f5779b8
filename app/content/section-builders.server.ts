import { EMIRATES, GCC_COUNTRIES, planListView, type Localized, type PlanListKey, type ServiceKey } from "../catalogue";
import { formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import type { PageMeta } from "../seo/meta";
import type { SiteConfig } from "../root-data";
import type { PageContent, PageSection, ProseBlock, StructuredData } from "./types";

/**
 * Builders for the sections many content pages share (plans, FAQ, inquiry slot, emirates,
 * legal documents), so the pages state only what differs and prices always come from the
 * catalogue.
 */

type SectionOf<K extends PageSection["kind"]> = Extract<PageSection, { kind: K }>;

/**
 * Left-to-right text (a phone number, an e-mail address) inside an Arabic sentence, isolated so
 * the bidi algorithm keeps its characters in order ("+971 4 123 4567", not "4567 123 4 971+").
 */
export function ltr(text: string) {
  return `\u2066${text}\u2069`;
}

/** A plan price as plans and cards show it: "AED 1,250", "1,250 درهم". */
export function price(fils: number, lang: Lang) {
  return formatMoney(fils, lang);
}

const fromWord: Localized<string> = { en: "From", ar: "ابتداءً من" };

/** "From AED 350" ("from AED 350" inside a sentence) / "ابتداءً من 350 درهم". */
export function fromPrice(fils: number, lang: Lang, options: { inSentence?: boolean } = {}) {
  const word = options.inSentence && lang === "en" ? fromWord.en.toLowerCase() : fromWord[lang];
  return `${word} ${price(fils, lang)}`;
}

/** The pricing-plan section of one catalogue list (title from the catalogue unless given). */
export function plansSection(
  lang: Lang,
  list: PlanListKey,
  options: {
    id?: string;
    title?: string;
    intro?: string;
    buttonLabel?: string;
    tone?: SectionOf<"plans">["tone"];
  } = {},
): SectionOf<"plans"> {
  const plans = planListView(list, lang);
  return {
    kind: "plans",
    id: options.id ?? "plans",
    title: options.title ?? plans.title,
    plans,
    ...(options.intro ? { intro: options.intro } : {}),
    ...(options.buttonLabel ? { buttonLabel: options.buttonLabel } : {}),
    ...(options.tone ? { tone: options.tone } : {}),
  };
}

const faqTitle: Localized<string> = { en: "Frequently Asked Questions", ar: "الأسئلة الشائعة" };

export type Faq = { question: string; answer: string };

export function faqSection(lang: Lang, items: Faq[], options: { id?: string; title?: string } = {}): SectionOf<"faq"> {
  return { kind: "faq", id: options.id ?? "faq", title: options.title ?? faqTitle[lang], items };
}

const inquiryDefaults: Localized<{ title: string; intro: string; contactTitle: string; contactText: string }> = {
  en: {
    title: "Submit Your Inquiry",
    intro: "Tell us what you need. A member of our legal team reviews every inquiry and replies within 24 hours.",
    contactTitle: "Contact us directly",
    contactText: "Prefer to talk? Call or e-mail our team during office hours.",
  },
  ar: {
    title: "أرسل استفسارك",
    intro: "أخبرنا بما تحتاج إليه. يراجع أحد أعضاء فريقنا القانوني كل استفسار ويرد خلال 24 ساعة.",
    contactTitle: "تواصل معنا مباشرة",
    contactText: "تفضّل الحديث؟ اتصل بفريقنا أو راسله بالبريد الإلكتروني خلال ساعات العمل.",
  },
};

/**
 * The inquiry-form slot with the page's service key (the lead-capture feature renders the form).
 * `withContact` puts the contact block (configured phone, e-mail, hours) beside the form.
 */
export function inquirySection(
  lang: Lang,
  service: ServiceKey,
  options: { id?: string; title?: string; intro?: string; withContact?: boolean } = {},
): SectionOf<"inquiry"> {
  const text = inquiryDefaults[lang];
  return {
    kind: "inquiry",
    id: options.id ?? "inquiry",
    service,
    title: options.title ?? text.title,
    intro: options.intro ?? text.intro,
    ...(options.withContact ? { contact: { title: text.contactTitle, text: text.contactText } } : {}),
  };
}

/** The seven emirates as a list section (court and police checks, coverage blocks). */
export function emiratesSection(
  lang: Lang,
  options: { id?: string; title: string; intro?: string },
): SectionOf<"list"> {
  return {
    kind: "list",
    id: options.id ?? "emirates",
    title: options.title,
    ...(options.intro ? { intro: options.intro } : {}),
    items: EMIRATES.map((e) => e[lang]),
    columns: 3,
  };
}

/** The six GCC countries as a list section. */
export function gccCountriesSection(
  lang: Lang,
  options: { id?: string; title: string; intro?: string },
): SectionOf<"list"> {
  return {
    kind: "list",
    id: options.id ?? "gcc-countries",
    title: options.title,
    ...(options.intro ? { intro: options.intro } : {}),
    items: GCC_COUNTRIES.map((c) => c[lang]),
    columns: 3,
  };
}

/** The date every legal document carries (transactions spec: 'Last updated: January 2025'). */
export const LEGAL_LAST_UPDATED: Localized<string> = { en: "January 2025", ar: "يناير 2025" };

/** Arabic legal pages are translations: the English text is the binding one. */
export const ENGLISH_PREVAILS =
  "هذه ترجمة عربية للنص الإنجليزي مقدَّمة للتيسير. في حال وجود أي اختلاف أو تعارض بين النصين، يُعتمد النص الإنجليزي ويسري.";

/**
 * A legal document page: a short hero and the document as prose with its 'Last updated' date.
 * The Arabic version opens with the note that the English version prevails.
 */
export function legalDocument(
  lang: Lang,
  doc: { id: string; meta: PageMeta; updated: string; title: string; lead: string; blocks: ProseBlock[] },
): PageContent {
  const blocks: ProseBlock[] = lang === "ar" ? [{ note: ENGLISH_PREVAILS }, ...doc.blocks] : doc.blocks;
  return {
    meta: doc.meta,
    updated: doc.updated,
    sections: [
      {
        kind: "hero",
        id: `${doc.id}-hero`,
        eyebrow: lang === "ar" ? "وثيقة قانونية" : "Legal",
        title: doc.title,
        lead: doc.lead,
      },
      { kind: "prose", id: doc.id, blocks, updated: LEGAL_LAST_UPDATED[lang] },
    ],
  };
}

/**
 * A page written as `Record<Lang, PageContent>` plus its structured data, which depends on the
 * configured site (address, name): the page source loadPage() expects.
 */
export function withStructuredData(
  pages: Record<Lang, PageContent>,
  build: (lang: Lang, site: SiteConfig, page: PageContent) => StructuredData[],
): (lang: Lang, site: SiteConfig) => PageContent {
  return (lang, site) => ({ ...pages[lang], structuredData: build(lang, site, pages[lang]) });
}

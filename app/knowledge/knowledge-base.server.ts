import {
  complianceAudits,
  consultations,
  lowestPrice,
  planLists,
  quickTravelBanCheck,
  timelines,
  type PlanListKey,
} from "../catalogue";
import { formatMoney } from "../i18n/format";
import { localizePath, type Lang } from "../i18n/lang";

/**
 * The site's knowledge base: short answers built from the service pages' FAQs and the catalogue
 * (prices and timelines come from app/catalogue, never typed twice). The chat widget answers
 * with it, and the ask-a-lawyer assistant uses it for its offline answers when no AI model is
 * configured. Matching is keyword scoring over normalised words, in English and Arabic.
 */
export type KnowledgeLink = { label: string; href: string };
export type KnowledgeAnswer = {
  text: string;
  links: KnowledgeLink[];
  /** The entry that answered, or null for the fallback answer (nothing matched well enough). */
  entryId: string | null;
};

type Entry = {
  id: string;
  /** Words and phrases that point to this entry, per language (phrases score more than words). */
  keywords: Record<Lang, string[]>;
  answer: (lang: Lang) => string;
  links: Array<{ label: Record<Lang, string>; path: string }>;
};

const aed = (fils: number, lang: Lang) => formatMoney(fils, lang);
const from = (list: PlanListKey, lang: Lang) => aed(lowestPrice(list), lang);
const tierPrices = (list: PlanListKey, lang: Lang) =>
  planLists[list].tiers.map((t) => `${t.name[lang]} ${aed(t.price, lang)}`).join(lang === "ar" ? "، " : ", ");

const link = {
  travelBanCheck: { label: { en: "Travel Ban Check", ar: "فحص حظر السفر" }, path: "/ban-checks/travel-ban-check" },
  requestCheck: { label: { en: "Start a quick check", ar: "ابدأ فحصاً سريعاً" }, path: "/request-check" },
  appeal: { label: { en: "Travel Ban Appeal", ar: "التظلم من حظر السفر" }, path: "/ban-checks/travel-ban-appeal" },
  laborBan: { label: { en: "Labor Ban Check", ar: "فحص حظر العمل" }, path: "/ban-checks/labor-ban-check" },
  courtPolice: {
    label: { en: "Court & Police Case Check", ar: "فحص القضايا والبلاغات" },
    path: "/ban-checks/court-police-case-check",
  },
  background: { label: { en: "Background Checks", ar: "التحقق من الخلفية" }, path: "/for-business/background-checks" },
  backgroundGcc: {
    label: { en: "GCC Background Checks", ar: "التحقق من الخلفية في الخليج" },
    path: "/for-business/background-checks-gcc",
  },
  contracts: { label: { en: "Contract Review", ar: "مراجعة العقود" }, path: "/for-business/contracts-review" },
  company: { label: { en: "Company Formation", ar: "تأسيس الشركات" }, path: "/startup-uae/company-formation" },
  documents: {
    label: { en: "Document Authentication", ar: "توثيق المستندات" },
    path: "/services/document-authentication",
  },
  consultation: {
    label: { en: "Legal Consultation", ar: "الاستشارة القانونية" },
    path: "/services/legal-consultation",
  },
  audit: { label: { en: "Compliance Audit", ar: "تدقيق الامتثال" }, path: "/services/compliance-audit" },
  askLawyer: { label: { en: "Ask a Lawyer", ar: "اسأل محامياً" }, path: "/ask-lawyer" },
  contact: { label: { en: "Contact us", ar: "اتصل بنا" }, path: "/contact" },
  quote: { label: { en: "Get an instant quote", ar: "احصل على عرض سعر فوري" }, path: "/quote" },
  privacy: { label: { en: "Privacy Policy", ar: "سياسة الخصوصية" }, path: "/privacy-policy" },
  refund: { label: { en: "Refund Policy", ar: "سياسة الاسترداد" }, path: "/refund-policy" },
  dashboard: { label: { en: "Client Login", ar: "دخول العملاء" }, path: "/client-login" },
} satisfies Record<string, Entry["links"][number]>;

const entries: Entry[] = [
  {
    id: "travel-ban-check",
    keywords: {
      en: [
        "travel ban",
        "travel ban check",
        "check travel",
        "banned from travel",
        "travel status",
        "leave the country",
        "airport",
        "immigration hold",
        "can i travel",
        "ban status",
      ],
      ar: ["حظر السفر", "منع السفر", "فحص حظر", "حظر", "منع", "السفر", "المطار", "مغادرة الدولة", "هل يمكنني السفر"],
    },
    answer: (lang) =>
      lang === "ar"
        ? `نتحقق من حالة حظر السفر في الإمارات السبع برقم الهوية الإماراتية أو جواز السفر. يبدأ الفحص السريع من ${aed(quickTravelBanCheck.price, lang)} وتصل نتيجته خلال ${timelines.travelBanResult.ar} بعد التحقق، وتبدأ الباقات الكاملة من ${from("travel-ban", lang)}.`
        : `We check your travel ban status across all seven emirates from your Emirates ID or passport number. The quick check costs ${aed(quickTravelBanCheck.price, lang)} and its result arrives within ${timelines.travelBanResult.en} once verified; full packages start from ${from("travel-ban", lang)}.`,
    links: [link.travelBanCheck, link.requestCheck],
  },
  {
    id: "travel-ban-appeal",
    keywords: {
      en: [
        "appeal",
        "remove ban",
        "removal",
        "lift ban",
        "lift travel ban",
        "remove travel ban",
        "appeal travel ban",
        "travel ban removal",
        "cancel ban",
        "ban removal",
        "get rid of ban",
        "clear ban",
      ],
      ar: [
        "تظلم",
        "التظلم",
        "رفع الحظر",
        "رفع حظر السفر",
        "أرفع حظر السفر",
        "أرفع الحظر",
        "إلغاء حظر السفر",
        "إلغاء الحظر",
        "إزالة الحظر",
        "رفع المنع",
      ],
    },
    answer: (lang) =>
      lang === "ar"
        ? `نساعدك في التظلم من حظر السفر ورفعه: تستغرق الحالات البسيطة عادة ${timelines.appealSimple.ar} والمعقّدة ${timelines.appealComplex.ar}. نبدأ باستشارة خلال ${timelines.appealConsultation.ar} ثم نجهّز المستندات خلال ${timelines.appealDocuments.ar}.`
        : `We help you appeal and remove a travel ban: simple cases usually take ${timelines.appealSimple.en}, complex ones ${timelines.appealComplex.en}. It starts with a consultation within ${timelines.appealConsultation.en}, then document preparation in ${timelines.appealDocuments.en}.`,
    links: [link.appeal, link.askLawyer],
  },
  {
    id: "labor-ban",
    keywords: {
      en: ["labor ban", "labour ban", "work ban", "employment ban", "mohre", "work permit", "labor", "labour"],
      ar: ["حظر العمل", "فحص حظر العمل", "منع العمل", "تصريح العمل", "وزارة الموارد البشرية", "العمل"],
    },
    answer: (lang) =>
      lang === "ar"
        ? `نفحص حظر العمل المؤقت (عادة ${timelines.temporaryLaborBan.ar}) والدائم، وتصل النتائج خلال ${timelines.laborBanResult.ar}. الأسعار: ${tierPrices("labor-ban", lang)}.`
        : `We check temporary (usually ${timelines.temporaryLaborBan.en}) and permanent labor bans, with results in ${timelines.laborBanResult.en}. Prices: ${tierPrices("labor-ban", lang)}.`,
    links: [link.laborBan],
  },
  {
    id: "court-police-case",
    keywords: {
      en: [
        "court case",
        "police case",
        "criminal case",
        "police",
        "court",
        "case check",
        "criminal record",
        "civil case",
        "traffic case",
        "absconding",
      ],
      ar: ["قضية", "قضايا", "بلاغ", "الشرطة", "المحكمة", "سجل جنائي", "قضية مدنية", "مخالفات مرورية"],
    },
    answer: (lang) =>
      lang === "ar"
        ? `نتحقق من القضايا الجنائية والمدنية والمرورية والبلاغات في الإمارات السبع بسرية تامة. أرسل استفسارك وسنرد خلال 24 ساعة بالمدة والسعر.`
        : `We check criminal, civil and traffic cases and police reports across the seven emirates, in full confidence. Send us an inquiry and we reply within 24 hours with the time and the price.`,
    links: [link.courtPolice],
  },
  {
    id: "background-check",
    keywords: {
      en: [
        "background check",
        "background",
        "screening",
        "employee check",
        "pre-employment",
        "verify candidate",
        "due diligence",
        "vetting",
        "hire",
      ],
      ar: ["التحقق من الخلفية", "فحص الخلفية", "الخلفية", "فحص الموظفين", "العناية الواجبة", "توظيف"],
    },
    answer: (lang) =>
      lang === "ar"
        ? `تبدأ فحوص الخلفية من ${from("background-packages", lang)} للفرد. باقات الشركات: ${tierPrices("background", lang)}. ويصل فحص الأفراد خلال ${timelines.backgroundHeadline.ar}، ولكل باقة مدة تسليم مبيّنة.`
        : `Background checks start from ${from("background-packages", lang)} for an individual. Business packages: ${tierPrices("background", lang)}. An individual check takes ${timelines.backgroundHeadline.en}; every package states its delivery time.`,
    links: [link.background, link.quote],
  },
  {
    id: "background-check-gcc",
    keywords: {
      en: ["gcc", "saudi", "kuwait", "qatar", "bahrain", "oman", "gulf", "gcc background", "across the gcc"],
      ar: ["الخليج", "دول الخليج", "السعودية", "الكويت", "قطر", "البحرين", "عمان"],
    },
    answer: (lang) =>
      lang === "ar"
        ? "نجري فحوص الخلفية في دول مجلس التعاون الست: الإمارات والسعودية والكويت وقطر والبحرين وعُمان، من الهوية والسجل الجنائي إلى المؤهلات وسجل العمل."
        : "We run background checks across the six GCC countries (UAE, Saudi Arabia, Kuwait, Qatar, Bahrain and Oman): identity, criminal record, qualifications and employment history.",
    links: [link.backgroundGcc],
  },
  {
    id: "contract-review",
    keywords: {
      en: [
        "contract",
        "contract review",
        "agreement",
        "review my contract",
        "employment contract",
        "lease",
        "nda",
        "clause",
      ],
      ar: ["عقد", "العقد", "مراجعة العقود", "مراجعة عقد", "اتفاقية", "عقد عمل", "عقد إيجار"],
    },
    answer: (lang) =>
      lang === "ar"
        ? `تبدأ مراجعة العقود من ${from("contract-review", lang)}: ${tierPrices("contract-review", lang)}. نعيد إليك العقد مع ملاحظات واضحة على البنود والمخاطر.`
        : `Contract review starts from ${from("contract-review", lang)}: ${tierPrices("contract-review", lang)}. You get the contract back with clear notes on its clauses and risks.`,
    links: [link.contracts],
  },
  {
    id: "company-formation",
    keywords: {
      en: [
        "company formation",
        "start a company",
        "set up a company",
        "business setup",
        "trade license",
        "license",
        "free zone",
        "freezone",
        "mainland",
        "offshore",
        "company",
        "startup",
        "llc",
      ],
      ar: ["تأسيس شركة", "تأسيس الشركات", "رخصة تجارية", "منطقة حرة", "البر الرئيسي", "أوفشور", "شركة", "ترخيص"],
    },
    answer: (lang) =>
      lang === "ar"
        ? `نؤسس شركتك في البر الرئيسي أو المنطقة الحرة أو كشركة خارجية (أوفشور): ${tierPrices("company-formation", lang)}. نتولى الرخصة والتسجيل والمستندات حتى تبدأ العمل.`
        : `We set up your company on the mainland, in a free zone or offshore: ${tierPrices("company-formation", lang)}. We handle the licence, registration and documents until you can trade.`,
    links: [link.company],
  },
  {
    id: "document-authentication",
    keywords: {
      en: [
        "attestation",
        "attest",
        "authentication",
        "authenticate",
        "notarize",
        "notary",
        "legalisation",
        "legalization",
        "certificate",
        "degree",
        "documents",
      ],
      ar: ["تصديق", "توثيق", "توثيق المستندات", "كاتب العدل", "شهادة", "المستندات"],
    },
    answer: (lang) =>
      lang === "ar"
        ? `نوثّق المستندات ونصدّقها (الشهادات، عقود الزواج، وثائق الشركات)، ونؤكد المدة والسعر بعد اطلاعنا على مستنداتك.`
        : `We authenticate and attest documents (degrees, marriage certificates, company papers), and confirm the time and the price once we have seen them.`,
    links: [link.documents],
  },
  {
    id: "legal-consultation",
    keywords: {
      en: [
        "consultation",
        "consult",
        "speak to a lawyer",
        "talk to a lawyer",
        "lawyer",
        "legal expert",
        "advice",
        "book",
        "appointment",
        "video call",
        "meeting",
      ],
      ar: ["استشارة", "محامي", "محام", "خبير قانوني", "موعد", "حجز", "التحدث مع محام"],
    },
    answer: (lang) => {
      const list = Object.values(consultations)
        .map((c) => c.name[lang])
        .join(lang === "ar" ? "، " : ", ");
      return lang === "ar"
        ? `يمكنك حجز استشارة بالفيديو أو الهاتف أو حضورياً مع خبير قانوني في: ${list}. أرسل طلبك وسنتواصل معك خلال 24 ساعة لتأكيد الموعد والأتعاب.`
        : `You can book a video, phone or in-person consultation with a legal expert in: ${list}. Send us your request and we will contact you within 24 hours to confirm the time and the fee.`;
    },
    links: [link.consultation, link.askLawyer],
  },
  {
    id: "compliance-audit",
    keywords: {
      en: ["compliance", "audit", "compliance audit", "data protection", "regulatory", "pdpl", "aml"],
      ar: ["امتثال", "تدقيق", "تدقيق الامتثال", "حماية البيانات", "تنظيمي"],
    },
    answer: (lang) => {
      const list = Object.values(complianceAudits)
        .map((a) => a.name[lang])
        .join(lang === "ar" ? "، " : ", ");
      return lang === "ar"
        ? `نجري تدقيقات الامتثال التالية: ${list}. نحدد النطاق معك ثم نرسل عرضاً مكتوباً بالسعر والمدة.`
        : `We run these compliance audits: ${list}. We agree the scope with you, then send a written quote with the price and the duration.`;
    },
    links: [link.audit],
  },
  {
    id: "express",
    keywords: {
      en: ["urgent", "same day", "same-day", "express", "fast", "quickly", "asap", "today", "rush"],
      ar: ["عاجل", "مستعجل", "اليوم نفسه", "سريع", "بسرعة", "اليوم"],
    },
    answer: (lang) =>
      lang === "ar"
        ? `للطلبات العاجلة لدينا خدمات في اليوم نفسه: ${tierPrices("express", lang)}. ويمكن إضافة السرعة (أسرع بنسبة 50٪) أو التسليم في اليوم نفسه في حاسبة الأسعار.`
        : `For urgent matters we offer same-day services: ${tierPrices("express", lang)}. The quote calculator also offers express (50% faster) and same-day delivery.`,
    links: [link.quote],
  },
  {
    id: "pricing",
    keywords: {
      en: [
        "price",
        "prices",
        "cost",
        "how much",
        "fee",
        "fees",
        "pricing",
        "quote",
        "bundle",
        "package",
        "packages",
        "cheap",
      ],
      ar: ["سعر", "الأسعار", "كم", "التكلفة", "رسوم", "عرض سعر", "باقة", "الباقات"],
    },
    answer: (lang) =>
      lang === "ar"
        ? `أسعارنا ثابتة بالدرهم الإماراتي: فحص حظر السفر من ${from("travel-ban-quick", lang)}، التحقق من الخلفية من ${from("background-packages", lang)}، مراجعة العقود من ${from("contract-review", lang)}، والباقات المجمّعة من ${from("bundles", lang)}. احصل على عرض سعر فوري حسب الخدمة والسرعة.`
        : `Our prices are fixed, in AED: travel ban check from ${from("travel-ban-quick", lang)}, background checks from ${from("background-packages", lang)}, contract review from ${from("contract-review", lang)}, bundles from ${from("bundles", lang)}. Get an instant quote for your service and speed.`,
    links: [link.quote, link.travelBanCheck],
  },
  {
    id: "payment",
    keywords: {
      en: ["pay", "payment", "card", "credit card", "checkout", "invoice", "secure payment", "refund", "money back"],
      ar: ["دفع", "الدفع", "بطاقة", "بطاقة ائتمان", "فاتورة", "استرداد", "استرجاع المبلغ"],
    },
    answer: (lang) =>
      lang === "ar"
        ? "تدفع بأمان بالبطاقة عبر معالج دفع آمن عند إتمام الطلب، أو لاحقاً من لوحة التحكم. تجد شروط الاسترداد في سياسة الاسترداد."
        : "You pay securely by card through our payment processor at checkout, or later from your dashboard. Refund terms are in our Refund Policy.",
    links: [link.refund, link.dashboard],
  },
  {
    id: "privacy",
    keywords: {
      en: [
        "privacy",
        "confidential",
        "confidentiality",
        "my data",
        "personal data",
        "secure",
        "safe",
        "delete my data",
        "gdpr",
      ],
      ar: ["خصوصية", "الخصوصية", "سرية", "سري", "بياناتي", "البيانات الشخصية", "آمن"],
    },
    answer: (lang) =>
      lang === "ar"
        ? "نتعامل مع بياناتك بسرية تامة ونستخدمها فقط لتقديم الخدمة التي طلبتها، ونحذفها وفق سياسة الاحتفاظ بالبيانات."
        : "Your details are handled in strict confidence, used only to provide the service you asked for, and deleted as our data retention policy says.",
    links: [link.privacy],
  },
  {
    id: "how-it-works",
    keywords: {
      en: [
        "how does it work",
        "how it works",
        "process",
        "steps",
        "what happens next",
        "how long",
        "results",
        "when will i get",
      ],
      ar: ["كيف يعمل", "الخطوات", "الإجراءات", "ماذا يحدث بعد", "كم يستغرق", "النتيجة", "متى"],
    },
    answer: (lang) =>
      lang === "ar"
        ? "ثلاث خطوات: ترسل طلبك ومستنداتك، يراجعها خبير قانوني، ثم تصلك النتيجة بالبريد الإلكتروني وفي لوحة التحكم. تختلف المدة حسب الخدمة، ونبلغك بها عند الطلب."
        : "Three steps: you submit your request and documents, a legal professional reviews them, and you receive the result by e-mail and in your dashboard. Timing depends on the service and is shown when you order.",
    links: [link.travelBanCheck, link.contact],
  },
  {
    id: "law-firm",
    keywords: {
      en: ["law firm", "are you lawyers", "legal advice", "represent me", "court representation", "attorney"],
      ar: ["مكتب محاماة", "هل أنتم محامون", "تمثيل", "استشارة قانونية رسمية"],
    },
    answer: (lang) =>
      lang === "ar"
        ? "نحن مزود لخدمات المعلومات القانونية والمستندات، ولسنا مكتب محاماة ولا نقدم استشارات قانونية أو ضريبية. عند الحاجة نربطك بمحامين مرخّصين من شبكتنا."
        : "We are a legal-information and document-services provider, not a law firm, and we do not give legal or tax advice. When you need one, we connect you with licensed attorneys from our network.",
    links: [link.askLawyer],
  },
  {
    id: "contact",
    keywords: {
      en: [
        "contact",
        "phone",
        "call",
        "email",
        "whatsapp",
        "office",
        "office hours",
        "opening hours",
        "address",
        "human",
        "agent",
        "someone",
      ],
      ar: ["تواصل", "اتصال", "هاتف", "البريد الإلكتروني", "واتساب", "المكتب", "ساعات العمل", "العنوان", "موظف"],
    },
    answer: (lang) =>
      lang === "ar"
        ? "يمكنك الاتصال بنا أو مراسلتنا عبر صفحة التواصل، أو إرسال استفسار من أي صفحة خدمة، وسيتواصل معك فريقنا خلال 24 ساعة."
        : "You can call or e-mail us from our contact page, or send an inquiry from any service page; our team will contact you within 24 hours.",
    links: [link.contact],
  },
];

// ——— matching ———

const STOPWORDS = new Set(
  (
    "a an the is are am was were be been i me my we our you your it its of to in on at for and or do does did can could would should will " +
    "how what when where which who why with about from this that there have has had get please hi hello need want know tell any some " +
    "في من على إلى الى عن هل ما ماذا كيف كم أن ان هذا هذه أنا انا لي لدي هو هي مع أو او و يا أريد اريد ممكن عندي"
  ).split(" "),
);

/** Lower case, no Arabic diacritics or tatweel, one form of alef/yaa/taa marbuta, punctuation to spaces. */
export function normaliseForMatching(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKC")
    .replace(/[\u064b-\u065f\u0670\u0640]/g, "")
    .replace(/[أإآٱ]/g, "ا")
    .replace(/ى/g, "ي")
    .replace(/ة/g, "ه")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A word's stem, roughly: English plural and -ing/-ed endings, Arabic article and joined prepositions. */
function stem(word: string): string {
  if (/^[a-z]+$/.test(word)) {
    if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
    if (word.length > 4 && word.endsWith("ed")) return word.slice(0, -2);
    if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
    return word;
  }
  for (const prefix of ["وال", "بال", "فال", "كال", "لل", "ال"]) {
    if (word.startsWith(prefix) && word.length - prefix.length >= 2) return word.slice(prefix.length);
  }
  return word;
}

function words(text: string): string[] {
  return normaliseForMatching(text)
    .split(" ")
    .filter((w) => w && !STOPWORDS.has(w))
    .map(stem);
}

type Indexed = { entry: Entry; stems: Set<string>; phrases: string[][] };

const index: Indexed[] = entries.map((entry) => {
  const phrases = [...entry.keywords.en, ...entry.keywords.ar].map(words).filter((p) => p.length > 0);
  return { entry, stems: new Set(phrases.flat()), phrases };
});

// Rarer words say more: "lift" points to one entry, "ban" to several.
const documentFrequency = new Map<string, number>();
for (const item of index) for (const s of item.stems) documentFrequency.set(s, (documentFrequency.get(s) ?? 0) + 1);
const weightOf = (s: string) => Math.log((index.length + 1) / (documentFrequency.get(s) ?? index.length));

function containsSequence(haystack: string[], needle: string[]) {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/**
 * Each distinct question word found among an entry's keywords adds its weight; each keyword
 * phrase of several words found in order (stop words aside) adds one point per word. Keywords of
 * both languages count: visitors mix them.
 */
function score(item: Indexed, questionStems: string[]): number {
  let total = 0;
  for (const s of new Set(questionStems)) if (item.stems.has(s)) total += weightOf(s);
  for (const phrase of item.phrases)
    if (phrase.length > 1 && containsSequence(questionStems, phrase)) total += phrase.length;
  return total;
}

const MIN_SCORE = 1.5;

function toAnswer(entry: Entry, lang: Lang): KnowledgeAnswer {
  return {
    text: entry.answer(lang),
    links: entry.links.map((l) => ({ label: l.label[lang], href: localizePath(lang, l.path) })),
    entryId: entry.id,
  };
}

function fallback(lang: Lang): KnowledgeAnswer {
  return {
    text:
      lang === "ar"
        ? "لم أجد إجابة دقيقة عن سؤالك. يمكنك سؤال أحد خبرائنا أو إرسال استفسار، وسيرد عليك فريقنا القانوني خلال 24 ساعة. نساعدك في فحص حظر السفر والعمل، والتحقق من الخلفية، ومراجعة العقود، وتأسيس الشركات."
        : "I could not find an exact answer to that. You can ask one of our experts or send an inquiry, and our legal team will reply within 24 hours. We help with travel and labor ban checks, background checks, contract review and company formation.",
    links: [link.askLawyer, link.contact].map((l) => ({ label: l.label[lang], href: localizePath(lang, l.path) })),
    entryId: null,
  };
}

/**
 * The best answer to a visitor's question in their language, with links to the pages that say
 * more. Never throws; an empty or unmatched question gets the fallback answer (entryId null).
 */
export function answerFromKnowledgeBase(question: string, lang: Lang): KnowledgeAnswer {
  const normalised = normaliseForMatching(String(question ?? "").slice(0, 2000));
  if (!normalised) return fallback(lang);
  const stems = words(normalised);
  let best: { item: Indexed; score: number } | undefined;
  for (const item of index) {
    const s = score(item, stems);
    if (s > (best?.score ?? 0)) best = { item, score: s };
  }
  return best && best.score >= MIN_SCORE ? toAnswer(best.item.entry, lang) : fallback(lang);
}

/** The answer of one entry by id (quick questions name theirs), or undefined. */
export function knowledgeEntry(id: string, lang: Lang): KnowledgeAnswer | undefined {
  const entry = entries.find((e) => e.id === id);
  return entry ? toAnswer(entry, lang) : undefined;
}

export const KNOWLEDGE_ENTRY_IDS = entries.map((e) => e.id);

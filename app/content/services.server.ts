import { AUDIT_KEYS, complianceAudits, CONSULTATION_KEYS, consultations } from "../catalogue";
import type { Lang } from "../i18n/lang";
import { serviceJsonLd } from "../seo/structured-data.server";
import { fromPrice, inquirySection, plansSection, withStructuredData } from "./section-builders.server";
import type { CardItem, PageContent } from "./types";

/**
 * The service pages: document authentication, legal consultation and compliance audit. Each has
 * a side contact block beside the inquiry form (service type general); consultation and audit
 * cards carry Book Consultation and Request Audit Quote, which lead to that form.
 */

const lowest = (fils: number[]) => Math.min(...fils);
const consultationFrom = lowest(CONSULTATION_KEYS.map((key) => consultations[key].from));

/** The consultation types as products: the catalogue's list, each with its add-to-cart button. */
function consultationPlans(lang: Lang) {
  return plansSection(lang, "consultations", {
    id: "consultation-types",
    title: lang === "ar" ? "أنواع الاستشارات" : "Consultation Types",
    intro:
      lang === "ar"
        ? "لكل نوع سعر ثابت لجلسة واحدة بالمدة المذكورة. بعد الدفع تظهر الجلسة في صفحة طلبك."
        : "Each type is a fixed price for one session of the length shown. Once paid, the session appears on your order page.",
  });
}

function auditCards(lang: Lang): CardItem[] {
  return AUDIT_KEYS.map((key) => {
    const a = complianceAudits[key];
    return {
      title: a.name[lang],
      text: auditText[key][lang],
      points: [
        lang === "ar"
          ? "السعر والمدة في عرض مكتوب بعد تحديد النطاق"
          : "Price and duration in a written quote once scoped",
      ],
      link: { label: lang === "ar" ? "اطلب عرض سعر للتدقيق" : "Request Audit Quote", to: "#inquiry" },
    };
  });
}

const auditText: Record<(typeof AUDIT_KEYS)[number], Record<Lang, string>> = {
  corporate: {
    en: "Licences, corporate governance, ultimate beneficial owner and economic substance filings, board records.",
    ar: "التراخيص وحوكمة الشركات وإفصاحات المستفيد الحقيقي والمادة الاقتصادية وسجلات مجلس الإدارة.",
  },
  employment: {
    en: "Contracts, WPS payroll, working hours, leave, Emiratisation targets and end-of-service calculations.",
    ar: "عقود العمل ونظام حماية الأجور وساعات العمل والإجازات ونسب التوطين وحساب مكافأة نهاية الخدمة.",
  },
  regulatory: {
    en: "Sector rules for your activity: anti-money laundering, consumer protection and licensing conditions.",
    ar: "قواعد القطاع الخاصة بنشاطك: مكافحة غسل الأموال وحماية المستهلك وشروط الترخيص.",
  },
  "data-protection": {
    en: "Personal data handling under the UAE data protection law and free zone regimes such as DIFC and ADGM.",
    ar: "معالجة البيانات الشخصية وفق قانون حماية البيانات في الدولة وأنظمة المناطق الحرة مثل مركز دبي المالي العالمي وسوق أبوظبي العالمي.",
  },
};

const documentAuthenticationPages: Record<Lang, PageContent> = {
  en: {
    updated: "2026-11-25",
    meta: {
      title: "Document Authentication and Attestation in the UAE",
      description: `Attestation of personal, educational and commercial documents for use in the UAE and abroad: notarisation, embassy and MOFA stages handled for you, time and price confirmed up front.`,
      keywords: [
        "document attestation UAE",
        "MOFA attestation",
        "certificate authentication Dubai",
        "embassy attestation",
        "legal translation UAE",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "authentication-hero",
        eyebrow: "Services",
        title: "Document Authentication",
        lead: "Get your documents accepted the first time. We take care of notarisation, embassy and Ministry of Foreign Affairs attestation, and certified legal translation.",
        highlights: [
          "Time and price confirmed before we start",
          "Tracked at every stage",
          "Collection and delivery across the UAE",
        ],
        ctas: [{ label: "Submit Your Inquiry", to: "#inquiry" }],
      },
      {
        kind: "cards",
        id: "document-types",
        title: "Documents We Authenticate",
        columns: 4,
        items: [
          {
            title: "Personal documents",
            text: "Birth and marriage certificates, divorce decrees, police clearance certificates and powers of attorney.",
          },
          {
            title: "Educational certificates",
            text: "Degrees, diplomas and transcripts for employment visas, equivalency and further study.",
          },
          {
            title: "Commercial documents",
            text: "Trade licences, memoranda of association, board resolutions, invoices and certificates of origin.",
          },
          {
            title: "Legal documents",
            text: "Court judgments, affidavits and contracts that must be used in another country.",
          },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "How It Works",
        steps: [
          {
            title: "Send your documents",
            text: "Tell us the document, where it was issued and where it will be used; we confirm the stages needed.",
          },
          {
            title: "Verification",
            text: "We check the originals and arrange notarisation or certified translation where required.",
          },
          {
            title: "Attestation",
            text: "We handle the issuing authority, embassy and Ministry of Foreign Affairs stages in the right order.",
          },
          { title: "Delivery", text: "You receive the attested documents by courier or collect them from our office." },
        ],
      },
      inquirySection("en", "general", {
        title: "Ask About Your Documents",
        intro:
          "Tell us which documents you need authenticated and the country they come from. We reply with the stages, the time and the fees within 24 hours.",
        withContact: true,
      }),
    ],
  },
  ar: {
    updated: "2026-11-25",
    meta: {
      title: "توثيق المستندات والتصديق عليها في الإمارات",
      description: `تصديق المستندات الشخصية والتعليمية والتجارية لاستخدامها في الدولة وخارجها: نتولى مراحل التوثيق والسفارة ووزارة الخارجية، مع تأكيد المدة والسعر بعد اطلاعنا على مستنداتك.`,
      keywords: [
        "تصديق المستندات في الإمارات",
        "تصديق وزارة الخارجية",
        "توثيق الشهادات في دبي",
        "تصديق السفارة",
        "الترجمة القانونية في الإمارات",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "authentication-hero",
        eyebrow: "الخدمات",
        title: "توثيق المستندات",
        lead: "اجعل مستنداتك مقبولة من المرة الأولى. نتولى التوثيق لدى الكاتب العدل وتصديق السفارة ووزارة الخارجية والترجمة القانونية المعتمدة.",
        highlights: ["تأكيد المدة والسعر قبل أن نبدأ", "متابعة في كل مرحلة", "استلام وتسليم في أنحاء الدولة"],
        ctas: [{ label: "أرسل استفسارك", to: "#inquiry" }],
      },
      {
        kind: "cards",
        id: "document-types",
        title: "المستندات التي نوثّقها",
        columns: 4,
        items: [
          {
            title: "المستندات الشخصية",
            text: "شهادات الميلاد والزواج وأحكام الطلاق وشهادات حسن السيرة والسلوك والوكالات.",
          },
          {
            title: "الشهادات التعليمية",
            text: "الشهادات الجامعية والدبلومات وكشوف الدرجات لتأشيرات العمل والمعادلة ومواصلة الدراسة.",
          },
          {
            title: "المستندات التجارية",
            text: "الرخص التجارية وعقود التأسيس وقرارات مجالس الإدارة والفواتير وشهادات المنشأ.",
          },
          {
            title: "المستندات القانونية",
            text: "الأحكام القضائية والإقرارات والعقود التي يلزم استخدامها في دولة أخرى.",
          },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "كيف نعمل",
        steps: [
          { title: "أرسل مستنداتك", text: "أخبرنا بالمستند ومكان صدوره ومكان استخدامه، ونؤكد لك المراحل المطلوبة." },
          { title: "التحقق", text: "نتحقق من الأصول ونرتّب التوثيق لدى الكاتب العدل أو الترجمة المعتمدة عند الحاجة." },
          { title: "التصديق", text: "نتولى مراحل الجهة المُصدِرة والسفارة ووزارة الخارجية بالترتيب الصحيح." },
          { title: "التسليم", text: "تستلم المستندات المصدّقة عبر البريد السريع أو من مكتبنا." },
        ],
      },
      inquirySection("ar", "general", {
        title: "استفسر عن مستنداتك",
        intro:
          "أخبرنا بالمستندات التي تحتاج إلى توثيقها والدولة التي صدرت فيها. نرد عليك بالمراحل والمدة والرسوم خلال 24 ساعة.",
        withContact: true,
      }),
    ],
  },
};

const legalConsultationPages: Record<Lang, PageContent> = {
  en: {
    updated: "2026-11-27",
    meta: {
      title: "Legal Consultation in the UAE",
      description: `Speak with a legal professional about immigration, business, employment, real estate, family or criminal matters in the UAE, by video, phone or in person. ${fromPrice(consultationFrom, "en")}.`,
      keywords: [
        "legal consultation UAE",
        "lawyer consultation Dubai",
        "employment law advice",
        "immigration consultation UAE",
        "video legal consultation",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "consultation-hero",
        eyebrow: "Services",
        title: "Legal Consultation",
        lead: "A focused session with a legal professional who knows UAE law and procedure: understand where you stand, your options and the next step, in English or Arabic.",
        highlights: ["Video, phone or in person", "English and Arabic", "Written summary after every session"],
        ctas: [
          { label: "Book Consultation", to: "#consultation-types" },
          { label: "Ask a Question First", to: "#inquiry", variant: "secondary" },
        ],
      },
      consultationPlans("en"),
      {
        kind: "cards",
        id: "formats",
        title: "How You Can Meet Us",
        columns: 3,
        items: [
          {
            title: "Video call",
            text: "A secure video session from wherever you are, with documents shared on screen.",
          },
          { title: "Phone", text: "A scheduled call at a time that suits you, in English or Arabic." },
          { title: "In person", text: "A meeting at our office during office hours, by appointment." },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "How It Works",
        steps: [
          {
            title: "Choose and pay",
            text: "Pick the consultation type above and check out; the fee is fixed, the session length shown.",
          },
          {
            title: "Book your session",
            text: "Your order page shows the session; book it there and we confirm the time and format with the right professional.",
          },
          {
            title: "Meet and get answers",
            text: "Your consultation, followed by a short written summary of the advice and next steps.",
          },
        ],
      },
      inquirySection("en", "general", {
        title: "Book a Consultation",
        intro: "Describe your matter and choose a format. We confirm your session within 24 hours.",
        withContact: true,
      }),
    ],
  },
  ar: {
    updated: "2026-11-27",
    meta: {
      title: "الاستشارات القانونية في الإمارات",
      description: `تحدّث إلى مختص قانوني في مسائل الهجرة والأعمال والعمل والعقارات والأسرة والقضايا الجنائية في الدولة، عبر الفيديو أو الهاتف أو حضورياً. ${fromPrice(consultationFrom, "ar")}.`,
      keywords: [
        "استشارة قانونية في الإمارات",
        "استشارة محامٍ في دبي",
        "استشارة في قانون العمل",
        "استشارة الهجرة والإقامة",
        "استشارة قانونية بالفيديو",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "consultation-hero",
        eyebrow: "الخدمات",
        title: "الاستشارات القانونية",
        lead: "جلسة مركّزة مع مختص قانوني يعرف قانون الدولة وإجراءاتها: افهم موقفك وخياراتك والخطوة التالية، بالعربية أو الإنجليزية.",
        highlights: ["عبر الفيديو أو الهاتف أو حضورياً", "بالعربية والإنجليزية", "ملخص مكتوب بعد كل جلسة"],
        ctas: [
          { label: "احجز استشارة", to: "#consultation-types" },
          { label: "اسألنا أولاً", to: "#inquiry", variant: "secondary" },
        ],
      },
      consultationPlans("ar"),
      {
        kind: "cards",
        id: "formats",
        title: "طرق اللقاء",
        columns: 3,
        items: [
          { title: "مكالمة فيديو", text: "جلسة فيديو آمنة من أي مكان، مع عرض المستندات على الشاشة." },
          { title: "الهاتف", text: "مكالمة مجدولة في الوقت الذي يناسبك، بالعربية أو الإنجليزية." },
          { title: "حضورياً", text: "لقاء في مكتبنا خلال ساعات العمل، بموعد مسبق." },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "كيف نعمل",
        steps: [
          { title: "اختر وادفع", text: "اختر نوع الاستشارة أعلاه وأتمّ الدفع؛ الرسوم ثابتة ومدة الجلسة مذكورة." },
          {
            title: "احجز جلستك",
            text: "تظهر الجلسة في صفحة طلبك؛ احجزها من هناك ونؤكد لك الموعد وطريقة اللقاء مع المختص المناسب.",
          },
          { title: "اللقاء والإجابات", text: "جلستك الاستشارية، يليها ملخص مكتوب موجز للمشورة والخطوات التالية." },
        ],
      },
      inquirySection("ar", "general", {
        title: "احجز استشارة",
        intro: "صِف مسألتك واختر طريقة اللقاء، ونؤكد جلستك خلال 24 ساعة.",
        withContact: true,
      }),
    ],
  },
};

const complianceAuditPages: Record<Lang, PageContent> = {
  en: {
    updated: "2026-11-25",
    meta: {
      title: "Compliance Audits for UAE Businesses",
      description: `Corporate, employment, regulatory and data protection compliance audits for companies in the UAE, with a prioritised action plan, priced in a written quote once scoped.`,
      keywords: [
        "compliance audit UAE",
        "employment compliance Dubai",
        "data protection audit UAE",
        "regulatory compliance review",
        "corporate governance audit",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "audit-hero",
        eyebrow: "Services",
        title: "Compliance Audit",
        lead: "Find the gaps before a regulator, an employee or a partner does. Our team reviews your company against the UAE rules that apply to it and gives you a clear, prioritised plan to fix what matters.",
        highlights: ["Fixed scope and price agreed up front", "Findings ranked by risk", "Follow-up review included"],
        ctas: [
          { label: "Request Audit Quote", to: "#inquiry" },
          { label: "See Audit Types", to: "#audit-types", variant: "secondary" },
        ],
      },
      { kind: "cards", id: "audit-types", title: "Audit Types", columns: 4, items: auditCards("en") },
      {
        kind: "steps",
        id: "process",
        title: "How an Audit Works",
        steps: [
          { title: "Scoping", text: "We agree the areas, entities and period to review, and a fixed fee." },
          {
            title: "Document review",
            text: "We review your licences, policies, contracts and records against current rules.",
          },
          { title: "Interviews", text: "Short interviews with the people who run the processes, on site or by video." },
          {
            title: "Report and action plan",
            text: "A written report with findings ranked by risk and the steps to close each gap.",
          },
        ],
      },
      {
        kind: "list",
        id: "deliverables",
        title: "What You Receive",
        columns: 2,
        items: [
          "An executive summary for management and the board",
          "Detailed findings with the rule each one relates to",
          "A risk rating for every finding",
          "A prioritised remediation plan with owners and dates",
          "Template policies where yours are missing",
          "A follow-up review of the actions taken",
        ],
      },
      inquirySection("en", "general", {
        title: "Request an Audit Quote",
        intro:
          "Tell us about your company, its activity and the areas you want reviewed. We reply with a scope and a fixed quote within 24 hours.",
        withContact: true,
      }),
    ],
  },
  ar: {
    updated: "2026-11-25",
    meta: {
      title: "تدقيق الامتثال للشركات في الإمارات",
      description: `تدقيق امتثال الشركات والعمل والامتثال التنظيمي وحماية البيانات للشركات في الدولة، مع خطة عمل مرتبة حسب الأولوية، وسعرها في عرض مكتوب بعد تحديد النطاق.`,
      keywords: [
        "تدقيق الامتثال في الإمارات",
        "امتثال قانون العمل في دبي",
        "تدقيق حماية البيانات",
        "مراجعة الامتثال التنظيمي",
        "تدقيق حوكمة الشركات",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "audit-hero",
        eyebrow: "الخدمات",
        title: "تدقيق الامتثال",
        lead: "اكتشف الثغرات قبل أن تكتشفها جهة رقابية أو موظف أو شريك. يراجع فريقنا شركتك في ضوء أنظمة الدولة المطبّقة عليها ويقدّم لك خطة واضحة مرتبة حسب الأولوية لمعالجة ما يهم.",
        highlights: ["نطاق وسعر ثابتان يُتفق عليهما مسبقاً", "نتائج مرتبة حسب درجة المخاطر", "مراجعة متابعة مشمولة"],
        ctas: [
          { label: "اطلب عرض سعر للتدقيق", to: "#inquiry" },
          { label: "أنواع التدقيق", to: "#audit-types", variant: "secondary" },
        ],
      },
      { kind: "cards", id: "audit-types", title: "أنواع التدقيق", columns: 4, items: auditCards("ar") },
      {
        kind: "steps",
        id: "process",
        title: "كيف يجري التدقيق",
        steps: [
          { title: "تحديد النطاق", text: "نتفق على المجالات والكيانات والفترة محل المراجعة وعلى رسوم ثابتة." },
          { title: "مراجعة المستندات", text: "نراجع تراخيصك وسياساتك وعقودك وسجلاتك في ضوء الأنظمة السارية." },
          { title: "المقابلات", text: "مقابلات قصيرة مع المسؤولين عن الإجراءات، في الموقع أو عبر الفيديو." },
          { title: "التقرير وخطة العمل", text: "تقرير مكتوب بالنتائج مرتبة حسب المخاطر وخطوات معالجة كل ثغرة." },
        ],
      },
      {
        kind: "list",
        id: "deliverables",
        title: "ما الذي تحصل عليه",
        columns: 2,
        items: [
          "ملخص تنفيذي للإدارة ومجلس الإدارة",
          "نتائج مفصّلة مع النص النظامي المرتبط بكل منها",
          "تصنيف للمخاطر لكل نتيجة",
          "خطة معالجة مرتبة حسب الأولوية مع المسؤولين والمواعيد",
          "نماذج سياسات عند غياب سياساتك",
          "مراجعة متابعة للإجراءات المتخذة",
        ],
      },
      inquirySection("ar", "general", {
        title: "اطلب عرض سعر للتدقيق",
        intro: "أخبرنا عن شركتك ونشاطها والمجالات التي تريد مراجعتها. نرد عليك بالنطاق وعرض سعر ثابت خلال 24 ساعة.",
        withContact: true,
      }),
    ],
  },
};

export const documentAuthenticationContent = withStructuredData(documentAuthenticationPages, (lang, site, page) => [
  serviceJsonLd(site, lang, {
    name: page.meta.title,
    description: page.meta.description,
    path: "/services/document-authentication",
  }),
]);

export const legalConsultationContent = withStructuredData(legalConsultationPages, (lang, site, page) => [
  serviceJsonLd(site, lang, {
    name: page.meta.title,
    description: page.meta.description,
    path: "/services/legal-consultation",
    fromPrice: consultationFrom,
  }),
]);

export const complianceAuditContent = withStructuredData(complianceAuditPages, (lang, site, page) => [
  serviceJsonLd(site, lang, {
    name: page.meta.title,
    description: page.meta.description,
    path: "/services/compliance-audit",
  }),
]);

import { lowestPrice, timelines } from "../catalogue";
import type { Lang } from "../i18n/lang";
import { planOffersJsonLd } from "../seo/structured-data.server";
import { fromPrice, inquirySection, plansSection, withStructuredData } from "./section-builders.server";
import type { PageContent } from "./types";

/** /for-business/contracts-review: contract types, inclusions, plans, inquiry (contract-review). */
const contractsReviewPages: Record<Lang, PageContent> = {
  en: {
    updated: "2026-11-25",
    meta: {
      title: "Contract Review in the UAE",
      description: `Employment, commercial, tenancy and partnership contracts reviewed against UAE law, with risks highlighted in plain language. ${fromPrice(lowestPrice("contract-review"), "en")}, in ${timelines.contractReview.en}.`,
      keywords: [
        "contract review UAE",
        "employment contract review Dubai",
        "commercial contract check",
        "tenancy contract review",
        "UAE contract law",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "contracts-hero",
        eyebrow: "For Business",
        title: "Contract Review",
        lead: "Know what you are signing. Our legal team reads your contract against UAE law and tells you, in plain language, what protects you, what exposes you and what to ask to change.",
        highlights: [
          fromPrice(lowestPrice("contract-review"), "en"),
          `Reviewed in ${timelines.contractReview.en}`,
          "Arabic and English contracts",
        ],
        ctas: [
          { label: "See Plans", to: "#plans" },
          { label: "Submit Your Inquiry", to: "#inquiry", variant: "secondary" },
        ],
      },
      {
        kind: "cards",
        id: "contract-types",
        title: "Contracts We Review",
        columns: 3,
        items: [
          {
            title: "Employment contracts",
            text: "Offer letters, MOHRE contracts, non-compete and end-of-service terms, for employers and employees.",
          },
          {
            title: "Commercial agreements",
            text: "Supply, distribution, agency and service agreements between companies.",
          },
          {
            title: "Tenancy and real estate",
            text: "Residential and commercial leases, sale and purchase agreements, Ejari-registered tenancies.",
          },
          {
            title: "Partnership and shareholder agreements",
            text: "Ownership, profit sharing, management rights and exit terms between partners.",
          },
          {
            title: "Non-disclosure agreements",
            text: "Confidentiality scope, duration and remedies, mutual or one-way.",
          },
          {
            title: "Freelance and consultancy contracts",
            text: "Scope of work, payment terms, intellectual property and termination.",
          },
        ],
      },
      {
        kind: "list",
        id: "inclusions",
        title: "What Every Review Includes",
        columns: 2,
        items: [
          "A read of the full contract against current UAE law",
          "Key risks and unusual clauses highlighted",
          "Missing protections you should ask for",
          "Payment, termination and dispute-resolution terms explained",
          "A written summary in plain English or Arabic",
          "Confidential handling of your documents",
        ],
      },
      plansSection("en", "contract-review", {
        intro: "Choose by length and complexity. Upload the contract at checkout.",
      }),
      inquirySection("en", "contract-review", {
        title: "Ask About a Contract",
        intro: "Not sure which plan fits, or have several contracts? Describe them and we will reply within 24 hours.",
      }),
    ],
  },
  ar: {
    updated: "2026-11-25",
    meta: {
      title: "مراجعة العقود في الإمارات",
      description: `مراجعة عقود العمل والعقود التجارية وعقود الإيجار والشراكة وفق قانون الدولة، مع إبراز المخاطر بلغة واضحة. ${fromPrice(lowestPrice("contract-review"), "ar")}، خلال ${timelines.contractReview.ar}.`,
      keywords: [
        "مراجعة العقود في الإمارات",
        "مراجعة عقد العمل في دبي",
        "فحص العقود التجارية",
        "مراجعة عقد الإيجار",
        "قانون العقود الإماراتي",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "contracts-hero",
        eyebrow: "للشركات",
        title: "مراجعة العقود",
        lead: "اعرف ما توقّع عليه. يقرأ فريقنا القانوني عقدك في ضوء قانون الدولة ويخبرك بلغة واضحة بما يحميك وما يعرّضك للمخاطر وما ينبغي أن تطلب تعديله.",
        highlights: [
          fromPrice(lowestPrice("contract-review"), "ar"),
          `المراجعة خلال ${timelines.contractReview.ar}`,
          "عقود بالعربية والإنجليزية",
        ],
        ctas: [
          { label: "اطّلع على الباقات", to: "#plans" },
          { label: "أرسل استفسارك", to: "#inquiry", variant: "secondary" },
        ],
      },
      {
        kind: "cards",
        id: "contract-types",
        title: "العقود التي نراجعها",
        columns: 3,
        items: [
          {
            title: "عقود العمل",
            text: "عروض العمل وعقود وزارة الموارد البشرية وشروط عدم المنافسة ومكافأة نهاية الخدمة، لأصحاب العمل والموظفين.",
          },
          { title: "الاتفاقيات التجارية", text: "اتفاقيات التوريد والتوزيع والوكالة والخدمات بين الشركات." },
          {
            title: "الإيجار والعقارات",
            text: "عقود الإيجار السكنية والتجارية واتفاقيات البيع والشراء والإيجارات المسجلة في إيجاري.",
          },
          {
            title: "اتفاقيات الشراكة والمساهمين",
            text: "الملكية وتوزيع الأرباح وحقوق الإدارة وشروط الخروج بين الشركاء.",
          },
          { title: "اتفاقيات عدم الإفصاح", text: "نطاق السرية ومدتها وسبل الانتصاف، متبادلة أو من طرف واحد." },
          { title: "عقود العمل الحر والاستشارات", text: "نطاق العمل وشروط الدفع والملكية الفكرية والإنهاء." },
        ],
      },
      {
        kind: "list",
        id: "inclusions",
        title: "ما تشمله كل مراجعة",
        columns: 2,
        items: [
          "قراءة العقد كاملاً في ضوء قانون الدولة الساري",
          "إبراز المخاطر الرئيسية والبنود غير المعتادة",
          "الضمانات الناقصة التي ينبغي أن تطلبها",
          "شرح شروط الدفع والإنهاء وتسوية النزاعات",
          "ملخص مكتوب بلغة واضحة بالعربية أو الإنجليزية",
          "التعامل مع مستنداتك بسرية",
        ],
      },
      plansSection("ar", "contract-review", { intro: "اختر حسب طول العقد ودرجة تعقيده، وارفع العقد عند إتمام الطلب." }),
      inquirySection("ar", "contract-review", {
        title: "استفسر عن عقد",
        intro: "لست متأكداً من الباقة المناسبة، أو لديك عدة عقود؟ صِفها لنا وسنرد خلال 24 ساعة.",
      }),
    ],
  },
};

/** /startup-uae/company-formation: structures, setup services, process, plans, inquiry (company-formation). */
const companyFormationPages: Record<Lang, PageContent> = {
  en: {
    updated: "2026-11-25",
    meta: {
      title: "Company Formation in the UAE",
      description: `Set up a mainland, free zone or offshore company in the UAE: licensing, documents, visas and bank account guidance. Setup packages ${fromPrice(lowestPrice("company-formation"), "en", { inSentence: true })}.`,
      keywords: [
        "company formation UAE",
        "business setup Dubai",
        "free zone company",
        "mainland licence",
        "offshore company UAE",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "formation-hero",
        eyebrow: "Start-up UAE",
        title: "Company Formation",
        lead: "Start your business in the UAE with a team that handles the paperwork. We help you choose the right structure, prepare the documents and deal with the authorities until your licence is issued.",
        highlights: [
          `Setup packages ${fromPrice(lowestPrice("company-formation"), "en", { inSentence: true })}`,
          `Licences in ${timelines.companyFormation.en}`,
          "Mainland, free zone and offshore",
        ],
        ctas: [
          { label: "See Packages", to: "#plans" },
          { label: "Submit Your Inquiry", to: "#inquiry", variant: "secondary" },
        ],
      },
      {
        kind: "cards",
        id: "structures",
        title: "Business Structures",
        columns: 3,
        items: [
          {
            title: "Mainland company",
            text: "Trade anywhere in the UAE and with government entities, under a licence from the emirate's economic department.",
            points: ["Trade across the UAE", "Office lease required", "Visas by office size"],
          },
          {
            title: "Free zone company",
            text: "Full foreign ownership, simple setup and flexible office options inside one of the UAE's free zones.",
            points: ["100% foreign ownership", "Flexi-desk options", "Customs benefits"],
          },
          {
            title: "Offshore company",
            text: "A holding or international-trade vehicle with no UAE trading activity and light reporting.",
            points: ["Asset holding", "International trade", "No local office needed"],
          },
        ],
      },
      {
        kind: "list",
        id: "setup-services",
        title: "Setup Services",
        columns: 2,
        items: [
          "Choice of structure, jurisdiction and business activity",
          "Trade name reservation and initial approval",
          "Memorandum and articles of association",
          "Licence application and follow-up with the authorities",
          "Office lease or flexi-desk arrangement",
          "Establishment card and investor and employee visas",
          "Corporate bank account guidance",
          "Post-formation compliance calendar",
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "How It Works",
        steps: [
          {
            title: "Consultation",
            text: "We discuss your activity, shareholders and budget and recommend a structure and jurisdiction.",
          },
          {
            title: "Documents",
            text: "We prepare the application, the memorandum and the shareholder documents for your signature.",
          },
          {
            title: "Licensing",
            text: "We file with the licensing authority and follow up until the licence is issued.",
          },
          {
            title: "Visas and banking",
            text: "We arrange the establishment card and visas and guide you through opening the company account.",
          },
        ],
      },
      plansSection("en", "company-formation", {
        title: "Company Formation Packages",
        intro:
          "Package prices include our professional fees; government and free zone fees are quoted for your activity before you pay.",
      }),
      inquirySection("en", "company-formation", {
        title: "Plan Your Company",
        intro: "Tell us about your business and we will recommend a structure and send a full quote within 24 hours.",
      }),
    ],
  },
  ar: {
    updated: "2026-11-25",
    meta: {
      title: "تأسيس الشركات في الإمارات",
      description: `أسّس شركتك في البر الرئيسي أو المنطقة الحرة أو كشركة خارجية (أوفشور) في الإمارات: الترخيص والمستندات والتأشيرات والإرشاد لفتح الحساب المصرفي. باقات التأسيس ${fromPrice(lowestPrice("company-formation"), "ar")}.`,
      keywords: [
        "تأسيس الشركات في الإمارات",
        "تأسيس الأعمال في دبي",
        "شركة في المنطقة الحرة",
        "رخصة البر الرئيسي",
        "شركة أوفشور في الإمارات",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "formation-hero",
        eyebrow: "ابدأ في الإمارات",
        title: "تأسيس الشركات",
        lead: "ابدأ عملك في الإمارات مع فريق يتولى الإجراءات عنك. نساعدك على اختيار الشكل القانوني المناسب، ونعدّ المستندات، ونتابع مع الجهات المختصة حتى صدور رخصتك.",
        highlights: [
          `باقات التأسيس ${fromPrice(lowestPrice("company-formation"), "ar")}`,
          `الرخصة خلال ${timelines.companyFormation.ar}`,
          "البر الرئيسي والمناطق الحرة والشركات الخارجية",
        ],
        ctas: [
          { label: "اطّلع على الباقات", to: "#plans" },
          { label: "أرسل استفسارك", to: "#inquiry", variant: "secondary" },
        ],
      },
      {
        kind: "cards",
        id: "structures",
        title: "الأشكال القانونية للشركات",
        columns: 3,
        items: [
          {
            title: "شركة في البر الرئيسي",
            text: "مزاولة النشاط في أي مكان في الدولة ومع الجهات الحكومية، برخصة من دائرة الاقتصاد والسياحة أو نظيرتها في الإمارة.",
            points: ["التجارة في أنحاء الدولة", "يلزم عقد إيجار مكتب", "التأشيرات حسب مساحة المكتب"],
          },
          {
            title: "شركة في منطقة حرة",
            text: "ملكية أجنبية كاملة وتأسيس مبسّط وخيارات مكاتب مرنة في إحدى المناطق الحرة بالدولة.",
            points: ["ملكية أجنبية 100٪", "خيارات المكاتب المرنة", "مزايا جمركية"],
          },
          {
            title: "شركة خارجية (أوفشور)",
            text: "أداة للتملّك أو للتجارة الدولية دون نشاط تجاري داخل الدولة ومع متطلبات تقارير بسيطة.",
            points: ["تملّك الأصول", "التجارة الدولية", "لا يلزم مكتب محلي"],
          },
        ],
      },
      {
        kind: "list",
        id: "setup-services",
        title: "خدمات التأسيس",
        columns: 2,
        items: [
          "اختيار الشكل القانوني والجهة المرخِّصة والنشاط التجاري",
          "حجز الاسم التجاري والموافقة المبدئية",
          "عقد التأسيس والنظام الأساسي",
          "تقديم طلب الرخصة ومتابعته مع الجهات المختصة",
          "عقد إيجار المكتب أو ترتيب المكتب المرن",
          "بطاقة المنشأة وتأشيرات المستثمرين والموظفين",
          "الإرشاد لفتح الحساب المصرفي للشركة",
          "جدول الالتزامات بعد التأسيس",
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "كيف نعمل",
        steps: [
          { title: "الاستشارة", text: "نناقش نشاطك والمساهمين والميزانية ونوصي بالشكل القانوني والجهة المرخِّصة." },
          { title: "المستندات", text: "نعدّ الطلب وعقد التأسيس ومستندات المساهمين لتوقيعها." },
          { title: "الترخيص", text: "نقدّم الطلب إلى جهة الترخيص ونتابعه حتى صدور الرخصة." },
          { title: "التأشيرات والحساب المصرفي", text: "نرتّب بطاقة المنشأة والتأشيرات ونرشدك في فتح حساب الشركة." },
        ],
      },
      plansSection("ar", "company-formation", {
        title: "باقات تأسيس الشركات",
        intro: "تشمل أسعار الباقات أتعابنا المهنية؛ أما رسوم الجهات الحكومية والمناطق الحرة فنحددها لنشاطك قبل الدفع.",
      }),
      inquirySection("ar", "company-formation", {
        title: "خطّط لشركتك",
        intro: "أخبرنا عن عملك وسنوصي بالشكل القانوني المناسب ونرسل إليك عرض سعر كاملاً خلال 24 ساعة.",
      }),
    ],
  },
};

export const contractsReviewContent = withStructuredData(contractsReviewPages, (lang, site, page) => [
  planOffersJsonLd(site, lang, "contract-review", {
    name: page.meta.title,
    description: page.meta.description,
    path: "/for-business/contracts-review",
  }),
]);

export const companyFormationContent = withStructuredData(companyFormationPages, (lang, site, page) => [
  planOffersJsonLd(site, lang, "company-formation", {
    name: page.meta.title,
    description: page.meta.description,
    path: "/startup-uae/company-formation",
  }),
]);

import { lowestPrice, planLists, type PlanTier } from "../catalogue";
import type { Lang } from "../i18n/lang";
import { planOffersJsonLd, serviceJsonLd } from "../seo/structured-data.server";
import { faqSection, fromPrice, inquirySection, plansSection, withStructuredData } from "./section-builders.server";
import type { PageContent } from "./types";

/**
 * The business pages the navigation links beyond the spec's own: client credit check,
 * receivable management and employee check. Prices only from the catalogue.
 */

const clientCreditCheckPages: Record<Lang, PageContent> = {
  en: {
    updated: "2026-11-25",
    meta: {
      title: "Client Credit Check in the UAE",
      description:
        "Check a company or individual before you extend credit in the UAE: trade licence, ownership, court cases, bounced cheques and payment behaviour in one report.",
      keywords: [
        "client credit check UAE",
        "company credit report Dubai",
        "customer due diligence",
        "bounced cheque check",
        "trade licence verification",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "credit-hero",
        eyebrow: "For Business",
        title: "Client Credit Check",
        lead: "Before you agree payment terms with a new client, know who you are dealing with. We verify the company and the people behind it and tell you what the records say about how they pay.",
        highlights: [
          "Companies and individuals",
          "Consent-based credit bureau reports",
          "Reviewed by a person, not a score alone",
        ],
        ctas: [{ label: "Submit Your Inquiry", to: "#inquiry" }],
      },
      {
        kind: "list",
        id: "report",
        title: "What the Report Covers",
        columns: 2,
        items: [
          "Trade licence validity, activities and expiry",
          "Registered owners, managers and signatories",
          "Civil and commercial court cases in the UAE",
          "Bounced cheque and payment order cases",
          "Credit bureau report, with the subject's consent",
          "Trade references and payment history where available",
        ],
      },
      {
        kind: "cards",
        id: "when",
        title: "When to Use It",
        columns: 3,
        items: [
          {
            title: "New credit terms",
            text: "Before granting 30, 60 or 90 days to a new customer or raising a credit limit.",
          },
          {
            title: "Large orders",
            text: "Before accepting an order or contract that is large compared with the client's history.",
          },
          {
            title: "Post-dated cheques",
            text: "Before relying on cheques as security from a client you do not know well.",
          },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "How It Works",
        steps: [
          {
            title: "Tell us who to check",
            text: "The company name and licence number, or the individual's details and consent.",
          },
          {
            title: "We search the records",
            text: "Licensing authorities, courts and, with consent, the credit bureau.",
          },
          { title: "You receive the report", text: "A clear summary of the findings and the risks they point to." },
        ],
      },
      inquirySection("en", "general", {
        title: "Request a Client Credit Check",
        intro:
          "Tell us about the client and the credit you are considering. We reply with the scope and a price within 24 hours.",
      }),
    ],
  },
  ar: {
    updated: "2026-11-25",
    meta: {
      title: "فحص الجدارة الائتمانية للعملاء في الإمارات",
      description:
        "افحص الشركة أو الفرد قبل منح الائتمان في الدولة: الرخصة التجارية والملكية والقضايا والشيكات المرتجعة وسلوك السداد في تقرير واحد.",
      keywords: [
        "فحص ائتمان العملاء في الإمارات",
        "تقرير ائتماني للشركات في دبي",
        "العناية الواجبة تجاه العملاء",
        "فحص الشيكات المرتجعة",
        "التحقق من الرخصة التجارية",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "credit-hero",
        eyebrow: "للشركات",
        title: "فحص الجدارة الائتمانية للعملاء",
        lead: "قبل أن تتفق على شروط الدفع مع عميل جديد، اعرف مع من تتعامل. نتحقق من الشركة والأشخاص الذين يقفون وراءها ونخبرك بما تقوله السجلات عن التزامهم بالسداد.",
        highlights: [
          "الشركات والأفراد",
          "تقارير المكتب الائتماني بموافقة صاحب الشأن",
          "يراجعها مختص ولا تقتصر على درجة رقمية",
        ],
        ctas: [{ label: "أرسل استفسارك", to: "#inquiry" }],
      },
      {
        kind: "list",
        id: "report",
        title: "ما يشمله التقرير",
        columns: 2,
        items: [
          "صلاحية الرخصة التجارية وأنشطتها وتاريخ انتهائها",
          "المالكون والمديرون والمفوضون بالتوقيع المسجلون",
          "القضايا المدنية والتجارية في الدولة",
          "قضايا الشيكات المرتجعة وأوامر الأداء",
          "تقرير المكتب الائتماني بموافقة صاحب الشأن",
          "المراجع التجارية وسجل السداد عند توفرها",
        ],
      },
      {
        kind: "cards",
        id: "when",
        title: "متى تستخدمه",
        columns: 3,
        items: [
          { title: "شروط ائتمان جديدة", text: "قبل منح مهلة 30 أو 60 أو 90 يوماً لعميل جديد أو رفع حد الائتمان." },
          { title: "الطلبات الكبيرة", text: "قبل قبول طلب أو عقد كبير مقارنة بتاريخ العميل." },
          { title: "الشيكات المؤجلة", text: "قبل الاعتماد على الشيكات ضماناً من عميل لا تعرفه جيداً." },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "كيف نعمل",
        steps: [
          { title: "أخبرنا بمن نفحص", text: "اسم الشركة ورقم رخصتها، أو بيانات الفرد وموافقته." },
          { title: "نبحث في السجلات", text: "جهات الترخيص والمحاكم، والمكتب الائتماني بعد الموافقة." },
          { title: "تستلم التقرير", text: "ملخص واضح للنتائج والمخاطر التي تشير إليها." },
        ],
      },
      inquirySection("ar", "general", {
        title: "اطلب فحص الجدارة الائتمانية لعميل",
        intro: "أخبرنا عن العميل والائتمان الذي تفكر في منحه. نرد عليك بالنطاق والسعر خلال 24 ساعة.",
      }),
    ],
  },
};

const receivableManagementPages: Record<Lang, PageContent> = {
  en: {
    updated: "2026-11-25",
    meta: {
      title: "Receivable Management and Debt Recovery in the UAE",
      description:
        "Recover unpaid invoices and bounced cheques in the UAE: amicable collection, formal notices and, through licensed law firms, payment orders and enforcement.",
      keywords: [
        "debt collection UAE",
        "receivable management Dubai",
        "unpaid invoices UAE",
        "bounced cheque recovery",
        "payment order UAE",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "receivables-hero",
        eyebrow: "For Business",
        title: "Receivable Management",
        lead: "Get paid without damaging the relationship when you can, and with the law behind you when you must. We manage overdue accounts from the first reminder to the hand-over to a licensed law firm.",
        highlights: ["Amicable collection first", "Lawful, respectful contact only", "Regular status reports"],
        ctas: [{ label: "Submit Your Inquiry", to: "#inquiry" }],
      },
      {
        kind: "cards",
        id: "services",
        title: "What We Handle",
        columns: 4,
        items: [
          {
            title: "Account reminders",
            text: "Structured reminders and calls on overdue invoices, on your behalf and in your tone.",
          },
          { title: "Payment plans", text: "Negotiated settlements and instalment agreements, put in writing." },
          {
            title: "Formal notices",
            text: "Legal notices prepared for your signature or a law firm's before any claim.",
          },
          {
            title: "Court stage",
            text: "Payment orders, cheque cases and enforcement, filed by licensed law firms in our network.",
          },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "How It Works",
        steps: [
          {
            title: "Share the accounts",
            text: "Invoices, contracts, cheques and correspondence for each overdue account.",
          },
          {
            title: "Assessment",
            text: "We review the evidence and the debtor's position and agree a strategy with you.",
          },
          { title: "Collection", text: "Reminders, negotiation and settlement, with a report on every account." },
          { title: "Escalation", text: "If needed, the file passes to a licensed law firm with everything prepared." },
        ],
      },
      {
        kind: "list",
        id: "principles",
        title: "How We Work",
        columns: 2,
        items: [
          "We never threaten, harass or contact debtors outside reasonable hours",
          "We follow UAE law on debt collection and personal data",
          "You approve every settlement before it is agreed",
          "Court representation is always by a licensed law firm",
        ],
      },
      inquirySection("en", "general", {
        title: "Discuss Your Receivables",
        intro:
          "Tell us how many accounts are overdue, the amounts and how old they are. We reply with an approach and our fees within 24 hours.",
      }),
    ],
  },
  ar: {
    updated: "2026-11-25",
    meta: {
      title: "إدارة الذمم المدينة وتحصيل الديون في الإمارات",
      description:
        "استرد الفواتير غير المدفوعة والشيكات المرتجعة في الدولة: تحصيل ودي وإنذارات رسمية، ثم أوامر الأداء والتنفيذ عبر مكاتب محاماة مرخّصة.",
      keywords: [
        "تحصيل الديون في الإمارات",
        "إدارة الذمم المدينة في دبي",
        "الفواتير غير المدفوعة",
        "استرداد قيمة الشيكات المرتجعة",
        "أمر الأداء",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "receivables-hero",
        eyebrow: "للشركات",
        title: "إدارة الذمم المدينة",
        lead: "احصل على مستحقاتك دون الإضرار بالعلاقة متى أمكن، وبقوة القانون حين يلزم. ندير الحسابات المتأخرة من أول تذكير حتى تسليم الملف إلى مكتب محاماة مرخّص.",
        highlights: ["التحصيل الودي أولاً", "تواصل مشروع ومحترم فقط", "تقارير دورية بالحالة"],
        ctas: [{ label: "أرسل استفسارك", to: "#inquiry" }],
      },
      {
        kind: "cards",
        id: "services",
        title: "ما نتولاه",
        columns: 4,
        items: [
          { title: "تذكير العملاء", text: "تذكيرات واتصالات منظّمة بشأن الفواتير المتأخرة، نيابةً عنك وبأسلوبك." },
          { title: "خطط السداد", text: "تسويات واتفاقيات تقسيط متفاوض عليها وموثّقة كتابةً." },
          { title: "الإنذارات الرسمية", text: "إنذارات قانونية نعدّها لتوقيعك أو لتوقيع مكتب محاماة قبل أي مطالبة." },
          {
            title: "المرحلة القضائية",
            text: "أوامر الأداء وقضايا الشيكات والتنفيذ، تقدّمها مكاتب محاماة مرخّصة في شبكتنا.",
          },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "كيف نعمل",
        steps: [
          { title: "شارك الحسابات", text: "الفواتير والعقود والشيكات والمراسلات لكل حساب متأخر." },
          { title: "التقييم", text: "نراجع الأدلة وموقف المدين ونتفق معك على الاستراتيجية." },
          { title: "التحصيل", text: "التذكير والتفاوض والتسوية، مع تقرير عن كل حساب." },
          { title: "التصعيد", text: "عند الحاجة ينتقل الملف إلى مكتب محاماة مرخّص وقد أُعدّ كل ما يلزم." },
        ],
      },
      {
        kind: "list",
        id: "principles",
        title: "مبادئ عملنا",
        columns: 2,
        items: [
          "لا نهدد المدينين ولا نضايقهم ولا نتواصل معهم في أوقات غير مناسبة",
          "نلتزم بقوانين الدولة في التحصيل وحماية البيانات الشخصية",
          "توافق أنت على كل تسوية قبل إبرامها",
          "التمثيل أمام المحاكم دائماً عبر مكتب محاماة مرخّص",
        ],
      },
      inquirySection("ar", "general", {
        title: "ناقش ذممك المدينة",
        intro: "أخبرنا بعدد الحسابات المتأخرة ومبالغها وأعمارها. نرد عليك بالنهج المقترح وأتعابنا خلال 24 ساعة.",
      }),
    ],
  },
};

/** The same-day background check of the express list, the employee-check page's urgent option. */
const sameDayBackground: PlanTier = planLists.express.tiers.find((t) => t.id === "same-day-background")!;

/** "Essential 7-10 business days, Standard 5-7 business days, …": each screening plan's delivery. */
const screeningDeliveries = (lang: Lang) =>
  planLists.background.tiers.map((t) => `${t.name[lang]} ${t.delivery[lang]}`).join(lang === "ar" ? "، " : ", ");

const employeeCheckPages: Record<Lang, PageContent> = {
  en: {
    updated: "2026-11-25",
    meta: {
      title: "Employee Checks and Pre-Employment Screening",
      description: `Screen candidates before you hire in the UAE: identity, criminal record, employment, education, references and ban status. Plans ${fromPrice(lowestPrice("background"), "en", { inSentence: true })}.`,
      keywords: [
        "employee check UAE",
        "pre-employment screening",
        "candidate verification Dubai",
        "HR background check",
        "employment verification UAE",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "employee-hero",
        eyebrow: "For Business",
        title: "Employee Check",
        lead: "Screening built for HR teams: consistent checks for every candidate, consent collected for you, and reports your hiring managers can read in a minute.",
        highlights: [
          `Plans ${fromPrice(lowestPrice("background"), "en", { inSentence: true })}`,
          `Same-day option ${fromPrice(sameDayBackground.price, "en", { inSentence: true })}`,
          "Volume pricing for ten or more checks a month",
        ],
        ctas: [
          { label: "See Plans", to: "#plans" },
          { label: "Submit Your Inquiry", to: "#inquiry", variant: "secondary" },
        ],
      },
      plansSection("en", "background", {
        title: "Employee Screening Plans",
        intro: "Choose the depth of screening for the role. Add one plan per candidate.",
      }),
      plansSection("en", "express", { id: "express", intro: "For urgent hires: the result the same day." }),
      {
        kind: "steps",
        id: "process",
        title: "How It Works",
        steps: [
          { title: "Order the checks", text: "Choose a plan per candidate and add their details at checkout." },
          {
            title: "Candidate consent",
            text: "We send the candidate a consent request and collect the documents we need.",
          },
          {
            title: "Verification",
            text: "Our team verifies each item with the official sources and previous employers.",
          },
          { title: "Report", text: "You receive a clear, reviewed report in your client dashboard." },
        ],
      },
      inquirySection("en", "background-check", {
        title: "Screening for Your Team",
        intro:
          "Hiring regularly? Tell us your volumes and roles and we will set up a screening programme with volume pricing.",
      }),
      faqSection("en", [
        {
          question: "Do candidates need to agree to the check?",
          answer:
            "Yes. Every check needs the candidate's consent. We send the request and keep the signed consent with the report.",
        },
        {
          question: "How long does an employee check take?",
          answer: `Each plan states its delivery: ${screeningDeliveries("en")}. The same-day background check delivers within ${sameDayBackground.delivery.en}.`,
        },
        {
          question: "Can you check candidates who worked outside the UAE?",
          answer:
            "Yes. For history in other Gulf countries see our GCC Background Checks; for other countries ask us through the form.",
        },
        {
          question: "Who sees the report?",
          answer:
            "Only the people on your company account. Reports are kept for the period in our Data Retention Policy and then deleted.",
        },
      ]),
    ],
  },
  ar: {
    updated: "2026-11-25",
    meta: {
      title: "فحص الموظفين والتحقق قبل التوظيف",
      description: `افحص المرشحين قبل التوظيف في الدولة: الهوية والسجل الجنائي والخبرات والمؤهلات والمراجع وحالة الحظر. الباقات ${fromPrice(lowestPrice("background"), "ar")}.`,
      keywords: [
        "فحص الموظفين في الإمارات",
        "الفحص قبل التوظيف",
        "التحقق من المرشحين في دبي",
        "التحقق من الخلفية للموارد البشرية",
        "التحقق من الخبرات",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "employee-hero",
        eyebrow: "للشركات",
        title: "فحص الموظفين",
        lead: "فحص مصمَّم لفرق الموارد البشرية: فحوص موحّدة لكل مرشح، وموافقة نجمعها عنك، وتقارير يقرؤها مديرو التوظيف في دقيقة.",
        highlights: [
          `الباقات ${fromPrice(lowestPrice("background"), "ar")}`,
          `خيار اليوم نفسه ${fromPrice(sameDayBackground.price, "ar")}`,
          "أسعار خاصة لعشرة فحوص شهرياً فأكثر",
        ],
        ctas: [
          { label: "اطّلع على الباقات", to: "#plans" },
          { label: "أرسل استفسارك", to: "#inquiry", variant: "secondary" },
        ],
      },
      plansSection("ar", "background", {
        title: "باقات فحص الموظفين",
        intro: "اختر عمق الفحص المناسب للوظيفة، وأضف باقة لكل مرشح.",
      }),
      plansSection("ar", "express", { id: "express", intro: "للتوظيف العاجل: النتيجة في اليوم نفسه." }),
      {
        kind: "steps",
        id: "process",
        title: "كيف نعمل",
        steps: [
          { title: "اطلب الفحوص", text: "اختر باقة لكل مرشح وأضف بياناته عند إتمام الطلب." },
          { title: "موافقة المرشح", text: "نرسل إلى المرشح طلب الموافقة ونجمع المستندات اللازمة." },
          { title: "التحقق", text: "يتحقق فريقنا من كل بند لدى المصادر الرسمية وأصحاب العمل السابقين." },
          { title: "التقرير", text: "تستلم تقريراً واضحاً تمت مراجعته في لوحة العميل." },
        ],
      },
      inquirySection("ar", "background-check", {
        title: "فحص لفريقك",
        intro: "توظّف باستمرار؟ أخبرنا بأعداد التوظيف والوظائف وسنعدّ لك برنامج فحص بأسعار خاصة.",
      }),
      faqSection("ar", [
        {
          question: "هل يجب أن يوافق المرشح على الفحص؟",
          answer: "نعم. يحتاج كل فحص إلى موافقة المرشح. نرسل الطلب ونحفظ الموافقة الموقّعة مع التقرير.",
        },
        {
          question: "كم يستغرق فحص الموظف؟",
          answer: `لكل باقة مدة تسليم مبيّنة: ${screeningDeliveries("ar")}. ويُسلَّم التحقق من الخلفية في اليوم نفسه خلال ${sameDayBackground.delivery.ar}.`,
        },
        {
          question: "هل تفحصون مرشحين عملوا خارج الدولة؟",
          answer:
            "نعم. للخبرات في دول الخليج الأخرى راجع خدمة التحقق من الخلفية في دول الخليج، ولغيرها من الدول راسلنا عبر النموذج.",
        },
        {
          question: "من يطّلع على التقرير؟",
          answer:
            "الأشخاص المسجلون في حساب شركتك فقط. نحتفظ بالتقارير للمدة المحددة في سياسة الاحتفاظ بالبيانات ثم نحذفها.",
        },
      ]),
    ],
  },
};

export const clientCreditCheckContent = withStructuredData(clientCreditCheckPages, (lang, site, page) => [
  serviceJsonLd(site, lang, {
    name: page.meta.title,
    description: page.meta.description,
    path: "/for-business/client-credit-check",
  }),
]);

export const receivableManagementContent = withStructuredData(receivableManagementPages, (lang, site, page) => [
  serviceJsonLd(site, lang, {
    name: page.meta.title,
    description: page.meta.description,
    path: "/for-business/receivable-management",
  }),
]);

export const employeeCheckContent = withStructuredData(employeeCheckPages, (lang, site, page) => [
  planOffersJsonLd(site, lang, "background", {
    name: page.meta.title,
    description: page.meta.description,
    path: "/for-business/employee-check",
  }),
]);

import { lowestPrice, planLists, timelines } from "../catalogue";
import { planOffersJsonLd, serviceJsonLd } from "../seo/structured-data.server";
import {
  faqSection,
  fromPrice,
  gccCountriesSection,
  inquirySection,
  plansSection,
  withStructuredData,
} from "./section-builders.server";
import type { PageContent } from "./types";
import type { Lang } from "../i18n/lang";

/** The delivery of each package the background-checks page sells, one table row each. */
function packageDeliveries(lang: Lang): string[][] {
  return planLists["background-packages"].tiers.map((t) => [t.name[lang], t.delivery[lang]]);
}

/** /for-business/background-checks: three priced packages (Select Package), what we verify, inquiry (background-check). */
const backgroundChecksPages: Record<Lang, PageContent> = {
  en: {
    updated: "2026-11-25",
    meta: {
      title: "Background Checks for Employers in the UAE",
      description: `Pre-employment screening and business due diligence in the UAE: identity, criminal record, employment, education and company checks, verified by people. ${fromPrice(lowestPrice("background-packages"), "en")}.`,
      keywords: [
        "background check UAE",
        "pre-employment screening Dubai",
        "employee verification",
        "business due diligence UAE",
        "criminal record check UAE",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "background-hero",
        eyebrow: "For Business",
        title: "Background Checks",
        lead: "Hire and partner with confidence. We verify identity, criminal records, employment, education and company details through official UAE sources, and a person reviews every report before it reaches you.",
        highlights: [
          `Individual checks in ${timelines.backgroundHeadline.en}`,
          "Human-verified reports",
          "Handled in line with UAE data protection law",
        ],
        ctas: [
          { label: "Select Package", to: "#plans" },
          { label: "Submit Your Inquiry", to: "#inquiry", variant: "secondary" },
        ],
      },
      plansSection("en", "background-packages", {
        title: "Background Check Packages",
        intro:
          "Three packages for individuals, roles of trust and companies. Choose one and add the candidate's details at checkout.",
        buttonLabel: "Select Package",
      }),
      {
        kind: "list",
        id: "verification",
        title: "What We Verify",
        intro: "Every check is run with the candidate's written consent and only for the purposes you tell us.",
        columns: 2,
        items: [
          "Identity, Emirates ID and passport validity",
          "UAE criminal record",
          "Court and police cases in all seven emirates",
          "Travel ban and labor ban status",
          "Employment history with previous employers",
          "Education and professional qualifications",
          "Professional licences and memberships",
          "Trade licence, registration and ownership of companies",
        ],
      },
      {
        kind: "table",
        id: "turnaround",
        title: "Turnaround Times",
        caption: "Delivery time of each package",
        head: ["Package", "Delivery"],
        rows: packageDeliveries("en"),
      },
      inquirySection("en", "background-check", {
        title: "Request a Background Check",
        intro:
          "Screening several candidates, or need a check we do not list? Tell us and we will reply with a proposal within 24 hours.",
      }),
    ],
  },
  ar: {
    updated: "2026-11-25",
    meta: {
      title: "التحقق من الخلفية لأصحاب العمل في الإمارات",
      description: `فحص ما قبل التوظيف والعناية الواجبة للشركات في الإمارات: الهوية والسجل الجنائي والخبرات والمؤهلات وبيانات الشركات، يتحقق منها مختصون. ${fromPrice(lowestPrice("background-packages"), "ar")}.`,
      keywords: [
        "التحقق من الخلفية في الإمارات",
        "فحص ما قبل التوظيف في دبي",
        "التحقق من الموظفين",
        "العناية الواجبة للشركات",
        "فحص السجل الجنائي",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "background-hero",
        eyebrow: "للشركات",
        title: "التحقق من الخلفية",
        lead: "وظّف وتعاقد بثقة. نتحقق من الهوية والسجل الجنائي والخبرات والمؤهلات وبيانات الشركات عبر المصادر الرسمية في الدولة، ويراجع مختص كل تقرير قبل وصوله إليك.",
        highlights: [
          `فحص الأفراد خلال ${timelines.backgroundHeadline.ar}`,
          "تقارير يراجعها مختصون",
          "معالجة وفق قانون حماية البيانات في الدولة",
        ],
        ctas: [
          { label: "اختر الباقة", to: "#plans" },
          { label: "أرسل استفسارك", to: "#inquiry", variant: "secondary" },
        ],
      },
      plansSection("ar", "background-packages", {
        title: "باقات التحقق من الخلفية",
        intro: "ثلاث باقات للأفراد والوظائف الحساسة والشركات. اختر الباقة وأضف بيانات المرشح عند إتمام الطلب.",
        buttonLabel: "اختر الباقة",
      }),
      {
        kind: "list",
        id: "verification",
        title: "ما الذي نتحقق منه",
        intro: "نجري كل فحص بموافقة كتابية من المرشح وللأغراض التي تحددها لنا فقط.",
        columns: 2,
        items: [
          "الهوية وصلاحية الهوية الإماراتية وجواز السفر",
          "السجل الجنائي في الدولة",
          "قضايا المحاكم والشرطة في الإمارات السبع",
          "حالة حظر السفر وحظر العمل",
          "سجل التوظيف لدى أصحاب العمل السابقين",
          "المؤهلات التعليمية والمهنية",
          "التراخيص والعضويات المهنية",
          "الرخصة التجارية وتسجيل الشركات وملكيتها",
        ],
      },
      {
        kind: "table",
        id: "turnaround",
        title: "مدة الإنجاز",
        caption: "مدة تسليم كل باقة",
        head: ["الباقة", "مدة التسليم"],
        rows: packageDeliveries("ar"),
      },
      inquirySection("ar", "background-check", {
        title: "اطلب التحقق من الخلفية",
        intro: "تريد فحص عدة مرشحين أو تحتاج إلى فحص غير مدرج؟ أخبرنا وسنرسل إليك عرضاً خلال 24 ساعة.",
      }),
    ],
  },
};

/** /for-business/background-checks-gcc: what is verified, risk mitigation, process, turnaround, inquiry (background-check-gcc), 6 FAQs. */
const backgroundChecksGccPages: Record<Lang, PageContent> = {
  en: {
    updated: "2026-11-25",
    meta: {
      title: "GCC Background Checks",
      description:
        "Background checks across the six GCC countries: identity, criminal records, employment, education and company verification for employers hiring across the Gulf.",
      keywords: [
        "GCC background check",
        "Saudi background check",
        "Gulf employment screening",
        "Kuwait Qatar Bahrain Oman verification",
        "cross-border due diligence",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "gcc-hero",
        eyebrow: "For Business",
        title: "GCC Background Checks",
        lead: "One request, six countries. We verify candidates and companies across the United Arab Emirates, Saudi Arabia, Kuwait, Qatar, Bahrain and Oman, and bring the results together in one reviewed report.",
        highlights: ["Six GCC countries covered", "One consolidated report", "Consent-based and confidential"],
        ctas: [{ label: "Submit Your Inquiry", to: "#inquiry" }],
      },
      {
        kind: "list",
        id: "verified",
        title: "What Is Verified",
        columns: 2,
        items: [
          "Identity and passport details",
          "Criminal records in each country of residence",
          "Employment history across the Gulf",
          "Degrees, diplomas and professional certificates",
          "Professional licences",
          "Company registration, ownership and standing",
          "Civil litigation and judgments, where records allow",
          "Sanctions and adverse media screening",
        ],
      },
      {
        kind: "cards",
        id: "risk",
        title: "Risk Mitigation",
        intro: "A hire or partner with a past in another Gulf country is a blind spot for a UAE-only check.",
        columns: 3,
        items: [
          {
            title: "Fraud prevention",
            text: "Catch forged certificates and invented employment before they reach your payroll or your contracts.",
          },
          {
            title: "Regulatory compliance",
            text: "Meet the screening duties of regulated sectors such as finance, healthcare and education.",
          },
          {
            title: "Reputation protection",
            text: "Know about judgments, sanctions and adverse media before your clients do.",
          },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "Our Process",
        steps: [
          {
            title: "Submit the request",
            text: "Tell us the candidate or company, the countries and the checks you need, with the candidate's consent.",
          },
          {
            title: "Collect documents",
            text: "We confirm the documents each country requires and collect them securely from you or the candidate.",
          },
          {
            title: "Country verification",
            text: "Our researchers verify each item with the issuing authorities, employers and institutions in every country.",
          },
          {
            title: "Receive the report",
            text: "A reviewer checks the findings and you receive one consolidated, confidential report.",
          },
        ],
      },
      gccCountriesSection("en", { title: "Countries Covered" }),
      inquirySection("en", "background-check-gcc", {
        title: "Request a GCC Background Check",
        intro:
          "Tell us who needs checking and in which countries. We reply with the scope, the documents needed and a price within 24 hours.",
      }),
      faqSection("en", [
        {
          question: "Which countries do GCC background checks cover?",
          answer:
            "All six GCC countries: the United Arab Emirates, Saudi Arabia, Kuwait, Qatar, Bahrain and Oman. You choose the countries relevant to the candidate's history.",
        },
        {
          question: "Do you need the candidate's consent?",
          answer:
            "Yes. Every check is run with the candidate's written consent, which we help you collect, and only for the employment or business purpose you state.",
        },
        {
          question: "How long does a GCC background check take?",
          answer:
            "It depends on the countries and the checks. Tell us what you need and we reply within 24 hours with the scope, the time and the price.",
        },
        {
          question: "What documents are needed?",
          answer:
            "Usually a passport copy, a recent photo, the signed consent form and copies of the certificates to verify. Some countries ask for more; we tell you before we start.",
        },
        {
          question: "Can you check companies as well as people?",
          answer:
            "Yes. We verify commercial registration, ownership, directors and litigation for companies registered in the GCC before you sign or invest.",
        },
        {
          question: "How is the report delivered and kept?",
          answer:
            "The report is delivered through your secure client dashboard. We keep it only as long as our Data Retention Policy allows and share it with no one else.",
        },
      ]),
    ],
  },
  ar: {
    updated: "2026-11-25",
    meta: {
      title: "التحقق من الخلفية في دول الخليج",
      description:
        "التحقق من الخلفية في دول مجلس التعاون الست: الهوية والسجل الجنائي والخبرات والمؤهلات وبيانات الشركات لأصحاب العمل الذين يوظفون في أنحاء الخليج.",
      keywords: [
        "التحقق من الخلفية في الخليج",
        "التحقق من الخلفية في السعودية",
        "فحص التوظيف في الخليج",
        "التحقق في الكويت وقطر والبحرين وعُمان",
        "العناية الواجبة عبر الحدود",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "gcc-hero",
        eyebrow: "للشركات",
        title: "التحقق من الخلفية في دول الخليج",
        lead: "طلب واحد وست دول. نتحقق من المرشحين والشركات في الإمارات والسعودية والكويت وقطر والبحرين وعُمان، ونجمع النتائج في تقرير واحد تمت مراجعته.",
        highlights: ["تغطية دول الخليج الست", "تقرير موحّد واحد", "بموافقة المرشح وبسرية تامة"],
        ctas: [{ label: "أرسل استفسارك", to: "#inquiry" }],
      },
      {
        kind: "list",
        id: "verified",
        title: "ما الذي نتحقق منه",
        columns: 2,
        items: [
          "الهوية وبيانات جواز السفر",
          "السجل الجنائي في كل دولة إقامة",
          "سجل التوظيف في أنحاء الخليج",
          "الشهادات الجامعية والدبلومات والشهادات المهنية",
          "التراخيص المهنية",
          "تسجيل الشركات وملكيتها ووضعها القانوني",
          "الدعاوى المدنية والأحكام بقدر ما تتيحه السجلات",
          "فحص قوائم العقوبات والأخبار السلبية",
        ],
      },
      {
        kind: "cards",
        id: "risk",
        title: "الحد من المخاطر",
        intro: "الموظف أو الشريك الذي له ماضٍ في دولة خليجية أخرى نقطة عمياء لأي فحص يقتصر على الإمارات.",
        columns: 3,
        items: [
          {
            title: "منع الاحتيال",
            text: "اكتشف الشهادات المزوّرة والخبرات الوهمية قبل أن تصل إلى كشوف رواتبك أو عقودك.",
          },
          {
            title: "الامتثال التنظيمي",
            text: "التزم بواجبات الفحص في القطاعات المنظَّمة مثل المال والرعاية الصحية والتعليم.",
          },
          { title: "حماية السمعة", text: "اعرف بالأحكام والعقوبات والأخبار السلبية قبل أن يعرف بها عملاؤك." },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "خطوات العمل",
        steps: [
          { title: "تقديم الطلب", text: "حدّد المرشح أو الشركة والدول والفحوص المطلوبة، مع موافقة المرشح." },
          { title: "جمع المستندات", text: "نؤكد المستندات التي تطلبها كل دولة ونجمعها بأمان منك أو من المرشح." },
          {
            title: "التحقق في كل دولة",
            text: "يتحقق باحثونا من كل بند لدى الجهات المُصدِرة وأصحاب العمل والمؤسسات في كل دولة.",
          },
          { title: "استلام التقرير", text: "يراجع مختص النتائج وتستلم تقريراً واحداً موحّداً وسرياً." },
        ],
      },
      gccCountriesSection("ar", { title: "الدول المشمولة" }),
      inquirySection("ar", "background-check-gcc", {
        title: "اطلب التحقق من الخلفية في دول الخليج",
        intro: "أخبرنا بمن تريد التحقق منه وفي أي دول. نرد عليك بالنطاق والمستندات المطلوبة والسعر خلال 24 ساعة.",
      }),
      faqSection("ar", [
        {
          question: "ما الدول التي يشملها التحقق من الخلفية في الخليج؟",
          answer:
            "دول مجلس التعاون الست كلها: الإمارات والسعودية والكويت وقطر والبحرين وعُمان. وتختار الدول ذات الصلة بتاريخ المرشح.",
        },
        {
          question: "هل تحتاجون إلى موافقة المرشح؟",
          answer:
            "نعم. نجري كل فحص بموافقة كتابية من المرشح نساعدك في الحصول عليها، ولغرض التوظيف أو العمل الذي تذكره فقط.",
        },
        {
          question: "كم يستغرق التحقق من الخلفية في الخليج؟",
          answer:
            "يتوقف ذلك على الدول والفحوص المطلوبة. أخبرنا بما تحتاج إليه وسنرد خلال 24 ساعة بالنطاق والمدة والسعر.",
        },
        {
          question: "ما المستندات المطلوبة؟",
          answer:
            "عادةً نسخة من جواز السفر وصورة حديثة ونموذج الموافقة الموقّع ونسخ من الشهادات المراد التحقق منها. وقد تطلب بعض الدول المزيد، ونخبرك بذلك قبل البدء.",
        },
        {
          question: "هل تتحققون من الشركات أيضاً؟",
          answer:
            "نعم. نتحقق من السجل التجاري والملكية والمديرين والدعاوى للشركات المسجلة في دول الخليج قبل أن توقّع أو تستثمر.",
        },
        {
          question: "كيف يُسلَّم التقرير وكيف يُحفظ؟",
          answer:
            "يُسلَّم التقرير عبر لوحة العميل الآمنة. نحتفظ به فقط للمدة التي تسمح بها سياسة الاحتفاظ بالبيانات، ولا نشاركه مع أي جهة أخرى.",
        },
      ]),
    ],
  },
};

export const backgroundChecksContent = withStructuredData(backgroundChecksPages, (lang, site, page) => [
  planOffersJsonLd(site, lang, "background-packages", {
    name: page.meta.title,
    description: page.meta.description,
    path: "/for-business/background-checks",
  }),
]);

export const backgroundChecksGccContent = withStructuredData(backgroundChecksGccPages, (lang, site, page) => [
  serviceJsonLd(site, lang, {
    name: page.meta.title,
    description: page.meta.description,
    path: "/for-business/background-checks-gcc",
  }),
]);

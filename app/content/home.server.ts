import { claims, homeCardPrices, timelines } from "../catalogue";
import { formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import { quoteCalculator } from "../quote/quote.server";
import { legalServiceJsonLd } from "../seo/structured-data.server";
import type { SiteConfig } from "../root-data";
import type { PageContent } from "./types";

/**
 * The home page: the spec's ten sections in order (hero, four service cards, why choose us,
 * credentials, comparison, quote calculator, how it works, testimonials, FAQ, closing call to
 * action). Card prices come from the catalogue's advertised figures.
 */
export function homeContent(lang: Lang, site: SiteConfig): PageContent {
  const from = (fils: number) => formatMoney(fils, lang);
  const page = lang === "ar" ? arabic(from) : english(from);
  const services = [
    { name: page.serviceNames[0], path: "/ban-checks/travel-ban-check", fromPrice: homeCardPrices.travelBanCheck },
    { name: page.serviceNames[1], path: "/for-business/background-checks", fromPrice: homeCardPrices.backgroundChecks },
    { name: page.serviceNames[2], path: "/for-business/contracts-review", fromPrice: homeCardPrices.contractReview },
    { name: page.serviceNames[3], path: "/startup-uae/company-formation", fromPrice: homeCardPrices.companyFormation },
  ];
  return {
    meta: page.meta,
    updated: page.updated,
    sections: page.sections,
    structuredData: [
      legalServiceJsonLd(site, lang, {
        description: page.meta.description,
        services: services.map((service, index) => ({ ...service, description: page.serviceTexts[index] ?? "" })),
      }),
    ],
  };
}

type From = (fils: number) => string;
type Four = [string, string, string, string];

function english(from: From) {
  const serviceNames: Four = ["Travel Ban Check", "Background Checks", "Contract Review", "Company Formation"];
  const serviceTexts: Four = [
    `Find out whether a travel ban is registered against you before you fly. Quick check results in ${timelines.travelBanResult.en} once verified.`,
    "Screen candidates, tenants and partners with verified identity, employment, education and criminal record checks.",
    `A legal professional reviews your contract, flags risky clauses and suggests changes in ${timelines.contractReview.en}.`,
    "Mainland, free zone or offshore: licences, registration and visas handled from start to finish.",
  ];
  const cta = {
    travel: { label: "Check Travel Status", to: "/ban-checks/travel-ban-check" },
    consult: { label: "Consult Legal Expert", to: "/ask-lawyer", variant: "secondary" as const },
  };
  const content: PageContent = {
    updated: "2026-11-25",
    meta: {
      title: "UAE Travel Ban Check, Background Checks & Legal Services",
      description:
        "Check your UAE travel ban status in minutes, screen employees across the GCC, and get contracts reviewed and companies formed — every result vetted by legal professionals.",
      keywords: [
        "UAE travel ban check",
        "travel ban status",
        "labor ban check",
        "background check UAE",
        "GCC background check",
        "contract review",
        "company formation UAE",
        "legal consultation Dubai",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "home-hero",
        eyebrow: "Human-vetted legal intelligence for the UAE and the GCC",
        title: "Know where you stand before you travel, hire or sign",
        lead: "Travel ban checks, background checks, contract review and company formation for individuals and businesses, with every result reviewed by a legal professional before it reaches you.",
        highlights: [
          `Trusted by ${claims.professionals.en} professionals`,
          `${claims.accuracy.en} accuracy`,
          `${claims.averageResponse.en} average response`,
          `${claims.support.en} support`,
        ],
        ctas: [cta.travel, cta.consult],
      },
      {
        kind: "cards",
        id: "services",
        title: "Our Services",
        intro: "Fixed prices in UAE dirhams, published up front.",
        columns: 4,
        items: [
          {
            title: serviceNames[0],
            price: `From ${from(homeCardPrices.travelBanCheck)}`,
            badge: "Most Popular",
            text: serviceTexts[0],
            link: { label: "Check Travel Status", to: "/ban-checks/travel-ban-check" },
          },
          {
            title: serviceNames[1],
            price: `From ${from(homeCardPrices.backgroundChecks)}`,
            text: serviceTexts[1],
            link: { label: "Explore Background Checks", to: "/for-business/background-checks" },
          },
          {
            title: serviceNames[2],
            price: `From ${from(homeCardPrices.contractReview)}`,
            text: serviceTexts[2],
            link: { label: "Explore Contract Review", to: "/for-business/contracts-review" },
          },
          {
            title: serviceNames[3],
            price: `From ${from(homeCardPrices.companyFormation)}`,
            text: serviceTexts[3],
            link: { label: "Explore Company Formation", to: "/startup-uae/company-formation" },
          },
        ],
      },
      {
        kind: "cards",
        id: "why-choose",
        title: "Why Choose Us",
        tone: "muted",
        columns: 3,
        items: [
          {
            title: "Human-vetted results",
            text: "A qualified legal professional checks every result before it is sent. Nothing reaches you unreviewed.",
          },
          {
            title: "Fast answers",
            text: `Quick travel ban check results in ${timelines.travelBanResult.en} once verified, labor ban checks in ${timelines.laborBanResult.en}, same-day background checks in ${timelines.backgroundSameDay.en}.`,
          },
          {
            title: "Confidential by design",
            text: "Your documents and results are encrypted, used only for your request and kept no longer than our retention policy allows.",
          },
          {
            title: "Clear, fixed prices",
            text: "Every package has a published price in AED and a stated delivery time. No hidden fees.",
          },
          { title: "UAE and GCC coverage", text: "All seven emirates and the six GCC countries, from one request." },
          {
            title: "Help in English and Arabic",
            text: `${claims.support.en} support from people who explain what a result means and what to do next.`,
          },
        ],
      },
      {
        kind: "cards",
        id: "credentials",
        title: "Human-Vetted Credentials",
        intro: `Our ${claims.legalExperts.en} legal experts work to recognised professional, security and data-protection standards.`,
        columns: 4,
        items: [
          {
            title: "Licensed Legal Consultants",
            text: "Results are reviewed by consultants holding legal qualifications recognised in the UAE.",
          },
          {
            title: "ISO/IEC 27001 Information Security",
            text: "Our information-security management follows the ISO/IEC 27001 standard.",
          },
          {
            title: "UAE Data Protection (PDPL)",
            text: "Personal data is processed under Federal Decree-Law No. 45 of 2021 on personal data protection.",
          },
          {
            title: "Certified Document Clearing",
            text: "Official submissions go through registered typing and document-clearing partners.",
          },
        ],
      },
      {
        kind: "table",
        id: "comparison",
        title: "Human Review vs Automated Services",
        intro: "Automated lookups return a raw status. We tell you what it means.",
        tone: "muted",
        caption: "Comparison of our human-vetted service with automated lookup services",
        head: ["Feature", "Our service", "Automated services"],
        rows: [
          ["Every result checked by a legal professional", "Yes", "No"],
          ["Explanation of what the result means", "Included, in English or Arabic", "Raw status only"],
          ["Guidance on next steps (settlement, appeal)", "Included", "Not offered"],
          ["Accuracy", claims.accuracy.en, "Unverified"],
          ["Support", `${claims.support.en}, by people`, "E-mail form or none"],
          ["Personal data", "Encrypted, UAE data protection law", "Often unclear"],
        ],
      },
      {
        kind: "quote",
        id: "quote",
        title: "Get an Instant Quote",
        intro: "Choose a service, a package and a speed to see your price before you order.",
        calculator: quoteCalculator("en"),
      },
      {
        kind: "steps",
        id: "how-it-works",
        title: "How It Works",
        tone: "muted",
        steps: [
          {
            title: "Submit Your Request",
            text: "Tell us what you need and add your documents securely. It takes a few minutes.",
          },
          {
            title: "Professional Review",
            text: "A legal professional checks official sources and reviews every detail of your case.",
          },
          {
            title: "Receive Results",
            text: "Get a clear, confidential report by e-mail, with the next steps if action is needed.",
          },
        ],
      },
      {
        kind: "quotes",
        id: "testimonials",
        title: "What Our Clients Say",
        items: [
          {
            quote:
              "I was worried about an old cheque case before flying home. Within minutes I knew I was clear, and a consultant explained why.",
            name: "Rahul M.",
            role: "Project engineer, Dubai",
          },
          {
            quote:
              "We screen every new hire through them now. The reports are clear and arrive when they say they will.",
            name: "Sarah K.",
            role: "HR manager, Abu Dhabi",
          },
          {
            quote:
              "They reviewed our shareholder agreement and set up our free zone company. One team, no surprises on price.",
            name: "Omar A.",
            role: "Founder, Sharjah",
          },
        ],
      },
      {
        kind: "faq",
        id: "home-faq",
        title: "Frequently Asked Questions",
        tone: "muted",
        items: [
          {
            question: "How do I know if I have a travel ban in the UAE?",
            answer: `Request a travel ban check with your Emirates ID or passport details. We search the official records and a legal professional confirms the result, usually within ${timelines.travelBanResult.en}.`,
          },
          {
            question: "Is my information kept confidential?",
            answer:
              "Yes. Your data is encrypted in transit and at rest, used only for the service you asked for, and deleted as our Data Retention Policy sets out.",
          },
          {
            question: "How accurate are your results?",
            answer: `Our results are ${claims.accuracy.en} accurate, because a legal professional reviews each one against official sources before it is sent to you.`,
          },
          {
            question: "What happens if a ban or a case is found?",
            answer:
              "We explain what it means and the options open to you, such as settling the underlying claim or appealing, and we can handle a travel ban appeal for you.",
          },
          {
            question: "How do I pay, and in which currency?",
            answer:
              "Prices are in UAE dirhams (AED). You pay securely online by card at checkout and receive a confirmation e-mail straight away.",
          },
        ],
      },
      {
        kind: "cta",
        id: "get-started",
        title: "Ready to know where you stand?",
        text: "Start a travel ban check now or speak with a legal expert. Every result is confidential and reviewed by a professional.",
        ctas: [cta.travel, { ...cta.consult, variant: "secondary" }],
      },
    ],
  };
  return { ...content, serviceNames, serviceTexts };
}

function arabic(from: From) {
  const serviceNames: Four = ["فحص حظر السفر", "التحقق من الخلفية", "مراجعة العقود", "تأسيس الشركات"];
  const serviceTexts: Four = [
    `اعرف ما إذا كان عليك حظر سفر مسجَّل قبل أن تسافر. نتيجة الفحص السريع خلال ${timelines.travelBanResult.ar} بعد التحقق.`,
    "تحقّق من المرشحين والمستأجرين والشركاء: الهوية والعمل والمؤهلات والسجل الجنائي.",
    `يراجع مختص قانوني عقدك، ويشير إلى البنود الخطرة، ويقترح التعديلات خلال ${timelines.contractReview.ar}.`,
    "في البر الرئيسي أو المناطق الحرة أو كشركة خارجية (أوفشور): نتولى الرخص والتسجيل والتأشيرات من البداية إلى النهاية.",
  ];
  const cta = {
    travel: { label: "تحقّق من حالة السفر", to: "/ban-checks/travel-ban-check" },
    consult: { label: "استشر خبيراً قانونياً", to: "/ask-lawyer", variant: "secondary" as const },
  };
  const content: PageContent = {
    updated: "2026-11-25",
    meta: {
      title: "فحص حظر السفر في الإمارات والتحقق من الخلفية والخدمات القانونية",
      description:
        "اعرف حالة حظر السفر في الإمارات خلال دقائق، وتحقّق من خلفية الموظفين في دول الخليج، وراجِع عقودك وأسّس شركتك — ويراجع مختصون قانونيون كل نتيجة.",
      keywords: [
        "فحص حظر السفر",
        "حالة حظر السفر في الإمارات",
        "فحص حظر العمل",
        "التحقق من الخلفية",
        "التحقق من الخلفية في الخليج",
        "مراجعة العقود",
        "تأسيس شركة في الإمارات",
        "استشارة قانونية دبي",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "home-hero",
        eyebrow: "معلومات قانونية يراجعها مختصون في الإمارات ودول الخليج",
        title: "اعرف موقفك قبل أن تسافر أو توظّف أو توقّع",
        lead: "فحص حظر السفر والتحقق من الخلفية ومراجعة العقود وتأسيس الشركات للأفراد والشركات، ويراجع مختص قانوني كل نتيجة قبل وصولها إليك.",
        highlights: [
          `يثق بنا ${claims.professionals.ar} مهني`,
          `دقة ${claims.accuracy.ar}`,
          `متوسط زمن الرد ${claims.averageResponse.ar}`,
          `دعم ${claims.support.ar}`,
        ],
        ctas: [cta.travel, cta.consult],
      },
      {
        kind: "cards",
        id: "services",
        title: "خدماتنا",
        intro: "أسعار ثابتة بالدرهم الإماراتي، معلنة مسبقاً.",
        columns: 4,
        items: [
          {
            title: serviceNames[0],
            price: `ابتداءً من ${from(homeCardPrices.travelBanCheck)}`,
            badge: "الأكثر طلباً",
            text: serviceTexts[0],
            link: { label: "تحقّق من حالة السفر", to: "/ban-checks/travel-ban-check" },
          },
          {
            title: serviceNames[1],
            price: `ابتداءً من ${from(homeCardPrices.backgroundChecks)}`,
            text: serviceTexts[1],
            link: { label: "تعرّف على التحقق من الخلفية", to: "/for-business/background-checks" },
          },
          {
            title: serviceNames[2],
            price: `ابتداءً من ${from(homeCardPrices.contractReview)}`,
            text: serviceTexts[2],
            link: { label: "تعرّف على مراجعة العقود", to: "/for-business/contracts-review" },
          },
          {
            title: serviceNames[3],
            price: `ابتداءً من ${from(homeCardPrices.companyFormation)}`,
            text: serviceTexts[3],
            link: { label: "تعرّف على تأسيس الشركات", to: "/startup-uae/company-formation" },
          },
        ],
      },
      {
        kind: "cards",
        id: "why-choose",
        title: "لماذا تختارنا",
        tone: "muted",
        columns: 3,
        items: [
          {
            title: "نتائج يراجعها مختصون",
            text: "يتحقق مختص قانوني مؤهَّل من كل نتيجة قبل إرسالها. لا يصلك شيء دون مراجعة.",
          },
          {
            title: "إجابات سريعة",
            text: `نتيجة الفحص السريع لحظر السفر خلال ${timelines.travelBanResult.ar} بعد التحقق، وفحص حظر العمل خلال ${timelines.laborBanResult.ar}، والتحقق من الخلفية في اليوم نفسه خلال ${timelines.backgroundSameDay.ar}.`,
          },
          {
            title: "سرية في كل خطوة",
            text: "مستنداتك ونتائجك مشفّرة، وتُستخدم لطلبك فقط، ولا نحتفظ بها أطول مما تسمح به سياسة الاحتفاظ بالبيانات.",
          },
          { title: "أسعار واضحة وثابتة", text: "لكل باقة سعر معلن بالدرهم ومدة تسليم محددة. بلا رسوم خفية." },
          { title: "تغطية الإمارات والخليج", text: "الإمارات السبع ودول مجلس التعاون الست، بطلب واحد." },
          {
            title: "مساعدة بالعربية والإنجليزية",
            text: `دعم ${claims.support.ar} من أشخاص يشرحون لك معنى النتيجة وما عليك فعله بعدها.`,
          },
        ],
      },
      {
        kind: "cards",
        id: "credentials",
        title: "مؤهلات واعتمادات موثوقة",
        intro: `يعمل لدينا ${claims.legalExperts.ar} خبيراً قانونياً وفق معايير مهنية وأمنية ومعايير حماية البيانات المعترف بها.`,
        columns: 4,
        items: [
          {
            title: "مستشارون قانونيون مرخّصون",
            text: "يراجع النتائج مستشارون يحملون مؤهلات قانونية معترفاً بها في الدولة.",
          },
          { title: "أمن المعلومات ISO/IEC 27001", text: "تتبع إدارة أمن المعلومات لدينا معيار ISO/IEC 27001." },
          {
            title: "حماية البيانات في الإمارات",
            text: "نعالج البيانات الشخصية وفق المرسوم بقانون اتحادي رقم 45 لسنة 2021 بشأن حماية البيانات الشخصية.",
          },
          { title: "تخليص معاملات معتمد", text: "تُقدَّم المعاملات الرسمية عبر شركاء طباعة وتخليص معاملات مسجّلين." },
        ],
      },
      {
        kind: "table",
        id: "comparison",
        title: "المراجعة البشرية مقابل الخدمات الآلية",
        intro: "تعطيك الخدمات الآلية حالة مجرّدة. نحن نشرح لك معناها.",
        tone: "muted",
        caption: "مقارنة خدمتنا التي يراجعها مختصون بخدمات البحث الآلية",
        head: ["الميزة", "خدمتنا", "الخدمات الآلية"],
        rows: [
          ["مراجعة كل نتيجة من مختص قانوني", "نعم", "لا"],
          ["شرح معنى النتيجة", "مشمول، بالعربية أو الإنجليزية", "الحالة فقط"],
          ["إرشاد إلى الخطوات التالية (تسوية، تظلم)", "مشمول", "غير متاح"],
          ["الدقة", claims.accuracy.ar, "غير موثّقة"],
          ["الدعم", `${claims.support.ar} من أشخاص حقيقيين`, "نموذج بريد إلكتروني في أحسن الأحوال"],
          ["البيانات الشخصية", "مشفّرة ووفق قانون حماية البيانات الإماراتي", "غير واضحة غالباً"],
        ],
      },
      {
        kind: "quote",
        id: "quote",
        title: "احصل على عرض سعر فوري",
        intro: "اختر الخدمة والباقة والسرعة لترى السعر قبل الطلب.",
        calculator: quoteCalculator("ar"),
      },
      {
        kind: "steps",
        id: "how-it-works",
        title: "كيف نعمل",
        tone: "muted",
        steps: [
          { title: "قدّم طلبك", text: "أخبرنا بما تحتاج وأرفق مستنداتك بأمان. يستغرق ذلك دقائق." },
          { title: "مراجعة مهنية", text: "يتحقق مختص قانوني من المصادر الرسمية ويراجع كل تفاصيل حالتك." },
          { title: "استلم النتائج", text: "يصلك تقرير واضح وسري بالبريد الإلكتروني، مع الخطوات التالية إن لزم الأمر." },
        ],
      },
      {
        kind: "quotes",
        id: "testimonials",
        title: "ماذا يقول عملاؤنا",
        items: [
          {
            quote: "كنت قلقاً من قضية شيك قديمة قبل سفري. خلال دقائق عرفت أنه لا حظر عليّ، وشرح لي المستشار السبب.",
            name: "راهول م.",
            role: "مهندس مشاريع، دبي",
          },
          {
            quote: "نتحقق الآن من خلفية كل موظف جديد عن طريقهم. التقارير واضحة وتصل في الموعد.",
            name: "سارة ك.",
            role: "مديرة موارد بشرية، أبوظبي",
          },
          {
            quote: "راجعوا اتفاقية المساهمين وأسّسوا شركتنا في المنطقة الحرة. فريق واحد وأسعار بلا مفاجآت.",
            name: "عمر أ.",
            role: "مؤسس شركة، الشارقة",
          },
        ],
      },
      {
        kind: "faq",
        id: "home-faq",
        title: "الأسئلة الشائعة",
        tone: "muted",
        items: [
          {
            question: "كيف أعرف إن كان عليّ حظر سفر في الإمارات؟",
            answer: `اطلب فحص حظر السفر ببيانات الهوية الإماراتية أو جواز السفر. نبحث في السجلات الرسمية ويؤكد مختص قانوني النتيجة، غالباً خلال ${timelines.travelBanResult.ar}.`,
          },
          {
            question: "هل تبقى معلوماتي سرية؟",
            answer:
              "نعم. بياناتك مشفّرة أثناء النقل والتخزين، وتُستخدم للخدمة التي طلبتها فقط، وتُحذف وفق سياسة الاحتفاظ بالبيانات.",
          },
          {
            question: "ما مدى دقة نتائجكم؟",
            answer: `نتائجنا دقيقة بنسبة ${claims.accuracy.ar}، لأن مختصاً قانونياً يراجع كل نتيجة مقابل المصادر الرسمية قبل إرسالها إليك.`,
          },
          {
            question: "ماذا يحدث إذا وُجد حظر أو قضية؟",
            answer:
              "نشرح لك معناها والخيارات المتاحة، مثل تسوية المطالبة الأصلية أو التظلم، ويمكننا تولّي التظلم من حظر السفر نيابةً عنك.",
          },
          {
            question: "كيف أدفع، وبأي عملة؟",
            answer:
              "الأسعار بالدرهم الإماراتي. تدفع بأمان عبر الإنترنت بالبطاقة عند إتمام الطلب، وتصلك رسالة تأكيد فوراً.",
          },
        ],
      },
      {
        kind: "cta",
        id: "get-started",
        title: "هل أنت مستعد لمعرفة موقفك؟",
        text: "ابدأ فحص حظر السفر الآن أو تحدّث إلى خبير قانوني. كل نتيجة سرية ويراجعها مختص.",
        ctas: [cta.travel, { ...cta.consult, variant: "secondary" }],
      },
    ],
  };
  return { ...content, serviceNames, serviceTexts };
}

import { timelines } from "../catalogue";
import type { Lang } from "../i18n/lang";
import { serviceJsonLd } from "../seo/structured-data.server";
import type { SiteConfig } from "../root-data";
import type { PageContent } from "./types";

export const TRAVEL_BAN_APPEAL_PATH = "/ban-checks/travel-ban-appeal";

/**
 * The travel ban appeal (removal) page (spec: common causes, a 4-step appeal process, required
 * documents and timelines, why choose us, inquiry form for travel-ban-appeal, 5 FAQs).
 */
export function travelBanAppealContent(lang: Lang, site: SiteConfig): PageContent {
  const page = lang === "ar" ? arabic() : english();
  return {
    ...page,
    structuredData: [
      serviceJsonLd(site, lang, {
        name: page.meta.title,
        description: page.meta.description,
        path: TRAVEL_BAN_APPEAL_PATH,
      }),
    ],
  };
}

function english(): PageContent {
  const t = (key: keyof typeof timelines) => timelines[key].en;
  return {
    updated: "2026-11-25",
    meta: {
      title: "Travel Ban Appeal and Removal in the UAE",
      description: `Lift a UAE travel ban: case assessment, settlement and appeal filings handled by legal professionals. Simple cases resolved in ${t("appealSimple")}.`,
      keywords: [
        "travel ban appeal UAE",
        "lift travel ban Dubai",
        "travel ban removal",
        "remove travel ban UAE",
        "travel ban lawyer",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "appeal-hero",
        eyebrow: "Ban Checks",
        title: "Travel Ban Appeal",
        lead: "A travel ban can usually be lifted. We find out why it was imposed, prepare your case and follow it through with the court, the prosecution or the creditor until you are free to travel.",
        highlights: [
          `Consultation within ${t("appealConsultation")}`,
          "Settlements negotiated for you",
          "Licensed legal professionals",
        ],
        ctas: [
          { label: "Start Your Appeal", to: "#inquiry" },
          { label: "Check Your Status First", to: "/ban-checks/travel-ban-check", variant: "secondary" },
        ],
      },
      {
        kind: "list",
        id: "common-causes",
        title: "Common Causes of Travel Bans",
        columns: 2,
        items: [
          "Unpaid loans, credit cards or other debts",
          "Bounced cheques",
          "Pending civil or commercial lawsuits",
          "Criminal complaints or police cases",
          "Labor disputes and absconding reports",
          "Unpaid rent, fines or family court obligations",
        ],
      },
      {
        kind: "steps",
        id: "appeal-process",
        title: "Our 4-Step Appeal Process",
        tone: "muted",
        steps: [
          {
            title: "Case assessment",
            text: `We confirm the ban, the authority behind it and the claim, and advise you on your options within ${t("appealConsultation")}.`,
          },
          {
            title: "Document preparation",
            text: `We gather and prepare the documents your appeal needs in ${t("appealDocuments")}.`,
          },
          {
            title: "Filing and follow-up",
            text: `We file the appeal or settlement and follow it with the authority; processing takes ${t("appealProcessing")}.`,
          },
          {
            title: "Resolution",
            text: `The ban is lifted once the authority approves, usually within ${t("appealResolution")}, and we confirm your new status.`,
          },
        ],
      },
      {
        kind: "list",
        id: "required-documents",
        title: "Required Documents",
        intro: "What we usually need; we tell you exactly what applies to your case at the assessment.",
        columns: 2,
        items: [
          "Passport copy and visa page",
          "Emirates ID (front and back)",
          "Case or ban reference number, if known",
          "Court judgments, notices or police reports you have received",
          "Proof of payment or settlement agreements",
          "Power of attorney, if we are to act for you",
        ],
      },
      {
        kind: "table",
        id: "timelines",
        title: "Typical Timelines",
        tone: "muted",
        caption: "Typical time for each stage of a travel ban appeal",
        head: ["Stage", "Typical time"],
        rows: [
          ["Initial consultation", t("appealConsultation")],
          ["Document preparation", t("appealDocuments")],
          ["Processing by the authority", t("appealProcessing")],
          ["Resolution", t("appealResolution")],
          ["Simple cases, start to finish", t("appealSimple")],
          ["Complex cases, start to finish", t("appealComplex")],
        ],
      },
      {
        kind: "cards",
        id: "why-choose",
        title: "Why Choose Us for Your Appeal",
        columns: 4,
        items: [
          {
            title: "We know the authorities",
            text: "Courts, the Public Prosecution, police and immigration each have their own procedure. We follow the right one.",
          },
          {
            title: "Settlement first",
            text: "Where a debt is behind the ban, a negotiated settlement is often the fastest way out. We negotiate for you.",
          },
          { title: "You stay informed", text: "You get an update at every stage and a named contact for your case." },
          {
            title: "Confidential",
            text: "Your case details are shared only with the authorities and parties your appeal requires.",
          },
        ],
      },
      {
        kind: "inquiry",
        id: "inquiry",
        service: "travel-ban-appeal",
        title: "Request a Travel Ban Appeal",
        intro: "Tell us about the ban and we will contact you within 24 hours with an assessment.",
      },
      {
        kind: "faq",
        id: "appeal-faq",
        title: "Travel Ban Appeal FAQs",
        items: [
          {
            question: "Can every travel ban be lifted?",
            answer:
              "Most can, once the reason behind them is resolved: a debt settled, a case closed or a judgment appealed. Some criminal bans last until the case ends; we tell you honestly at the assessment.",
          },
          {
            question: "How long does an appeal take?",
            answer: `Simple cases take ${t("appealSimple")}; complex cases with court hearings take ${t("appealComplex")}.`,
          },
          {
            question: "Do I need to be in the UAE for the appeal?",
            answer: "Not always. With a power of attorney we can act for you from abroad in many cases.",
          },
          {
            question: "What if I cannot pay the full debt?",
            answer:
              "We can negotiate an instalment plan or a reduced settlement with the creditor; many bans are lifted once an agreed settlement is registered.",
          },
          {
            question: "How do I know whether I have a travel ban?",
            answer: `Start with a travel ban check: the quick check gives a verified status in ${timelines.travelBanResult.en} once your details are verified, and the packages add the case reference if a ban exists.`,
          },
        ],
      },
    ],
  };
}

function arabic(): PageContent {
  const t = (key: keyof typeof timelines) => timelines[key].ar;
  return {
    updated: "2026-11-25",
    meta: {
      title: "التظلم من حظر السفر ورفعه في الإمارات",
      description: `ارفع حظر السفر في الإمارات: تقييم القضية والتسوية وتقديم التظلم يتولاها مختصون قانونيون. تُحل الحالات البسيطة خلال ${t("appealSimple")}.`,
      keywords: [
        "التظلم من حظر السفر",
        "رفع حظر السفر دبي",
        "إلغاء منع السفر",
        "رفع منع السفر في الإمارات",
        "محامي حظر السفر",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "appeal-hero",
        eyebrow: "فحوص الحظر",
        title: "التظلم من حظر السفر",
        lead: "يمكن في الغالب رفع حظر السفر. نحدد سبب فرضه، ونُعدّ ملفك، ونتابعه مع المحكمة أو النيابة أو الدائن حتى تتمكن من السفر.",
        highlights: [
          `استشارة خلال ${t("appealConsultation")}`,
          "نتفاوض على التسوية نيابةً عنك",
          "مختصون قانونيون مرخّصون",
        ],
        ctas: [
          { label: "ابدأ التظلم", to: "#inquiry" },
          { label: "تحقّق من حالتك أولاً", to: "/ban-checks/travel-ban-check", variant: "secondary" },
        ],
      },
      {
        kind: "list",
        id: "common-causes",
        title: "الأسباب الشائعة لحظر السفر",
        columns: 2,
        items: [
          "قروض أو بطاقات ائتمان أو ديون أخرى غير مسددة",
          "شيكات مرتجعة",
          "دعاوى مدنية أو تجارية قائمة",
          "شكاوى جنائية أو بلاغات لدى الشرطة",
          "نزاعات عمل وبلاغات انقطاع عن العمل",
          "إيجارات أو غرامات أو التزامات أسرية غير مسددة",
        ],
      },
      {
        kind: "steps",
        id: "appeal-process",
        title: "خطوات التظلم الأربع",
        tone: "muted",
        steps: [
          {
            title: "تقييم القضية",
            text: `نتأكد من الحظر والجهة التي أصدرته والمطالبة، ونشرح لك خياراتك خلال ${t("appealConsultation")}.`,
          },
          { title: "إعداد المستندات", text: `نجمع المستندات التي يحتاجها تظلمك ونُعدّها خلال ${t("appealDocuments")}.` },
          {
            title: "التقديم والمتابعة",
            text: `نقدّم التظلم أو التسوية ونتابعهما مع الجهة المختصة؛ وتستغرق المعالجة ${t("appealProcessing")}.`,
          },
          {
            title: "الحل",
            text: `يُرفع الحظر بعد موافقة الجهة المختصة، غالباً خلال ${t("appealResolution")}، ونؤكد لك حالتك الجديدة.`,
          },
        ],
      },
      {
        kind: "list",
        id: "required-documents",
        title: "المستندات المطلوبة",
        intro: "هذا ما نحتاجه عادةً؛ ونحدد لك بدقة ما ينطبق على حالتك عند التقييم.",
        columns: 2,
        items: [
          "نسخة من جواز السفر وصفحة التأشيرة",
          "الهوية الإماراتية (الوجهان)",
          "رقم القضية أو الحظر إن كان معروفاً",
          "الأحكام أو الإخطارات أو محاضر الشرطة التي وصلتك",
          "إثبات السداد أو اتفاقيات التسوية",
          "وكالة قانونية إن كنا سنتصرف نيابةً عنك",
        ],
      },
      {
        kind: "table",
        id: "timelines",
        title: "المدد المعتادة",
        tone: "muted",
        caption: "المدة المعتادة لكل مرحلة من مراحل التظلم من حظر السفر",
        head: ["المرحلة", "المدة المعتادة"],
        rows: [
          ["الاستشارة الأولى", t("appealConsultation")],
          ["إعداد المستندات", t("appealDocuments")],
          ["المعالجة لدى الجهة المختصة", t("appealProcessing")],
          ["الحل", t("appealResolution")],
          ["الحالات البسيطة من البداية إلى النهاية", t("appealSimple")],
          ["الحالات المعقّدة من البداية إلى النهاية", t("appealComplex")],
        ],
      },
      {
        kind: "cards",
        id: "why-choose",
        title: "لماذا تختارنا لتظلمك",
        columns: 4,
        items: [
          {
            title: "نعرف الجهات المختصة",
            text: "لكل من المحاكم والنيابة العامة والشرطة والهجرة إجراءاتها، ونحن نتبع الإجراء الصحيح.",
          },
          {
            title: "التسوية أولاً",
            text: "إذا كان الدين سبب الحظر، فالتسوية غالباً أسرع طريق لرفعه، ونتفاوض نيابةً عنك.",
          },
          { title: "تبقى على اطلاع", text: "يصلك تحديث في كل مرحلة، ولقضيتك مسؤول متابعة باسمه." },
          { title: "سرية", text: "لا نشارك تفاصيل قضيتك إلا مع الجهات والأطراف التي يقتضيها التظلم." },
        ],
      },
      {
        kind: "inquiry",
        id: "inquiry",
        service: "travel-ban-appeal",
        title: "اطلب التظلم من حظر السفر",
        intro: "أخبرنا عن الحظر وسنتواصل معك خلال 24 ساعة بتقييم لحالتك.",
      },
      {
        kind: "faq",
        id: "appeal-faq",
        title: "أسئلة شائعة عن التظلم من حظر السفر",
        items: [
          {
            question: "هل يمكن رفع أي حظر سفر؟",
            answer:
              "يمكن رفع معظمها بعد معالجة سببها: سداد الدين أو إغلاق القضية أو الطعن في الحكم. بعض أنواع الحظر الجنائي تبقى حتى انتهاء القضية، وسنخبرك بذلك بصراحة عند التقييم.",
          },
          {
            question: "كم يستغرق التظلم؟",
            answer: `تستغرق الحالات البسيطة ${t("appealSimple")}، والحالات المعقّدة التي تتطلب جلسات ${t("appealComplex")}.`,
          },
          {
            question: "هل يجب أن أكون في الإمارات أثناء التظلم؟",
            answer: "ليس دائماً. بموجب وكالة قانونية يمكننا في حالات كثيرة التصرف نيابةً عنك وأنت في الخارج.",
          },
          {
            question: "ماذا لو لم أستطع سداد الدين كاملاً؟",
            answer:
              "يمكننا التفاوض مع الدائن على خطة أقساط أو تسوية مخفّضة؛ ويُرفع كثير من حالات الحظر بعد تسجيل التسوية المتفق عليها.",
          },
          {
            question: "كيف أعرف إن كان عليّ حظر سفر؟",
            answer: `ابدأ بفحص حظر السفر: يعطيك الفحص السريع حالة موثّقة خلال ${timelines.travelBanResult.ar} بعد التحقق من بياناتك، وتضيف الباقات مرجع القضية إن وُجد حظر.`,
          },
        ],
      },
    ],
  };
}

import { claims, planListView, timelines } from "../catalogue";
import type { Lang } from "../i18n/lang";
import { planOffersJsonLd } from "../seo/structured-data.server";
import type { SiteConfig } from "../root-data";
import type { PageContent } from "./types";

export const TRAVEL_BAN_CHECK_PATH = "/ban-checks/travel-ban-check";

/**
 * The travel ban check page (spec: hero and Check Status Now, the static card with checks
 * completed and accuracy until the check form opens, the travel-ban-check package chooser, key
 * features, four types of travel bans, how it works, FAQ accordion).
 */
export function travelBanCheckContent(lang: Lang, site: SiteConfig): PageContent {
  const page = lang === "ar" ? arabic() : english();
  return {
    ...page,
    structuredData: [
      planOffersJsonLd(site, lang, "travel-ban", {
        name: page.meta.title,
        description: page.meta.description,
        path: TRAVEL_BAN_CHECK_PATH,
      }),
    ],
  };
}

function english(): PageContent {
  return {
    updated: "2026-11-25",
    meta: {
      title: "UAE Travel Ban Check",
      description: `Check whether a travel ban is registered against you in the UAE. Confidential and reviewed by legal professionals; quick check results in ${timelines.travelBanResult.en} once verified.`,
      keywords: [
        "UAE travel ban check",
        "check travel ban Dubai",
        "travel ban status UAE",
        "Abu Dhabi travel ban",
        "immigration ban UAE",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "travel-ban-hero",
        eyebrow: "Ban Checks",
        title: "Travel Ban Check",
        lead: `Find out whether you can leave or enter the UAE before you book. We search the official records across all seven emirates and a legal professional confirms your result: in ${timelines.travelBanResult.en} for the quick check once verified, or in the time each package states.`,
        highlights: [
          `${claims.checksCompleted.en} checks completed`,
          `${claims.accuracy.en} accuracy`,
          "Strictly confidential",
        ],
        ctas: [
          { label: "Check Status Now", to: "/ban-checks/travel-ban-check?check=1#check" },
          { label: "View Packages", to: "#packages", variant: "secondary" },
        ],
      },
      {
        kind: "travel-check",
        id: "check-status",
        title: "Check Your Travel Ban Status",
        intro: "Enter your details and we will check federal and emirate records for any travel ban in your name.",
        stats: [
          { value: claims.checksCompleted.en, label: "Checks completed" },
          { value: claims.accuracy.en, label: "Accuracy" },
        ],
      },
      {
        kind: "plans",
        id: "packages",
        title: "Choose Your Package",
        tone: "muted",
        plans: planListView("travel-ban", "en"),
      },
      {
        kind: "cards",
        id: "features",
        title: "Key Features",
        columns: 3,
        items: [
          {
            title: "All seven emirates",
            text: "Federal records and the records of each emirate's courts and police in a single check.",
          },
          {
            title: `Quick check results in ${timelines.travelBanResult.en}`,
            text: "The quick check returns a verified status once your details are confirmed; the packages add the case details.",
          },
          {
            title: "Reviewed by professionals",
            text: "A legal professional confirms every result before it is sent to you.",
          },
          {
            title: "Case references included",
            text: "Where a ban exists, you receive the case number, the authority and the amount claimed, if any.",
          },
          {
            title: "Clear next steps",
            text: "We explain how the ban can be lifted: settlement, appeal or a court application.",
          },
          {
            title: "Confidential",
            text: "Your Emirates ID and passport details are encrypted and used only for your check.",
          },
        ],
      },
      {
        kind: "cards",
        id: "ban-types",
        title: "Four Types of Travel Bans",
        intro:
          "A travel ban can come from different authorities. Knowing which one applies tells you how it can be lifted.",
        tone: "muted",
        columns: 4,
        items: [
          {
            title: "Criminal bans",
            text: "Ordered by the Public Prosecution or the police while a criminal complaint or case is open.",
          },
          {
            title: "Civil and financial bans",
            text: "Ordered by a court over unpaid debts, loans, credit cards, bounced cheques or rent.",
          },
          {
            title: "Labor-related bans",
            text: "Linked to employment disputes or absconding reports filed with the Ministry of Human Resources and Emiratisation.",
          },
          {
            title: "Immigration bans",
            text: "Entry bans set by immigration authorities, for example after a deportation or a visa violation.",
          },
        ],
      },
      {
        kind: "steps",
        id: "how-it-works",
        title: "How It Works",
        steps: [
          {
            title: "Submit your details",
            text: "Give your full name, Emirates ID or passport number and choose a package.",
          },
          {
            title: "We check official records",
            text: "Our team searches federal and emirate records, and a legal professional reviews the result.",
          },
          {
            title: "Receive your verified result",
            text: "Your confidential result arrives by e-mail, with the case details and next steps if a ban is found.",
          },
        ],
      },
      {
        kind: "faq",
        id: "travel-ban-faq",
        title: "Travel Ban Check FAQs",
        tone: "muted",
        items: [
          {
            question: "What information do I need for a travel ban check?",
            answer:
              "Your full name as in your passport, your Emirates ID number or passport number, and your nationality. Comprehensive packages may ask for a copy of your passport.",
          },
          {
            question: "How long does the check take?",
            answer: `The quick check returns a verified status in ${timelines.travelBanResult.en} once your details are verified. Packages that include case details and filings take the delivery time shown on each package.`,
          },
          {
            question: "Can I check a travel ban for someone else?",
            answer:
              "Yes, with their consent. Family members and employers often request checks; we may ask for a signed authorisation from the person concerned.",
          },
          {
            question: "What happens if a travel ban is found?",
            answer:
              "You receive the authority, the case reference and the amount claimed where there is one. We explain your options and can handle a travel ban appeal for you.",
          },
          {
            question: "Will the authorities know that I checked?",
            answer:
              "No. A status check does not notify anyone or change your record, and your details stay confidential.",
          },
        ],
      },
    ],
  };
}

function arabic(): PageContent {
  return {
    updated: "2026-11-25",
    meta: {
      title: "فحص حظر السفر في الإمارات",
      description: `تحقّق مما إذا كان عليك حظر سفر مسجَّل في الإمارات. فحص سري يراجعه مختصون قانونيون، ونتيجة الفحص السريع خلال ${timelines.travelBanResult.ar} بعد التحقق.`,
      keywords: [
        "فحص حظر السفر",
        "الاستعلام عن حظر السفر دبي",
        "حالة حظر السفر في الإمارات",
        "منع السفر أبوظبي",
        "حظر الدخول الإمارات",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "travel-ban-hero",
        eyebrow: "فحوص الحظر",
        title: "فحص حظر السفر",
        lead: `اعرف ما إذا كان بإمكانك مغادرة الإمارات أو دخولها قبل أن تحجز. نبحث في السجلات الرسمية في الإمارات السبع، ويؤكد مختص قانوني نتيجتك: خلال ${timelines.travelBanResult.ar} للفحص السريع بعد التحقق، أو في المدة المبيّنة في كل باقة.`,
        highlights: [`${claims.checksCompleted.ar} فحص منجز`, `دقة ${claims.accuracy.ar}`, "سرية تامة"],
        ctas: [
          { label: "تحقّق من الحالة الآن", to: "/ban-checks/travel-ban-check?check=1#check" },
          { label: "عرض الباقات", to: "#packages", variant: "secondary" },
        ],
      },
      {
        kind: "travel-check",
        id: "check-status",
        title: "تحقّق من حالة حظر السفر",
        intro: "أدخل بياناتك وسنتحقق من السجلات الاتحادية وسجلات الإمارات بحثاً عن أي حظر سفر باسمك.",
        stats: [
          { value: claims.checksCompleted.ar, label: "فحص منجز" },
          { value: claims.accuracy.ar, label: "دقة" },
        ],
      },
      { kind: "plans", id: "packages", title: "اختر باقتك", tone: "muted", plans: planListView("travel-ban", "ar") },
      {
        kind: "cards",
        id: "features",
        title: "المزايا الرئيسية",
        columns: 3,
        items: [
          { title: "الإمارات السبع", text: "السجلات الاتحادية وسجلات المحاكم والشرطة في كل إمارة في فحص واحد." },
          {
            title: `نتيجة الفحص السريع خلال ${timelines.travelBanResult.ar}`,
            text: "يعطيك الفحص السريع حالة موثّقة بعد التحقق من بياناتك، وتضيف الباقات تفاصيل القضايا.",
          },
          { title: "مراجعة مختصين", text: "يؤكد مختص قانوني كل نتيجة قبل إرسالها إليك." },
          {
            title: "مراجع القضايا مشمولة",
            text: "عند وجود حظر، يصلك رقم القضية والجهة المصدرة والمبلغ المطالب به إن وُجد.",
          },
          { title: "خطوات تالية واضحة", text: "نشرح لك كيف يمكن رفع الحظر: بالتسوية أو التظلم أو طلب إلى المحكمة." },
          { title: "سرية", text: "بيانات هويتك الإماراتية وجواز سفرك مشفّرة وتُستخدم لفحصك فقط." },
        ],
      },
      {
        kind: "cards",
        id: "ban-types",
        title: "أربعة أنواع لحظر السفر",
        intro: "قد يصدر حظر السفر عن جهات مختلفة، ومعرفة الجهة تحدد طريقة رفعه.",
        tone: "muted",
        columns: 4,
        items: [
          { title: "الحظر الجنائي", text: "تأمر به النيابة العامة أو الشرطة ما دامت الشكوى أو القضية الجنائية قائمة." },
          {
            title: "الحظر المدني والمالي",
            text: "تأمر به المحكمة بسبب ديون أو قروض أو بطاقات ائتمان أو شيكات مرتجعة أو إيجارات غير مسددة.",
          },
          {
            title: "الحظر المرتبط بالعمل",
            text: "يرتبط بنزاعات العمل أو بلاغات الانقطاع عن العمل المقدَّمة إلى وزارة الموارد البشرية والتوطين.",
          },
          { title: "حظر الهجرة", text: "حظر دخول تفرضه سلطات الهجرة، مثلاً بعد الإبعاد أو مخالفة شروط التأشيرة." },
        ],
      },
      {
        kind: "steps",
        id: "how-it-works",
        title: "كيف نعمل",
        steps: [
          { title: "قدّم بياناتك", text: "أدخل اسمك الكامل ورقم الهوية الإماراتية أو جواز السفر واختر الباقة." },
          {
            title: "نتحقق من السجلات الرسمية",
            text: "يبحث فريقنا في السجلات الاتحادية وسجلات الإمارات، ويراجع مختص قانوني النتيجة.",
          },
          {
            title: "استلم نتيجتك الموثّقة",
            text: "تصلك نتيجتك السرية بالبريد الإلكتروني، مع تفاصيل القضية والخطوات التالية إن وُجد حظر.",
          },
        ],
      },
      {
        kind: "faq",
        id: "travel-ban-faq",
        title: "أسئلة شائعة عن فحص حظر السفر",
        tone: "muted",
        items: [
          {
            question: "ما المعلومات التي أحتاجها لفحص حظر السفر؟",
            answer:
              "اسمك الكامل كما في جواز السفر، ورقم الهوية الإماراتية أو رقم جواز السفر، وجنسيتك. قد تطلب الباقات الشاملة نسخة من جواز السفر.",
          },
          {
            question: "كم يستغرق الفحص؟",
            answer: `يعطيك الفحص السريع حالة موثّقة خلال ${timelines.travelBanResult.ar} بعد التحقق من بياناتك. أما الباقات التي تشمل تفاصيل القضايا والإجراءات فتستغرق مدة التسليم المبيّنة في كل باقة.`,
          },
          {
            question: "هل يمكنني فحص حظر السفر لشخص آخر؟",
            answer:
              "نعم، بموافقته. كثيراً ما يطلب أفراد الأسرة وأصحاب العمل الفحص، وقد نطلب تفويضاً موقّعاً من الشخص المعني.",
          },
          {
            question: "ماذا يحدث إذا وُجد حظر سفر؟",
            answer:
              "نبلغك بالجهة المصدرة ومرجع القضية والمبلغ المطالب به إن وُجد. نشرح لك خياراتك ويمكننا تولّي التظلم من حظر السفر نيابةً عنك.",
          },
          {
            question: "هل ستعلم الجهات الرسمية أنني أجريت الفحص؟",
            answer: "لا. فحص الحالة لا يُبلغ أحداً ولا يغيّر سجلك، وتبقى بياناتك سرية.",
          },
        ],
      },
    ],
  };
}

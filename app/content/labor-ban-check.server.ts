import { claims, lowestPrice, timelines } from "../catalogue";
import type { Lang } from "../i18n/lang";
import { serviceJsonLd } from "../seo/structured-data.server";
import type { SiteConfig } from "../root-data";
import { plansSection } from "./section-builders.server";
import type { PageContent } from "./types";

export const LABOR_BAN_CHECK_PATH = "/ban-checks/labor-ban-check";

/**
 * The labor ban check page (spec: temporary versus permanent ban, a 3-step process,
 * implications, inquiry form for labor-ban-check, 6 FAQs).
 */
export function laborBanCheckContent(lang: Lang, site: SiteConfig): PageContent {
  const page = lang === "ar" ? arabic() : english();
  return {
    ...page,
    structuredData: [
      serviceJsonLd(site, lang, {
        name: page.meta.title,
        description: page.meta.description,
        path: LABOR_BAN_CHECK_PATH,
        fromPrice: lowestPrice("labor-ban"),
      }),
    ],
  };
}

function english(): PageContent {
  return {
    updated: "2026-11-25",
    meta: {
      title: "UAE Labor Ban Check",
      description: `Find out whether a labor ban stops you from taking a new job in the UAE, whether it is temporary or permanent, and how it can be lifted. Results in ${timelines.laborBanResult.en}.`,
      keywords: ["labor ban check UAE", "MOHRE labor ban", "work ban UAE", "employment ban Dubai", "labour ban status"],
    },
    sections: [
      {
        kind: "hero",
        id: "labor-ban-hero",
        eyebrow: "Ban Checks",
        title: "Labor Ban Check",
        lead: `Changing jobs or coming back to the UAE? Find out whether a labor ban is on your record, how long it lasts and what you can do about it. Verified results in ${timelines.laborBanResult.en}.`,
        highlights: [
          `Results in ${timelines.laborBanResult.en}`,
          `${claims.accuracy.en} accuracy`,
          "Reviewed by legal professionals",
        ],
        ctas: [
          { label: "Request a Labor Ban Check", to: "#inquiry" },
          { label: "See Plans", to: "#plans", variant: "secondary" },
        ],
      },
      {
        kind: "cards",
        id: "ban-types",
        title: "Temporary vs Permanent Labor Ban",
        columns: 2,
        items: [
          {
            title: "Temporary labor ban",
            text: `Usually lasts ${timelines.temporaryLaborBan.en}. It can follow leaving a job before the end of a contract or without following the notice rules.`,
            points: [
              "Often lifted early in skilled categories",
              "Can be cleared by a new employer's application in some cases",
              "Ends automatically when the period expires",
            ],
          },
          {
            title: "Permanent labor ban",
            text: "Imposed after serious violations such as an absconding report that was upheld, or a criminal conviction related to work.",
            points: [
              "Blocks new work permits indefinitely",
              "Can sometimes be challenged or cancelled",
              "Needs a legal review of the original report",
            ],
          },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "Our 3-Step Process",
        tone: "muted",
        steps: [
          {
            title: "Share your details",
            text: "Your name, Emirates ID or passport number and your last employer's details.",
          },
          {
            title: "We check the records",
            text: "We check the Ministry of Human Resources and Emiratisation records and a legal professional reviews the result.",
          },
          {
            title: "Get your answer",
            text: `In ${timelines.laborBanResult.en}: whether a ban exists, its type, its end date and how it can be lifted.`,
          },
        ],
      },
      {
        kind: "list",
        id: "implications",
        title: "What a Labor Ban Means for You",
        columns: 2,
        items: [
          "A new work permit cannot be issued while the ban is active",
          "Your residence visa may not be renewed through a new employer",
          "Job offers can be withdrawn at the visa stage",
          "A ban linked to an absconding report can also affect travel",
          "Some bans can be lifted early, for example for skilled workers",
          "Knowing the end date lets you plan your return or next role",
        ],
      },
      plansSection("en", "labor-ban", {
        intro: "Every plan includes a written status report. Express delivers the comprehensive check within 24 hours.",
      }),
      {
        kind: "inquiry",
        id: "inquiry",
        service: "labor-ban-check",
        title: "Request a Labor Ban Check",
        intro: "Send us your details and we will contact you within 24 hours.",
      },
      {
        kind: "faq",
        id: "labor-ban-faq",
        title: "Labor Ban Check FAQs",
        tone: "muted",
        items: [
          {
            question: "What is a labor ban?",
            answer:
              "A restriction recorded by the Ministry of Human Resources and Emiratisation that stops a new work permit from being issued to you for a period of time, or permanently.",
          },
          {
            question: "How long does a temporary labor ban last?",
            answer: `Usually ${timelines.temporaryLaborBan.en} from the date it is recorded.`,
          },
          {
            question: "How quickly will I get my result?",
            answer: `${timelines.laborBanResult.en.replace(/^./, (c) => c.toUpperCase())}, reviewed by a legal professional.`,
          },
          {
            question: "Can a labor ban be lifted early?",
            answer:
              "Often, yes: for example for certain skill levels and salaries, or with the former employer's agreement. We tell you which route applies to you.",
          },
          {
            question: "Is a labor ban the same as a travel ban?",
            answer:
              "No. A labor ban affects work permits; a travel ban stops you leaving the country. An absconding case can lead to both, so we check what applies.",
          },
          {
            question: "Will my current or former employer know I checked?",
            answer: "No. The check is confidential and does not notify anyone.",
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
      title: "فحص حظر العمل في الإمارات",
      description: `اعرف ما إذا كان حظر العمل يمنعك من وظيفة جديدة في الإمارات، وهل هو مؤقت أم دائم، وكيف يُرفع. النتيجة خلال ${timelines.laborBanResult.ar}.`,
      keywords: [
        "فحص حظر العمل",
        "حظر العمل وزارة الموارد البشرية",
        "منع العمل في الإمارات",
        "حظر التوظيف دبي",
        "الاستعلام عن حظر العمل",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "labor-ban-hero",
        eyebrow: "فحوص الحظر",
        title: "فحص حظر العمل",
        lead: `هل تنوي تغيير وظيفتك أو العودة إلى الإمارات؟ اعرف ما إذا كان في سجلك حظر عمل، وكم يدوم، وما الذي يمكنك فعله. نتائج موثّقة خلال ${timelines.laborBanResult.ar}.`,
        highlights: [
          `النتيجة خلال ${timelines.laborBanResult.ar}`,
          `دقة ${claims.accuracy.ar}`,
          "يراجعها مختصون قانونيون",
        ],
        ctas: [
          { label: "اطلب فحص حظر العمل", to: "#inquiry" },
          { label: "اطّلع على الباقات", to: "#plans", variant: "secondary" },
        ],
      },
      {
        kind: "cards",
        id: "ban-types",
        title: "حظر العمل المؤقت والدائم",
        columns: 2,
        items: [
          {
            title: "حظر العمل المؤقت",
            text: `يدوم عادةً ${timelines.temporaryLaborBan.ar}. وقد يُفرض عند ترك العمل قبل انتهاء العقد أو دون الالتزام بقواعد الإشعار.`,
            points: [
              "يُرفع مبكراً في كثير من الأحيان لأصحاب المهارات",
              "قد يُلغى بطلب من صاحب العمل الجديد في بعض الحالات",
              "ينتهي تلقائياً بانتهاء مدته",
            ],
          },
          {
            title: "حظر العمل الدائم",
            text: "يُفرض بعد مخالفات جسيمة مثل بلاغ انقطاع عن العمل ثبتت صحته، أو إدانة جنائية متعلقة بالعمل.",
            points: [
              "يمنع إصدار تصاريح عمل جديدة إلى أجل غير محدد",
              "يمكن أحياناً الطعن فيه أو إلغاؤه",
              "يحتاج إلى مراجعة قانونية للبلاغ الأصلي",
            ],
          },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "خطواتنا الثلاث",
        tone: "muted",
        steps: [
          { title: "شارك بياناتك", text: "اسمك ورقم الهوية الإماراتية أو جواز السفر وبيانات آخر صاحب عمل." },
          {
            title: "نتحقق من السجلات",
            text: "نتحقق من سجلات وزارة الموارد البشرية والتوطين، ويراجع مختص قانوني النتيجة.",
          },
          {
            title: "احصل على إجابتك",
            text: `خلال ${timelines.laborBanResult.ar}: هل يوجد حظر، ونوعه، وتاريخ انتهائه، وكيف يُرفع.`,
          },
        ],
      },
      {
        kind: "list",
        id: "implications",
        title: "ماذا يعني حظر العمل بالنسبة إليك",
        columns: 2,
        items: [
          "لا يمكن إصدار تصريح عمل جديد ما دام الحظر سارياً",
          "قد لا تُجدَّد إقامتك عن طريق صاحب عمل جديد",
          "قد تُسحب عروض العمل في مرحلة التأشيرة",
          "الحظر المرتبط ببلاغ انقطاع عن العمل قد يؤثر في السفر أيضاً",
          "يمكن رفع بعض أنواع الحظر مبكراً، مثلاً لأصحاب المهارات",
          "معرفة تاريخ الانتهاء تساعدك على التخطيط لعودتك أو وظيفتك التالية",
        ],
      },
      plansSection("ar", "labor-ban", {
        intro: "تشمل كل باقة تقريراً مكتوباً بالحالة، وتسلّم الباقة السريعة الفحص الشامل خلال 24 ساعة.",
      }),
      {
        kind: "inquiry",
        id: "inquiry",
        service: "labor-ban-check",
        title: "اطلب فحص حظر العمل",
        intro: "أرسل إلينا بياناتك وسنتواصل معك خلال 24 ساعة.",
      },
      {
        kind: "faq",
        id: "labor-ban-faq",
        title: "أسئلة شائعة عن فحص حظر العمل",
        tone: "muted",
        items: [
          {
            question: "ما هو حظر العمل؟",
            answer: "قيد تسجّله وزارة الموارد البشرية والتوطين يمنع إصدار تصريح عمل جديد لك لمدة محددة أو بشكل دائم.",
          },
          {
            question: "كم يدوم حظر العمل المؤقت؟",
            answer: `عادةً ${timelines.temporaryLaborBan.ar} من تاريخ تسجيله.`,
          },
          {
            question: "متى تصلني النتيجة؟",
            answer: `خلال ${timelines.laborBanResult.ar}، بعد مراجعة مختص قانوني.`,
          },
          {
            question: "هل يمكن رفع حظر العمل مبكراً؟",
            answer:
              "غالباً نعم: مثلاً لمستويات مهارة ورواتب معيّنة، أو بموافقة صاحب العمل السابق. ونخبرك بالطريق الذي ينطبق عليك.",
          },
          {
            question: "هل حظر العمل هو نفسه حظر السفر؟",
            answer:
              "لا. حظر العمل يخص تصاريح العمل، أما حظر السفر فيمنعك من مغادرة الدولة. وقد تؤدي قضية انقطاع عن العمل إلى الاثنين، لذلك نتحقق مما ينطبق عليك.",
          },
          {
            question: "هل سيعلم صاحب العمل الحالي أو السابق أنني أجريت الفحص؟",
            answer: "لا. الفحص سري ولا يُبلغ أحداً.",
          },
        ],
      },
    ],
  };
}

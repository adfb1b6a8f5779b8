import { claims, coverage, EMIRATES } from "../catalogue";
import type { Lang } from "../i18n/lang";
import { serviceJsonLd } from "../seo/structured-data.server";
import type { SiteConfig } from "../root-data";
import type { PageContent } from "./types";

export const COURT_POLICE_CASE_CHECK_PATH = "/ban-checks/court-police-case-check";

/**
 * The court and police case check page (spec: case types criminal, civil and traffic, a 4-step
 * process, the seven emirates, confidentiality assurance, inquiry form for
 * court-police-case-check, 6 FAQs).
 */
export function courtPoliceCaseCheckContent(lang: Lang, site: SiteConfig): PageContent {
  const page = lang === "ar" ? arabic() : english();
  return {
    ...page,
    structuredData: [
      serviceJsonLd(site, lang, {
        name: page.meta.title,
        description: page.meta.description,
        path: COURT_POLICE_CASE_CHECK_PATH,
      }),
    ],
  };
}

function english(): PageContent {
  return {
    updated: "2026-11-25",
    meta: {
      title: "Court and Police Case Check in the UAE",
      description: `Find out whether a criminal, civil or traffic case is open against you in any of the ${coverage.emirates} emirates. Confidential and reviewed by legal professionals.`,
      keywords: [
        "police case check UAE",
        "court case check Dubai",
        "criminal case status UAE",
        "check case against me UAE",
        "police clearance",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "case-check-hero",
        eyebrow: "Ban Checks",
        title: "Court & Police Case Check",
        lead: `A case you do not know about can stop a visa renewal, a new job or a trip. We check court and police records across all ${coverage.emirates} emirates and tell you what we find.`,
        highlights: [`All ${coverage.emirates} emirates`, `${claims.accuracy.en} accuracy`, "Strictly confidential"],
        ctas: [{ label: "Request a Case Check", to: "#inquiry" }],
      },
      {
        kind: "cards",
        id: "case-types",
        title: "Case Types We Check",
        columns: 3,
        items: [
          {
            title: "Criminal cases",
            text: "Police complaints and cases before the Public Prosecution or the criminal courts, including bounced cheque cases.",
          },
          {
            title: "Civil cases",
            text: "Claims before the civil, commercial, labor and rental courts, with their status and next hearing.",
          },
          {
            title: "Traffic cases",
            text: "Serious traffic cases and unpaid traffic fines that can lead to a ban or a court summons.",
          },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "Our 4-Step Process",
        tone: "muted",
        steps: [
          {
            title: "Submit your request",
            text: "Your full name, Emirates ID or passport number, and the emirates you have lived or worked in.",
          },
          { title: "Records search", text: "We search police, prosecution and court records in each emirate." },
          { title: "Legal review", text: "A legal professional checks each match and confirms the case details." },
          { title: "Confidential report", text: "Each case, its status, the authority and what you can do next." },
        ],
      },
      {
        kind: "list",
        id: "emirates",
        title: "Coverage Across the Seven Emirates",
        columns: 3,
        items: EMIRATES.map((emirate) => emirate.en),
      },
      {
        kind: "cards",
        id: "confidentiality",
        title: "Confidentiality Assurance",
        tone: "muted",
        columns: 3,
        items: [
          {
            title: "Nobody is notified",
            text: "Checking your record does not alert the police, the courts, your employer or anyone else.",
          },
          {
            title: "Encrypted and limited",
            text: "Your details are encrypted, seen only by the people handling your check, and deleted on schedule.",
          },
          {
            title: "Reports for you alone",
            text: "Your report is sent only to you, or to someone you have authorised in writing.",
          },
        ],
      },
      {
        kind: "inquiry",
        id: "inquiry",
        service: "court-police-case-check",
        title: "Request a Court & Police Case Check",
        intro: "Send us your details and we will contact you within 24 hours.",
      },
      {
        kind: "faq",
        id: "case-check-faq",
        title: "Court & Police Case Check FAQs",
        items: [
          {
            question: "What does the check cover?",
            answer: `Criminal, civil and traffic cases recorded with the police, the Public Prosecution and the courts in all ${coverage.emirates} emirates.`,
          },
          {
            question: "How long does it take?",
            answer:
              "It depends on the emirates and records involved. Tell us what you need through the inquiry form and we reply within 24 hours with the time and the price.",
          },
          {
            question: "Is this the same as a police clearance certificate?",
            answer:
              "No. A police clearance certificate is an official document issued by the police. Our check tells you about open and past cases so you can act before you apply for one.",
          },
          {
            question: "Can I check for a case in one emirate only?",
            answer: "Yes, but we recommend all seven: a case filed in one emirate can affect you in another.",
          },
          {
            question: "What if a case is found?",
            answer:
              "We explain what it means and your options, and our legal team can help you resolve it, including any travel ban it has caused.",
          },
          {
            question: "Can an employer request a check on me?",
            answer:
              "Only with your written consent. Employers screening staff use our background check service, which always requires the candidate's consent.",
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
      title: "فحص القضايا والبلاغات في الإمارات",
      description: `اعرف ما إذا كانت هناك قضية جنائية أو مدنية أو مرورية مفتوحة ضدك في أي من الإمارات السبع. فحص سري يراجعه مختصون قانونيون.`,
      keywords: [
        "فحص البلاغات في الإمارات",
        "الاستعلام عن القضايا دبي",
        "حالة القضية الجنائية",
        "هل علي قضية في الإمارات",
        "شهادة حسن السيرة والسلوك",
      ],
    },
    sections: [
      {
        kind: "hero",
        id: "case-check-hero",
        eyebrow: "فحوص الحظر",
        title: "فحص القضايا والبلاغات",
        lead: `قد تمنعك قضية لا تعلم بها من تجديد إقامتك أو الحصول على وظيفة جديدة أو السفر. نتحقق من سجلات المحاكم والشرطة في الإمارات السبع ونخبرك بما نجده.`,
        highlights: ["الإمارات السبع", `دقة ${claims.accuracy.ar}`, "سرية تامة"],
        ctas: [{ label: "اطلب فحص القضايا", to: "#inquiry" }],
      },
      {
        kind: "cards",
        id: "case-types",
        title: "أنواع القضايا التي نتحقق منها",
        columns: 3,
        items: [
          {
            title: "القضايا الجنائية",
            text: "البلاغات لدى الشرطة والقضايا أمام النيابة العامة أو المحاكم الجزائية، ومنها قضايا الشيكات المرتجعة.",
          },
          {
            title: "القضايا المدنية",
            text: "الدعاوى أمام المحاكم المدنية والتجارية والعمالية والإيجارية، مع حالتها وموعد الجلسة التالية.",
          },
          {
            title: "القضايا المرورية",
            text: "القضايا المرورية الجسيمة والمخالفات غير المسددة التي قد تؤدي إلى حظر أو استدعاء إلى المحكمة.",
          },
        ],
      },
      {
        kind: "steps",
        id: "process",
        title: "خطواتنا الأربع",
        tone: "muted",
        steps: [
          {
            title: "قدّم طلبك",
            text: "اسمك الكامل ورقم الهوية الإماراتية أو جواز السفر والإمارات التي أقمت أو عملت فيها.",
          },
          { title: "البحث في السجلات", text: "نبحث في سجلات الشرطة والنيابة والمحاكم في كل إمارة." },
          { title: "المراجعة القانونية", text: "يتحقق مختص قانوني من كل نتيجة ويؤكد تفاصيل القضية." },
          { title: "تقرير سري", text: "كل قضية وحالتها والجهة المختصة وما يمكنك فعله بعد ذلك." },
        ],
      },
      {
        kind: "list",
        id: "emirates",
        title: "تغطية الإمارات السبع",
        columns: 3,
        items: EMIRATES.map((emirate) => emirate.ar),
      },
      {
        kind: "cards",
        id: "confidentiality",
        title: "ضمان السرية",
        tone: "muted",
        columns: 3,
        items: [
          { title: "لا يُبلَّغ أحد", text: "التحقق من سجلك لا يُنبّه الشرطة أو المحاكم أو صاحب العمل أو أي جهة أخرى." },
          { title: "تشفير ووصول محدود", text: "بياناتك مشفّرة، ولا يطّلع عليها إلا المكلّفون بفحصك، وتُحذف في موعدها." },
          { title: "تقرير لك وحدك", text: "يُرسل تقريرك إليك فقط، أو إلى من تفوّضه كتابياً." },
        ],
      },
      {
        kind: "inquiry",
        id: "inquiry",
        service: "court-police-case-check",
        title: "اطلب فحص القضايا والبلاغات",
        intro: "أرسل إلينا بياناتك وسنتواصل معك خلال 24 ساعة.",
      },
      {
        kind: "faq",
        id: "case-check-faq",
        title: "أسئلة شائعة عن فحص القضايا والبلاغات",
        items: [
          {
            question: "ماذا يشمل الفحص؟",
            answer:
              "القضايا الجنائية والمدنية والمرورية المسجلة لدى الشرطة والنيابة العامة والمحاكم في الإمارات السبع.",
          },
          {
            question: "كم يستغرق الفحص؟",
            answer:
              "يتوقف ذلك على الإمارات والسجلات المعنية. أخبرنا بما تحتاج إليه عبر نموذج الاستفسار، وسنرد خلال 24 ساعة بالمدة والسعر.",
          },
          {
            question: "هل هذا الفحص هو شهادة حسن السيرة والسلوك؟",
            answer:
              "لا. شهادة حسن السيرة والسلوك وثيقة رسمية تصدرها الشرطة. أما فحصنا فيخبرك بالقضايا المفتوحة والسابقة لتتصرف قبل التقدّم بطلبها.",
          },
          {
            question: "هل يمكنني الفحص في إمارة واحدة فقط؟",
            answer: "نعم، لكننا ننصح بالإمارات السبع: فالقضية المسجلة في إمارة قد تؤثر عليك في إمارة أخرى.",
          },
          {
            question: "ماذا لو وُجدت قضية؟",
            answer:
              "نشرح لك معناها وخياراتك، ويمكن لفريقنا القانوني مساعدتك في حلها، بما في ذلك أي حظر سفر ترتّب عليها.",
          },
          {
            question: "هل يمكن لصاحب العمل طلب فحص عني؟",
            answer:
              "فقط بموافقتك الكتابية. يستخدم أصحاب العمل خدمة التحقق من الخلفية لدينا، وهي تتطلب دائماً موافقة المرشح.",
          },
        ],
      },
    ],
  };
}

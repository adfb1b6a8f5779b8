import type { Lang } from "../i18n/lang";
import type { Localized, ServiceKey } from "./services";
import { CONSULTATION_KEYS, consultations } from "./consultations";
import { businessDays, officeHours, officeMinutes, type Turnaround } from "./turnaround";

/**
 * The plan catalogues of the spec (section 9), the single source of every price the site shows or
 * charges. Prices are integer fils (1 AED = 100 fils). A cart line names a plan list (the spec's
 * "service type") and a tier id; names and prices always come from here.
 */
export const PLAN_LIST_KEYS = [
  "travel-ban",
  "labor-ban",
  "background",
  "background-packages",
  "contract-review",
  "company-formation",
  "bundles",
  "express",
  "travel-ban-quick",
  "consultations",
] as const;
export type PlanListKey = (typeof PLAN_LIST_KEYS)[number];

export function isPlanListKey(value: unknown): value is PlanListKey {
  return typeof value === "string" && (PLAN_LIST_KEYS as readonly string[]).includes(value);
}

export type PlanTier = {
  id: string;
  name: Localized<string>;
  /** Fils. */
  price: number;
  currency: "AED";
  description: Localized<string>;
  delivery: Localized<string>;
  /** What `delivery` promises, for due times: the longest time it names, in office time (turnaround.ts). */
  turnaround: Turnaround;
  features: Localized<string[]>;
  popular?: boolean;
  /** Consultation sessions a paid order of this tier gives as credits (the features name them). */
  sessions?: number;
  /** The fixed length of each of those sessions, in minutes. */
  sessionMinutes?: number;
};

export type PlanList = {
  key: PlanListKey;
  /** The service orders and inquiries of this list belong to. */
  service: ServiceKey;
  title: Localized<string>;
  tiers: PlanTier[];
  /** Sold through a flow of its own (the request wizard), not shown as a plan grid. */
  hidden?: boolean;
};

const aed = (amount: number) => amount * 100;

/** The length of a consultation session a plan includes. */
export const DEFAULT_SESSION_MINUTES = 60;

function tier(id: string, price: number, t: Omit<PlanTier, "id" | "price" | "currency">): PlanTier {
  return { id, price: aed(price), currency: "AED", ...t };
}

const travelBan: PlanList = {
  key: "travel-ban",
  service: "travel-ban-check",
  title: { en: "Travel Ban Check Packages", ar: "باقات فحص حظر السفر" },
  tiers: [
    tier("basic", 650, {
      name: { en: "Basic", ar: "الأساسية" },
      description: {
        en: "A verified travel ban status check across UAE federal records.",
        ar: "فحص موثّق لحالة حظر السفر في السجلات الاتحادية بالدولة.",
      },
      delivery: { en: "5-7 business days", ar: "5-7 أيام عمل" },
      turnaround: businessDays(7),
      sessions: 1,
      sessionMinutes: DEFAULT_SESSION_MINUTES,
      features: {
        en: ["Federal travel ban status", "Written status report", "One consultation session"],
        ar: ["حالة حظر السفر الاتحادي", "تقرير مكتوب بالحالة", "جلسة استشارية واحدة"],
      },
    }),
    tier("fundamental", 750, {
      name: { en: "Fundamental", ar: "المتقدمة" },
      description: {
        en: "Travel ban status with the case references behind it.",
        ar: "حالة حظر السفر مع مراجع القضايا المرتبطة به.",
      },
      delivery: { en: "3-5 business days", ar: "3-5 أيام عمل" },
      turnaround: businessDays(5),
      sessions: 1,
      sessionMinutes: DEFAULT_SESSION_MINUTES,
      features: {
        en: [
          "Federal and emirate-level status",
          "Case reference numbers",
          "Written status report",
          "One consultation session",
        ],
        ar: [
          "الحالة على المستوى الاتحادي ومستوى الإمارة",
          "أرقام مراجع القضايا",
          "تقرير مكتوب بالحالة",
          "جلسة استشارية واحدة",
        ],
      },
    }),
    tier("comprehensive", 1250, {
      name: { en: "Comprehensive", ar: "الشاملة" },
      description: {
        en: "Full travel ban review with filings handled for you.",
        ar: "مراجعة كاملة لحظر السفر مع تولّي الإجراءات نيابةً عنك.",
      },
      delivery: { en: "5 business days, up to 6 filings", ar: "5 أيام عمل، حتى 6 معاملات" },
      turnaround: businessDays(5),
      sessions: 1,
      sessionMinutes: DEFAULT_SESSION_MINUTES,
      features: {
        en: [
          "All seven emirates checked",
          "Up to 6 filings",
          "Case and court references",
          "Next-step guidance from a legal expert",
          "One consultation session",
        ],
        ar: [
          "فحص الإمارات السبع كلها",
          "حتى 6 معاملات",
          "مراجع القضايا والمحاكم",
          "توجيه من خبير قانوني بالخطوات التالية",
          "جلسة استشارية واحدة",
        ],
      },
      popular: true,
    }),
    tier("express", 1650, {
      name: { en: "Express", ar: "السريعة" },
      description: {
        en: "The comprehensive review, prioritised and delivered in 2 days.",
        ar: "المراجعة الشاملة بأولوية وتسليم خلال يومين.",
      },
      delivery: { en: "2 days", ar: "يومان" },
      turnaround: businessDays(2),
      sessions: 1,
      sessionMinutes: DEFAULT_SESSION_MINUTES,
      features: {
        en: ["Everything in Comprehensive", "Priority handling", "Delivered in 2 days", "One consultation session"],
        ar: ["كل ما في الباقة الشاملة", "معالجة بأولوية", "تسليم خلال يومين", "جلسة استشارية واحدة"],
      },
    }),
    tier("elite", 2500, {
      name: { en: "Elite", ar: "النخبة" },
      description: {
        en: "A dedicated legal expert from check to resolution plan.",
        ar: "خبير قانوني مخصّص من الفحص حتى خطة المعالجة.",
      },
      delivery: { en: "5 business days", ar: "5 أيام عمل" },
      turnaround: businessDays(5),
      sessions: 1,
      sessionMinutes: DEFAULT_SESSION_MINUTES,
      features: {
        en: [
          "Dedicated legal expert",
          "All seven emirates and GCC alerts",
          "Resolution plan for any ban found",
          "Follow-up for 30 days",
          "One consultation session",
        ],
        ar: [
          "خبير قانوني مخصّص",
          "الإمارات السبع وتنبيهات دول الخليج",
          "خطة معالجة لأي حظر يُكتشف",
          "متابعة لمدة 30 يوماً",
          "جلسة استشارية واحدة",
        ],
      },
    }),
  ],
};

const laborBan: PlanList = {
  key: "labor-ban",
  service: "labor-ban-check",
  title: { en: "Labor Ban Check Packages", ar: "باقات فحص حظر العمل" },
  tiers: [
    tier("basic", 650, {
      name: { en: "Basic", ar: "الأساسية" },
      description: {
        en: "Labor ban status with the Ministry of Human Resources and Emiratisation.",
        ar: "حالة حظر العمل لدى وزارة الموارد البشرية والتوطين.",
      },
      delivery: { en: "3-5 business days", ar: "3-5 أيام عمل" },
      turnaround: businessDays(5),
      features: {
        en: ["Labor ban status", "Ban type and end date", "Written status report"],
        ar: ["حالة حظر العمل", "نوع الحظر وتاريخ انتهائه", "تقرير مكتوب بالحالة"],
      },
    }),
    tier("comprehensive", 950, {
      name: { en: "Comprehensive", ar: "الشاملة" },
      description: {
        en: "Labor ban status, its cause and the options to lift it.",
        ar: "حالة حظر العمل وسببه وخيارات رفعه.",
      },
      delivery: { en: "3-5 business days", ar: "3-5 أيام عمل" },
      turnaround: businessDays(5),
      sessions: 1,
      sessionMinutes: DEFAULT_SESSION_MINUTES,
      features: {
        en: [
          "Labor ban status and cause",
          "Options to lift or shorten the ban",
          "Employer dispute review",
          "One consultation session",
        ],
        ar: [
          "حالة حظر العمل وسببه",
          "خيارات رفع الحظر أو تقصير مدته",
          "مراجعة نزاعات صاحب العمل",
          "جلسة استشارية واحدة",
        ],
      },
      popular: true,
    }),
    tier("express", 1350, {
      name: { en: "Express", ar: "السريعة" },
      description: {
        en: "The comprehensive check, delivered within 24 hours.",
        ar: "الفحص الشامل مع التسليم خلال 24 ساعة.",
      },
      delivery: { en: "24 hours", ar: "24 ساعة" },
      turnaround: businessDays(1),
      features: {
        en: ["Everything in Comprehensive", "Priority handling", "Delivered within 24 hours"],
        ar: ["كل ما في الباقة الشاملة", "معالجة بأولوية", "تسليم خلال 24 ساعة"],
      },
    }),
  ],
};

const background: PlanList = {
  key: "background",
  service: "background-check",
  title: { en: "Background Check Plans", ar: "باقات التحقق من الخلفية" },
  tiers: [
    tier("essential", 695, {
      name: { en: "Essential", ar: "الأساسية" },
      description: {
        en: "Identity and criminal record screening for one candidate.",
        ar: "التحقق من الهوية والسجل الجنائي لمرشح واحد.",
      },
      delivery: { en: "7-10 business days", ar: "7-10 أيام عمل" },
      turnaround: businessDays(10),
      features: {
        en: ["Identity verification", "UAE criminal record check", "Written report"],
        ar: ["التحقق من الهوية", "فحص السجل الجنائي في الدولة", "تقرير مكتوب"],
      },
    }),
    tier("standard", 850, {
      name: { en: "Standard", ar: "القياسية" },
      description: {
        en: "Adds employment and education verification.",
        ar: "يضيف التحقق من الخبرات والمؤهلات التعليمية.",
      },
      delivery: { en: "5-7 business days", ar: "5-7 أيام عمل" },
      turnaround: businessDays(7),
      features: {
        en: ["Everything in Essential", "Employment history verification", "Education verification"],
        ar: ["كل ما في الباقة الأساسية", "التحقق من سجل التوظيف", "التحقق من المؤهلات التعليمية"],
      },
    }),
    tier("comprehensive", 1450, {
      name: { en: "Comprehensive", ar: "الشاملة" },
      description: {
        en: "Full screening including civil cases and travel bans.",
        ar: "فحص كامل يشمل القضايا المدنية وحظر السفر.",
      },
      delivery: { en: "7-10 business days", ar: "7-10 أيام عمل" },
      turnaround: businessDays(10),
      features: {
        en: [
          "Everything in Standard",
          "Civil and court case search",
          "Travel and labor ban status",
          "Reference checks",
        ],
        ar: [
          "كل ما في الباقة القياسية",
          "البحث في القضايا المدنية والمحاكم",
          "حالة حظر السفر والعمل",
          "التحقق من المراجع",
        ],
      },
      popular: true,
    }),
    tier("executive", 2250, {
      name: { en: "Executive", ar: "التنفيذية" },
      description: {
        en: "Due diligence for senior hires and partners.",
        ar: "العناية الواجبة لكبار الموظفين والشركاء.",
      },
      delivery: { en: "10-14 business days", ar: "10-14 يوم عمل" },
      turnaround: businessDays(14),
      features: {
        en: [
          "Everything in Comprehensive",
          "Directorships and company links",
          "Media and sanctions screening",
          "Analyst summary",
        ],
        ar: [
          "كل ما في الباقة الشاملة",
          "العضويات في مجالس الإدارة وارتباطات الشركات",
          "فحص الإعلام وقوائم العقوبات",
          "ملخص من محلل",
        ],
      },
    }),
  ],
};

const backgroundPackages: PlanList = {
  key: "background-packages",
  service: "background-check",
  title: { en: "Background Check Packages", ar: "باقات التحقق من الخلفية" },
  tiers: [
    tier("individual", 350, {
      name: { en: "Individual Background Check", ar: "التحقق من خلفية الأفراد" },
      description: {
        en: "Identity and UAE criminal record check for one person.",
        ar: "التحقق من الهوية والسجل الجنائي في الدولة لشخص واحد.",
      },
      delivery: { en: "24-48 hours", ar: "24-48 ساعة" },
      turnaround: businessDays(2),
      features: {
        en: ["Identity verification", "UAE criminal record check", "Confidential report"],
        ar: ["التحقق من الهوية", "فحص السجل الجنائي في الدولة", "تقرير سري"],
      },
    }),
    tier("enhanced", 750, {
      name: { en: "Enhanced Security Check", ar: "الفحص الأمني المعزّز" },
      description: {
        en: "For roles of trust: adds employment, education and case searches.",
        ar: "للوظائف الحساسة: يضيف التحقق من التوظيف والتعليم والبحث في القضايا.",
      },
      delivery: { en: "3-5 business days", ar: "3-5 أيام عمل" },
      turnaround: businessDays(5),
      features: {
        en: [
          "Everything in Individual",
          "Employment and education verification",
          "Court and police case search",
          "Travel ban status",
        ],
        ar: ["كل ما في باقة الأفراد", "التحقق من التوظيف والتعليم", "البحث في قضايا المحاكم والشرطة", "حالة حظر السفر"],
      },
      popular: true,
    }),
    tier("due-diligence", 1200, {
      name: { en: "Business Due Diligence", ar: "العناية الواجبة للشركات" },
      description: {
        en: "Company and owner screening before you sign or invest.",
        ar: "فحص الشركة ومالكيها قبل التوقيع أو الاستثمار.",
      },
      delivery: { en: "7-10 business days", ar: "7-10 أيام عمل" },
      turnaround: businessDays(10),
      features: {
        en: [
          "Trade licence and registration check",
          "Owners and managers screened",
          "Litigation and ban search",
          "Risk summary",
        ],
        ar: [
          "التحقق من الرخصة التجارية والتسجيل",
          "فحص المالكين والمديرين",
          "البحث في الدعاوى وحالات الحظر",
          "ملخص المخاطر",
        ],
      },
    }),
  ],
};

const contractReview: PlanList = {
  key: "contract-review",
  service: "contract-review",
  title: { en: "Contract Review Plans", ar: "باقات مراجعة العقود" },
  tiers: [
    tier("basic", 1200, {
      name: { en: "Basic", ar: "الأساسية" },
      description: {
        en: "Review of one contract up to 10 pages with a risk summary.",
        ar: "مراجعة عقد واحد حتى 10 صفحات مع ملخص للمخاطر.",
      },
      delivery: { en: "3-5 business days", ar: "3-5 أيام عمل" },
      turnaround: businessDays(5),
      features: {
        en: ["Up to 10 pages", "Key risks highlighted", "Written summary"],
        ar: ["حتى 10 صفحات", "إبراز المخاطر الرئيسية", "ملخص مكتوب"],
      },
    }),
    tier("professional", 2200, {
      name: { en: "Professional", ar: "الاحترافية" },
      description: {
        en: "Clause-by-clause review with suggested changes.",
        ar: "مراجعة بنداً بنداً مع التعديلات المقترحة.",
      },
      delivery: { en: "5-7 business days", ar: "5-7 أيام عمل" },
      turnaround: businessDays(7),
      sessions: 1,
      sessionMinutes: DEFAULT_SESSION_MINUTES,
      features: {
        en: ["Up to 30 pages", "Clause-by-clause comments", "Suggested wording", "One consultation session"],
        ar: ["حتى 30 صفحة", "ملاحظات على كل بند", "صياغة مقترحة", "جلسة استشارية واحدة"],
      },
      popular: true,
    }),
    tier("premium", 3500, {
      name: { en: "Premium", ar: "المميزة" },
      description: {
        en: "Complex or bilingual contracts, with negotiation support.",
        ar: "العقود المعقّدة أو ثنائية اللغة، مع دعم التفاوض.",
      },
      delivery: { en: "7-10 business days", ar: "7-10 أيام عمل" },
      turnaround: businessDays(10),
      sessions: 2,
      sessionMinutes: DEFAULT_SESSION_MINUTES,
      features: {
        en: [
          "Unlimited pages",
          "Arabic and English versions compared",
          "Negotiation points",
          "Two consultation sessions",
        ],
        ar: ["دون حد للصفحات", "مقارنة النسختين العربية والإنجليزية", "نقاط التفاوض", "جلستان استشاريتان"],
      },
    }),
  ],
};

const companyFormation: PlanList = {
  key: "company-formation",
  service: "company-formation",
  title: { en: "Company Formation Packages", ar: "باقات تأسيس الشركات" },
  tiers: [
    tier("mainland", 8500, {
      name: { en: "Mainland", ar: "البر الرئيسي" },
      description: {
        en: "A mainland company licensed by the Department of Economy and Tourism.",
        ar: "شركة في البر الرئيسي مرخّصة من دائرة الاقتصاد والسياحة.",
      },
      delivery: { en: "15-20 business days", ar: "15-20 يوم عمل" },
      turnaround: businessDays(20),
      features: {
        en: [
          "Trade name and initial approval",
          "Memorandum of association",
          "Trade licence",
          "Corporate bank account guidance",
        ],
        ar: ["الاسم التجاري والموافقة المبدئية", "عقد التأسيس", "الرخصة التجارية", "إرشاد لفتح الحساب المصرفي للشركة"],
      },
    }),
    tier("freezone", 12500, {
      name: { en: "Free Zone", ar: "المنطقة الحرة" },
      description: {
        en: "A free zone company with full foreign ownership.",
        ar: "شركة في منطقة حرة بملكية أجنبية كاملة.",
      },
      delivery: { en: "10-15 business days", ar: "10-15 يوم عمل" },
      turnaround: businessDays(15),
      features: {
        en: ["Free zone selection advice", "Licence and registration", "Establishment card", "Two visa allocations"],
        ar: ["المشورة في اختيار المنطقة الحرة", "الرخصة والتسجيل", "بطاقة المنشأة", "حصة تأشيرتين"],
      },
      popular: true,
    }),
    tier("offshore", 15500, {
      name: { en: "Offshore", ar: "الخارجية (أوفشور)" },
      description: {
        en: "An offshore company for holding and international trade.",
        ar: "شركة خارجية للتملّك والتجارة الدولية.",
      },
      delivery: { en: "12-18 business days", ar: "12-18 يوم عمل" },
      turnaround: businessDays(18),
      features: {
        en: ["Registered agent", "Certificate of incorporation", "Share certificates", "Economic substance guidance"],
        ar: ["وكيل مسجّل", "شهادة التأسيس", "شهادات الأسهم", "إرشاد بشأن متطلبات المادة الاقتصادية"],
      },
    }),
  ],
};

const bundles: PlanList = {
  key: "bundles",
  service: "general",
  title: { en: "Bundles", ar: "الباقات المجمّعة" },
  tiers: [
    tier("essential", 1295, {
      name: { en: "Essential Bundle", ar: "الباقة الأساسية" },
      description: { en: "Travel ban and labor ban checks together.", ar: "فحص حظر السفر وحظر العمل معاً." },
      delivery: { en: "3-5 business days", ar: "3-5 أيام عمل" },
      turnaround: businessDays(5),
      sessions: 1,
      sessionMinutes: DEFAULT_SESSION_MINUTES,
      features: {
        en: ["Basic travel ban check", "Basic labor ban check", "One consultation session"],
        ar: ["فحص حظر السفر الأساسي", "فحص حظر العمل الأساسي", "جلسة استشارية واحدة"],
      },
    }),
    tier("complete", 2195, {
      name: { en: "Complete Bundle", ar: "الباقة الكاملة" },
      description: {
        en: "Travel, labor and court checks for full peace of mind.",
        ar: "فحوص السفر والعمل والقضايا لطمأنينة كاملة.",
      },
      delivery: { en: "5-7 business days", ar: "5-7 أيام عمل" },
      turnaround: businessDays(7),
      sessions: 1,
      sessionMinutes: DEFAULT_SESSION_MINUTES,
      features: {
        en: [
          "Comprehensive travel ban check",
          "Labor ban check",
          "Court and police case check",
          "One consultation session",
        ],
        ar: ["فحص شامل لحظر السفر", "فحص حظر العمل", "فحص قضايا المحاكم والشرطة", "جلسة استشارية واحدة"],
      },
      popular: true,
    }),
    tier("business", 3495, {
      name: { en: "Business Bundle", ar: "باقة الأعمال" },
      description: {
        en: "Screening and a contract review for a new hire or partner.",
        ar: "فحص ومراجعة عقد لموظف أو شريك جديد.",
      },
      delivery: { en: "7-10 business days", ar: "7-10 أيام عمل" },
      turnaround: businessDays(10),
      sessions: 2,
      sessionMinutes: DEFAULT_SESSION_MINUTES,
      features: {
        en: [
          "Comprehensive background check",
          "Travel ban check",
          "Basic contract review",
          "Two consultation sessions",
        ],
        ar: ["تحقق شامل من الخلفية", "فحص حظر السفر", "مراجعة أساسية لعقد", "جلستان استشاريتان"],
      },
    }),
  ],
};

const express: PlanList = {
  key: "express",
  service: "general",
  title: { en: "Express Same-Day Services", ar: "خدمات سريعة في اليوم نفسه" },
  tiers: [
    tier("same-day-travel", 1950, {
      name: { en: "Same-Day Travel Ban Check", ar: "فحص حظر السفر في اليوم نفسه" },
      description: { en: "A travel ban check delivered within 6 hours.", ar: "فحص حظر السفر مع التسليم خلال 6 ساعات." },
      delivery: { en: "6 hours", ar: "6 ساعات" },
      turnaround: officeHours(6),
      features: {
        en: ["All seven emirates checked", "Delivered within 6 hours", "Phone call with the result"],
        ar: ["فحص الإمارات السبع كلها", "تسليم خلال 6 ساعات", "اتصال هاتفي بالنتيجة"],
      },
    }),
    tier("same-day-background", 2150, {
      name: { en: "Same-Day Background Check", ar: "التحقق من الخلفية في اليوم نفسه" },
      description: {
        en: "An urgent background check delivered within 8 hours.",
        ar: "تحقق عاجل من الخلفية مع التسليم خلال 8 ساعات.",
      },
      delivery: { en: "8 hours", ar: "8 ساعات" },
      turnaround: officeHours(8),
      features: {
        en: ["Identity and criminal record", "Travel ban status", "Delivered within 8 hours"],
        ar: ["الهوية والسجل الجنائي", "حالة حظر السفر", "تسليم خلال 8 ساعات"],
      },
    }),
  ],
};

/** The AED 200 quick travel-ban check sold through the request wizard. */
const travelBanQuick: PlanList = {
  key: "travel-ban-quick",
  service: "travel-ban-check",
  title: { en: "Quick Travel Ban Check", ar: "فحص سريع لحظر السفر" },
  hidden: true,
  tiers: [
    tier("quick-check", 200, {
      name: { en: "Quick Travel Ban Check", ar: "فحص سريع لحظر السفر" },
      description: {
        en: "Your travel ban status, checked by our team from your Emirates ID or passport.",
        ar: "حالة حظر السفر لديك، يتحقق منها فريقنا برقم الهوية الإماراتية أو جواز السفر.",
      },
      delivery: { en: "Results in 2 minutes once verified", ar: "النتيجة خلال دقيقتين بعد التحقق" },
      turnaround: officeMinutes(2),
      features: {
        en: ["Federal travel ban status", "Result by e-mail and SMS"],
        ar: ["حالة حظر السفر الاتحادي", "النتيجة بالبريد الإلكتروني والرسائل النصية"],
      },
    }),
  ],
};

/**
 * The six consultation types of the Legal Consultation page, sold as one session each at a fixed
 * length: the longest the type advertises (a 30-60 minute type is booked for 60 minutes).
 */
const consultationList: PlanList = {
  key: "consultations",
  service: "legal-consultation",
  title: { en: "Consultation Types", ar: "أنواع الاستشارات" },
  tiers: CONSULTATION_KEYS.map((key) => {
    const c = consultations[key];
    const length = c.maxMinutes;
    return tier(key, c.from / 100, {
      name: { en: `${c.name.en} Consultation`, ar: `استشارة ${c.name.ar}` },
      description: c.about,
      // "Consultation 1-2 days" (spec, timelines): the session takes place within two business days.
      delivery: { en: "Session within 1-2 business days", ar: "الجلسة خلال يوم إلى يومي عمل" },
      turnaround: businessDays(2),
      sessions: 1,
      sessionMinutes: length,
      features: {
        en: [
          `One ${length}-minute session`,
          "By video, phone or in person",
          "Booked at a time you choose, in Gulf time",
        ],
        ar: [
          `جلسة واحدة مدتها ${length} دقيقة`,
          "عبر الفيديو أو الهاتف أو حضورياً",
          "تُحجز في الموعد الذي تختاره بتوقيت الخليج",
        ],
      },
    });
  }),
};

export const planLists: Record<PlanListKey, PlanList> = {
  "travel-ban": travelBan,
  "labor-ban": laborBan,
  background,
  "background-packages": backgroundPackages,
  "contract-review": contractReview,
  "company-formation": companyFormation,
  bundles,
  express,
  "travel-ban-quick": travelBanQuick,
  consultations: consultationList,
};

/** The list the pricing-plan section shows when none is named. */
export const DEFAULT_PLAN_LIST: PlanListKey = "travel-ban";

/** The tier a cart line or form names, or undefined when it does not exist (a stale or edited value). */
export function findTier(list: unknown, tierId: unknown): { list: PlanList; tier: PlanTier } | undefined {
  if (!isPlanListKey(list) || typeof tierId !== "string") return undefined;
  const planList = planLists[list];
  const found = planList.tiers.find((t) => t.id === tierId);
  return found ? { list: planList, tier: found } : undefined;
}

/**
 * The tier an order line names by its service and tier id (order lines keep the service, not the
 * plan list; no two lists of one service share a tier id), or undefined when the catalogue no longer has it.
 */
export function findTierOfService(serviceKey: string, tierId: string): PlanTier | undefined {
  for (const list of Object.values(planLists)) {
    if (list.service !== serviceKey) continue;
    const found = list.tiers.find((candidate) => candidate.id === tierId);
    if (found) return found;
  }
  return undefined;
}

/** "Starting from": the lowest price of a list, in fils. */
export function lowestPrice(list: PlanListKey): number {
  return Math.min(...planLists[list].tiers.map((t) => t.price));
}

/** A tier in one language, ready to send to the browser (no other language's text). */
export type PlanTierView = {
  id: string;
  name: string;
  price: number;
  currency: "AED";
  description: string;
  delivery: string;
  features: string[];
  popular: boolean;
};

export function tierView(t: PlanTier, lang: Lang): PlanTierView {
  return {
    id: t.id,
    name: t.name[lang],
    price: t.price,
    currency: t.currency,
    description: t.description[lang],
    delivery: t.delivery[lang],
    features: t.features[lang],
    popular: Boolean(t.popular),
  };
}

export type PlanListView = { key: PlanListKey; title: string; lowestPrice: number; tiers: PlanTierView[] };

/** What the pricing-plan section needs for one list, in one language. */
export function planListView(list: PlanListKey, lang: Lang): PlanListView {
  const planList = planLists[list];
  return {
    key: list,
    title: planList.title[lang],
    lowestPrice: lowestPrice(list),
    tiers: planList.tiers.map((t) => tierView(t, lang)),
  };
}

/** The session credits a paid order line gives: the tier's sessions times the quantity. */
export function sessionCreditsOfLine(serviceKey: string, tierId: string, quantity: number): number {
  return (findTierOfService(serviceKey, tierId)?.sessions ?? 0) * quantity;
}

/** The length of each session a line gives, in minutes (0 when it gives none). */
export function sessionMinutesOfLine(serviceKey: string, tierId: string): number {
  const tier = findTierOfService(serviceKey, tierId);
  return tier?.sessions ? (tier.sessionMinutes ?? DEFAULT_SESSION_MINUTES) : 0;
}

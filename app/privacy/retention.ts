/**
 * Every kind of personal data the product keeps, how long, from when, what happens at the end,
 * and what may keep it longer (docs/decisions/080). The Data Retention Policy page is generated
 * from this table, and app/privacy/retention-jobs.server.ts has one job per kind that applies
 * exactly this period: changing a period here changes both the page and the deletion.
 */

export type RetentionKind =
  | "inquiries"
  | "check-requests"
  | "order-documents"
  | "order-records"
  | "closed-accounts"
  | "assistant-conversations"
  | "chat-widget"
  | "sent-mail"
  | "web-vitals"
  | "security-logs"
  | "access-log"
  | "data-exports";

export type RetentionPeriod = { amount: number; unit: "days" | "months" | "years" };
type Bilingual = { en: string; ar: string };

export type RetentionRule = {
  kind: RetentionKind;
  /** What the data is, as the policy names it. */
  what: Bilingual;
  period: RetentionPeriod;
  /** What starts the clock. */
  clock: Bilingual;
  /** What the job does when the period ends. */
  action: "delete" | "anonymise";
  /** What keeps the data longer than the period, if anything. */
  hold: Bilingual | null;
};

export const RETENTION_RULES: readonly RetentionRule[] = [
  {
    kind: "inquiries",
    what: { en: "Inquiries that did not become an order", ar: "الاستفسارات التي لم تتحول إلى طلب" },
    period: { amount: 12, unit: "months" },
    clock: { en: "from the last contact", ar: "من آخر تواصل" },
    action: "delete",
    hold: {
      en: "an order placed later from the same e-mail address keeps the inquiry with that order's records",
      ar: "إذا قُدّم لاحقاً طلب من عنوان البريد الإلكتروني نفسه، يُحفظ الاستفسار مع سجلات ذلك الطلب",
    },
  },
  {
    kind: "check-requests",
    what: {
      en: "Travel ban and other check requests (Emirates ID or passport number)",
      ar: "طلبات فحص حظر السفر وغيرها (رقم الهوية الإماراتية أو جواز السفر)",
    },
    period: { amount: 90, unit: "days" },
    clock: {
      en: "from our reply (from the request, if it was never answered)",
      ar: "من ردّنا عليك (ومن تاريخ الطلب إن لم نرد عليه)",
    },
    action: "delete",
    hold: null,
  },
  {
    kind: "order-documents",
    what: {
      en: "Documents uploaded with orders and in case messages, and the reports we deliver",
      ar: "المستندات المرفوعة مع الطلبات وفي رسائل الطلب، والتقارير المسلَّمة",
    },
    period: { amount: 12, unit: "months" },
    clock: {
      en: "from the order's completion or cancellation (download your reports before then)",
      ar: "من إنجاز الطلب أو إلغائه (نزّل تقاريرك قبل انقضاء هذه المدة)",
    },
    action: "delete",
    hold: null,
  },
  {
    kind: "order-records",
    what: {
      en: "Orders, tax invoices, credit notes, refunds and payment records",
      ar: "الطلبات والفواتير الضريبية والإشعارات الدائنة والمبالغ المستردة وسجلات الدفع",
    },
    period: { amount: 5, unit: "years" },
    clock: {
      en: "from the order, as UAE tax record-keeping requires",
      ar: "من تاريخ الطلب، وفق متطلبات حفظ السجلات الضريبية في الدولة",
    },
    action: "delete",
    hold: {
      en: "kept the full period even after the account is closed, with the personal details the law does not need removed",
      ar: "تُحفظ المدة كاملة حتى بعد إغلاق الحساب، مع حذف البيانات الشخصية التي لا يشترطها القانون",
    },
  },
  {
    kind: "closed-accounts",
    what: {
      en: "The profile, documents and case messages of a closed account",
      ar: "الملف الشخصي والمستندات ورسائل الطلبات لحساب مغلق",
    },
    period: { amount: 30, unit: "days" },
    clock: {
      en: "from the request to close the account (signing in ends at once)",
      ar: "من طلب إغلاق الحساب (ويتوقف تسجيل الدخول فوراً)",
    },
    action: "anonymise",
    hold: { en: "order records (above) stay for their period", ar: "تبقى سجلات الطلبات (أعلاه) طوال مدتها" },
  },
  {
    kind: "assistant-conversations",
    what: { en: "Conversations with the AI legal assistant", ar: "محادثات المساعد القانوني الذكي" },
    period: { amount: 30, unit: "days" },
    clock: { en: "from the last message", ar: "من آخر رسالة" },
    action: "delete",
    hold: null,
  },
  {
    kind: "chat-widget",
    what: { en: "Chat conversations on the site", ar: "محادثات الدردشة على الموقع" },
    period: { amount: 30, unit: "days" },
    clock: { en: "from the last message", ar: "من آخر رسالة" },
    action: "delete",
    hold: null,
  },
  {
    kind: "sent-mail",
    what: { en: "Copies of e-mails we sent", ar: "نسخ رسائل البريد الإلكتروني التي أرسلناها" },
    period: { amount: 90, unit: "days" },
    clock: { en: "from when the e-mail was written", ar: "من تاريخ إنشاء الرسالة" },
    action: "delete",
    hold: {
      en: "an e-mail still waiting to be delivered is kept until it is sent",
      ar: "تُحفظ الرسالة التي لم تُسلَّم بعد حتى إرسالها",
    },
  },
  {
    kind: "web-vitals",
    what: { en: "Site performance measurements (anonymous)", ar: "قياسات أداء الموقع (مجهولة الهوية)" },
    period: { amount: 30, unit: "days" },
    clock: { en: "from the measurement", ar: "من تاريخ القياس" },
    action: "delete",
    hold: null,
  },
  {
    kind: "security-logs",
    what: {
      en: "Security and abuse-prevention logs (sign-ins, rate limits, repeated-form records)",
      ar: "سجلات الأمان ومنع إساءة الاستخدام (جلسات الدخول وحدود المحاولات وسجلات النماذج المكررة)",
    },
    period: { amount: 30, unit: "days" },
    clock: {
      en: "from the entry (a signed-in session: from its last use)",
      ar: "من تاريخ القيد (وجلسة الدخول: من آخر استخدام)",
    },
    action: "delete",
    hold: null,
  },
  {
    kind: "access-log",
    what: {
      en: "The record of who from our team opened your documents, and of data exports and account closures",
      ar: "سجل من فتح مستنداتك من فريقنا، وسجل تنزيل البيانات وإغلاق الحسابات",
    },
    period: { amount: 2, unit: "years" },
    clock: { en: "from the entry", ar: "من تاريخ القيد" },
    action: "delete",
    hold: null,
  },
  {
    kind: "data-exports",
    what: { en: 'Archives made by "Download my data"', ar: "الملفات المضغوطة التي يُعدّها «تنزيل بياناتي»" },
    period: { amount: 7, unit: "days" },
    clock: { en: "from when the archive is ready", ar: "من تاريخ تجهيز الملف" },
    action: "delete",
    hold: null,
  },
];

export function retentionRule(kind: RetentionKind): RetentionRule {
  return RETENTION_RULES.find((rule) => rule.kind === kind)!;
}

/** The moment before which data of `kind` has outlived its period, at `now` (calendar months and years, UTC). */
export function retentionCutoff(kind: RetentionKind, now: Date): Date {
  const { amount, unit } = retentionRule(kind).period;
  const cutoff = new Date(now);
  if (unit === "days") cutoff.setTime(cutoff.getTime() - amount * 24 * 60 * 60 * 1000);
  if (unit === "months") cutoff.setUTCMonth(cutoff.getUTCMonth() - amount);
  if (unit === "years") cutoff.setUTCFullYear(cutoff.getUTCFullYear() - amount);
  return cutoff;
}

/** "12 months", "٩٠ يوماً"… as the policy writes a period. */
export function describePeriod(period: RetentionPeriod, lang: "en" | "ar"): string {
  const { amount, unit } = period;
  if (lang === "en") return `${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`;
  const words = {
    days: ["يوم", "يومان", "أيام", "يوماً"],
    months: ["شهر", "شهران", "أشهر", "شهراً"],
    years: ["سنة", "سنتان", "سنوات", "سنة"],
  }[unit];
  if (amount === 1) return words[0]!;
  if (amount === 2) return words[1]!;
  if (amount <= 10) return `${amount} ${words[2]}`;
  return `${amount} ${words[3]}`;
}

/** One line of the policy's list: "What: period from when. Hold." */
export function describeRule(rule: RetentionRule, lang: "en" | "ar"): string {
  const hold = rule.hold ? (lang === "en" ? ` Kept longer: ${rule.hold.en}.` : ` استثناء: ${rule.hold.ar}.`) : "";
  const end =
    rule.action === "anonymise"
      ? lang === "en"
        ? " (then deleted or made anonymous)"
        : " (ثم تُحذف أو تُجعل مجهولة الهوية)"
      : "";
  return `${rule.what[lang]}: ${describePeriod(rule.period, lang)} ${rule.clock[lang]}${end}.${hold}`;
}

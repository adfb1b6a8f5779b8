import { planLists } from "../catalogue/plans";
import { formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import type { WizardError, WizardField } from "../request-check/rules";
import type { PageMeta } from "../seo/meta";

/** The request wizard's texts, one language per page load. */
export function requestCheckContent(lang: Lang) {
  const quick = planLists["travel-ban-quick"].tiers[0]!;
  const price = formatMoney(quick.price, lang);
  return lang === "ar" ? ar(price, quick.name.ar) : en(price, quick.name.en);
}

export type RequestCheckContent = ReturnType<typeof en>;

function en(price: string, product: string) {
  return {
    meta: {
      title: "Request a Travel Ban Check",
      description: `Request a quick UAE travel ban check in three steps: your details, verification and secure payment of ${price}.`,
      keywords: ["request travel ban check", "UAE travel ban check online", "travel ban status UAE"],
      noindex: false,
    } satisfies PageMeta,
    /** When this page's text last changed (the sitemap's lastmod). */
    updated: "2026-11-25",
    title: "Request a Travel Ban Check",
    intro: "Three short steps. We check the official records and send you the result.",
    stepOf: "Step {step} of 3",
    steps: ["Personal Details", "Verification", "Payment"],
    labels: {
      fullName: "Full Name",
      emiratesId: "Emirates ID",
      passportNumber: "Passport Number",
      phoneNumber: "Phone Number",
      email: "Email Address",
    } satisfies Record<WizardField, string>,
    placeholders: {
      fullName: "As shown on your ID",
      emiratesId: "784-XXXX-XXXXXXX-X",
      passportNumber: "e.g. N1234567",
      phoneNumber: "+971 XX XXX XXXX",
      email: "name@example.com",
    } satisfies Record<WizardField, string>,
    optional: "optional",
    verificationIntro: "We send your result and any questions to these contact details.",
    summaryTitle: "Order summary",
    product,
    total: "Total",
    price,
    paymentNote: "You will be redirected to our secure payment processor to complete the payment.",
    review: "Your details",
    continue: "Continue",
    back: "Back",
    submit: "Submit & Pay",
    submitting: "Submitting...",
    errorSummary: "Please correct the highlighted fields.",
    errors: {
      fullName: "Enter your full name",
      emiratesId: "Enter your Emirates ID as 784-XXXX-XXXXXXX-X",
      passportNumber: "Enter a passport number of 6 to 12 letters and digits, or leave it empty",
      phoneNumber: "Enter a phone number starting with +971 (or another GCC code such as +966)",
      email: "Enter a valid e-mail address, e.g. name@example.com",
      tooLong: "This is too long",
    } satisfies Record<WizardError, string>,
    rateLimited: "You have sent several requests in a short time. Please try again later or call us.",
    failed: "Please try again or contact our support team",
    addedTitle: "Quick check added to your cart",
    addedText: "Your details are kept for the order. Complete the payment to start the check.",
  };
}

function ar(price: string, product: string): RequestCheckContent {
  return {
    meta: {
      title: "اطلب فحص حظر السفر",
      description: `اطلب فحصاً سريعاً لحظر السفر في الإمارات في ثلاث خطوات: بياناتك، ثم التحقق، ثم الدفع الآمن بقيمة ${price}.`,
      keywords: ["طلب فحص حظر السفر", "فحص حظر السفر في الإمارات عبر الإنترنت", "معرفة حالة حظر السفر"],
      noindex: false,
    },
    updated: "2026-11-25",
    title: "اطلب فحص حظر السفر",
    intro: "ثلاث خطوات قصيرة. نتحقق من السجلات الرسمية ونرسل إليك النتيجة.",
    stepOf: "الخطوة {step} من 3",
    steps: ["البيانات الشخصية", "التحقق", "الدفع"],
    labels: {
      fullName: "الاسم الكامل",
      emiratesId: "رقم الهوية الإماراتية",
      passportNumber: "رقم جواز السفر",
      phoneNumber: "رقم الهاتف",
      email: "البريد الإلكتروني",
    },
    placeholders: {
      fullName: "كما يظهر في هويتك",
      emiratesId: "784-XXXX-XXXXXXX-X",
      passportNumber: "مثل N1234567",
      phoneNumber: "+971 XX XXX XXXX",
      email: "name@example.com",
    },
    optional: "اختياري",
    verificationIntro: "نرسل النتيجة وأي استفسار إلى بيانات التواصل هذه.",
    summaryTitle: "ملخص الطلب",
    product,
    total: "الإجمالي",
    price,
    paymentNote: "سيتم تحويلك إلى معالج دفع آمن لإتمام الدفع.",
    review: "بياناتك",
    continue: "متابعة",
    back: "رجوع",
    submit: "إرسال ودفع",
    submitting: "جارٍ الإرسال…",
    errorSummary: "يرجى تصحيح الحقول المحددة.",
    errors: {
      fullName: "أدخل اسمك الكامل",
      emiratesId: "أدخل رقم الهوية الإماراتية بالشكل 784-XXXX-XXXXXXX-X",
      passportNumber: "أدخل رقم جواز سفر من 6 إلى 12 حرفاً ورقماً، أو اتركه فارغاً",
      phoneNumber: "أدخل رقم هاتف يبدأ بـ ‎+971 (أو رمز خليجي آخر مثل ‎+966)",
      email: "أدخل بريداً إلكترونياً صحيحاً، مثل name@example.com",
      tooLong: "هذه القيمة طويلة جداً",
    },
    rateLimited: "أرسلت عدة طلبات في وقت قصير. يرجى المحاولة لاحقاً أو الاتصال بنا.",
    failed: "يرجى المحاولة مرة أخرى أو التواصل مع فريق الدعم",
    addedTitle: "أُضيف الفحص السريع إلى سلتك",
    addedText: "بياناتك محفوظة للطلب. أكمل الدفع لبدء الفحص.",
  };
}

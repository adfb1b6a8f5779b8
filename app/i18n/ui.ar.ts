import { accountStrings } from "./strings/account";
import { cartStrings } from "./strings/cart";
import { chatStrings } from "./strings/chat";
import { inquiryStrings } from "./strings/inquiry";
import { submitStrings } from "./strings/submit";
import type { UiStrings } from "./ui.en";

export const uiAr: UiStrings = {
  site: {
    skipToContent: "انتقل إلى المحتوى الرئيسي",
    tagline: "معلومات قانونية موثوقة في الإمارات ودول الخليج",
    homeLink: "الصفحة الرئيسية",
  },
  nav: {
    primary: "التنقل الرئيسي",
    banChecks: "فحوص الحظر",
    forBusiness: "للشركات",
    startup: "تأسيس الشركات",
    services: "الخدمات",
    askLawyer: "اسأل محامياً",
    about: "من نحن",
    clientLogin: "دخول العملاء",
    dashboard: "لوحة التحكم",
    menu: "القائمة",
    openSubmenu: "عرض روابط {section}",
    links: {
      travelBanCheck: "فحص حظر السفر",
      travelBanAppeal: "التظلم من حظر السفر",
      laborBanCheck: "فحص حظر العمل",
      courtPoliceCaseCheck: "فحص القضايا والبلاغات",
      backgroundChecks: "التحقق من الخلفية",
      backgroundChecksGcc: "التحقق من الخلفية في دول الخليج",
      contractsReview: "مراجعة العقود",
      clientCreditCheck: "فحص الملاءة الائتمانية للعملاء",
      receivableManagement: "إدارة الذمم المدينة",
      employeeCheck: "التحقق من الموظفين",
      companyFormation: "تأسيس الشركات",
      documentAuthentication: "توثيق المستندات",
      legalConsultation: "الاستشارات القانونية",
      complianceAudit: "تدقيق الامتثال",
      technology: "التقنية",
      careers: "الوظائف",
      partners: "الشركاء",
      attorneyNetwork: "شبكة المحامين",
      contact: "اتصل بنا",
      privacyPolicy: "سياسة الخصوصية",
      dataRetentionPolicy: "سياسة الاحتفاظ بالبيانات",
      termsOfService: "شروط الخدمة",
      refundPolicy: "سياسة الاسترداد",
      partnerAgreement: "اتفاقية الشركاء",
    },
  },
  language: {
    switchTo: "English",
    switchLabel: "Read this page in English",
    // Addressed to a reader of the other language, so in English (see ui.en.ts).
    suggestion: "This page is available in English.",
    suggestionLink: "Read it in English",
    suggestionDismiss: "Continue in Arabic",
    suggestionLabel: "Language suggestion",
  },
  footer: {
    services: "الخدمات",
    business: "للشركات",
    company: "الشركة",
    legal: "الشؤون القانونية",
    contact: "تواصل معنا",
    disclaimer:
      "{site} جهة تقدّم المعلومات القانونية وخدمات المستندات، وليست مكتب محاماة ولا خدمة إحالة إلى المحامين، ولا تقدّم استشارات قانونية أو ضريبية. ولا ينشئ استخدام هذا الموقع علاقة بين محامٍ وموكّله.",
    rights: "© {year} {site}. جميع الحقوق محفوظة.",
    hours: "ساعات العمل",
  },
  errors: {
    notFoundTitle: "عذراً! الصفحة غير موجودة",
    notFoundText: "الصفحة التي تبحث عنها غير موجودة أو نُقلت إلى عنوان آخر.",
    backHome: "العودة إلى الرئيسية",
    serverErrorTitle: "حدث خطأ ما",
    serverErrorText: "تعذّر علينا إتمام طلبك. يُرجى المحاولة مرة أخرى بعد قليل.",
    reference: "إذا تكرر ذلك، يُرجى تزويد فريقنا بهذا الرقم المرجعي: {id}",
    unavailableTitle: "الخدمة غير متاحة مؤقتاً",
    unavailableText:
      "نواجه صعوبة في الوصول إلى أنظمتنا. يُرجى المحاولة بعد دقيقة؛ لم يُفقد أي شيء أرسلته قبل ظهور هذه الرسالة.",
  },
  common: {
    close: "إغلاق",
    dismiss: "إخفاء",
    required: "مطلوب",
    optional: "اختياري",
    loading: "جارٍ التحميل…",
    errorSummary: "يُرجى تصحيح الحقول المشار إليها.",
  },
  plans: {
    startingFrom: "ابتداءً من",
    mostPopular: "الأكثر طلباً",
    addToCart: "أضف إلى السلة",
    selectPackage: "اختر الباقة",
    delivery: "مدة التسليم",
    includes: "ما تشمله الباقة",
  },
  page: {
    lastUpdated: "آخر تحديث: {date}",
    contactPhone: "الهاتف",
    contactEmail: "البريد الإلكتروني",
    contactHours: "ساعات العمل",
  },
  seo: {
    home: "الرئيسية",
    social: {
      default: {
        title: "معلومات قانونية موثوقة في الإمارات ودول الخليج",
        subtitle: "فحص حظر السفر · التحقق من الخلفية · مراجعة العقود · تأسيس الشركات",
      },
      "ban-checks": {
        title: "فحص حظر السفر وحظر العمل والقضايا في الإمارات",
        subtitle: "يراجع مختص قانوني كل نتيجة قبل أن تصلك",
      },
      "for-business": {
        title: "التحقق من الخلفية ومراجعة العقود للشركات",
        subtitle: "في الإمارات ودول مجلس التعاون الخليجي الست",
      },
      services: {
        title: "تأسيس الشركات وتوثيق المستندات والاستشارات وتدقيق الامتثال",
        subtitle: "البر الرئيسي والمناطق الحرة والشركات الخارجية، بإشراف مختصين قانونيين",
      },
    },
  },
  account: accountStrings.ar,
  cart: cartStrings.ar,
  inquiry: inquiryStrings.ar,
  chat: chatStrings.ar,
  submit: submitStrings.ar,
};

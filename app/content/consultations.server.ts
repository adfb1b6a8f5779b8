import type { Lang } from "../i18n/lang";

/** The texts of consultation sessions on the order page and the dashboard. */
export const consultationText: Record<Lang, { heading: string; oneSession: string; twoSessions: string; fewSessions: string; manySessions: string; howToBook: string; book: string; order: string }> = {
  en: {
    heading: "Your consultation",
    oneSession: "One consultation session to book",
    twoSessions: "{count} consultation sessions to book",
    fewSessions: "{count} consultation sessions to book",
    manySessions: "{count} consultation sessions to book",
    howToBook:
      "Tell us in this order's conversation which times suit you (Gulf time, Sunday to Thursday office hours) and whether you prefer video, phone or in person; we confirm the session there.",
    book: "Book your consultation",
    order: "Order {id}",
  },
  ar: {
    heading: "استشارتك",
    oneSession: "جلسة استشارية واحدة بانتظار الحجز",
    twoSessions: "جلستان استشاريتان بانتظار الحجز",
    fewSessions: "{count} جلسات استشارية بانتظار الحجز",
    manySessions: "{count} جلسة استشارية بانتظار الحجز",
    howToBook:
      "أخبرنا في محادثة هذا الطلب بالأوقات التي تناسبك (بتوقيت الخليج، خلال ساعات العمل من الأحد إلى الخميس) وهل تفضّل الفيديو أو الهاتف أو اللقاء الحضوري، ونؤكد لك الجلسة هناك.",
    book: "احجز استشارتك",
    order: "الطلب {id}",
  },
};

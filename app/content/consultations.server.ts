import type { Lang } from "../i18n/lang";

/** The texts of consultation sessions on the order page and the dashboard. */
export const consultationText: Record<
  Lang,
  {
    heading: string;
    oneSession: string;
    twoSessions: string;
    fewSessions: string;
    manySessions: string;
    howToBook: string;
    book: string;
    order: string;
  }
> = {
  en: {
    heading: "Your consultation",
    oneSession: "One consultation session to book",
    twoSessions: "{count} consultation sessions to book",
    fewSessions: "{count} consultation sessions to book",
    manySessions: "{count} consultation sessions to book",
    howToBook:
      "Choose video, phone or in person and a time that suits you in the next 14 days (Gulf time, Sunday to Thursday).",
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
      "اختر مكالمة فيديو أو مكالمة هاتفية أو لقاءً حضوريًا، وموعدًا يناسبك خلال الأيام الأربعة عشر القادمة (بتوقيت الخليج، من الأحد إلى الخميس).",
    book: "احجز استشارتك",
    order: "الطلب {id}",
  },
};

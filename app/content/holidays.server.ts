import type { Lang } from "../i18n/lang";
import type { PageMeta } from "../seo/meta";

/** The back office's public-holiday list. */
export const holidaysText: Record<
  Lang,
  {
    meta: PageMeta;
    title: string;
    intro: string;
    add: string;
    day: string;
    nameEn: string;
    nameAr: string;
    submit: string;
    list: string;
    none: string;
    remove: string;
    added: string;
    removed: string;
    duplicate: string;
    invalid: string;
    errors: Record<string, string>;
  }
> = {
  en: {
    meta: { title: "Public holidays", description: "The UAE public holidays the office closes on.", noindex: true },
    title: "UAE public holidays",
    intro:
      "The office is closed on these dates (Gulf time): promised turnarounds do not count them. Add each year's dates as they are announced.",
    add: "Add a holiday",
    day: "Date",
    nameEn: "Name in English",
    nameAr: "Name in Arabic",
    submit: "Add holiday",
    list: "Holidays",
    none: "No holidays on the list yet.",
    remove: "Remove",
    added: "Holiday added",
    removed: "Holiday removed",
    duplicate: "That date is already on the list.",
    invalid: "That holiday is not on the list.",
    errors: {
      day: "Enter a date.",
      nameEn: "Enter the holiday's name in English (up to 100 characters).",
      nameAr: "Enter the holiday's name in Arabic (up to 100 characters).",
    },
  },
  ar: {
    meta: { title: "العطلات الرسمية", description: "العطلات الرسمية في الدولة التي يُغلق فيها المكتب.", noindex: true },
    title: "العطلات الرسمية في الإمارات",
    intro:
      "يُغلق المكتب في هذه التواريخ (بتوقيت الخليج)، فلا تُحتسب في مدد الإنجاز الموعودة. أضف تواريخ كل عام عند الإعلان عنها.",
    add: "إضافة عطلة",
    day: "التاريخ",
    nameEn: "الاسم بالإنجليزية",
    nameAr: "الاسم بالعربية",
    submit: "إضافة العطلة",
    list: "العطلات",
    none: "لا توجد عطلات في القائمة بعد.",
    remove: "حذف",
    added: "أُضيفت العطلة",
    removed: "حُذفت العطلة",
    duplicate: "هذا التاريخ موجود في القائمة.",
    invalid: "هذه العطلة ليست في القائمة.",
    errors: {
      day: "أدخل تاريخاً.",
      nameEn: "أدخل اسم العطلة بالإنجليزية (حتى 100 حرف).",
      nameAr: "أدخل اسم العطلة بالعربية (حتى 100 حرف).",
    },
  },
};

import type { ConsultationMode } from "../../db/schema/consultations";
import type { BookingError } from "../consultations/booking-errors";
import type { Lang } from "../i18n/lang";

/** The texts of booking a consultation session (the order's booking page and its booked sessions). */
export type BookingText = {
  meta: { title: string; description: string; noindex: true };
  title: string;
  back: string;
  length: string;
  gulfNote: string;
  modeLegend: string;
  modes: Record<ConsultationMode, { label: string; hint: string }>;
  showTimes: string;
  changeMode: string;
  zoneLabel: string;
  zoneGulfOnly: string;
  zoneShow: string;
  slotLegend: string;
  gulfTime: string;
  yourTime: string;
  confirm: string;
  noSlots: string;
  nearestTitle: string;
  errorTitle: string;
  errors: Record<Exclude<BookingError, "not-found">, string>;
  booked: string;
  bookedDescription: string;
  sessionTitle: string;
  sessionWhen: string;
  sessionWith: string;
  joinVideo: string;
  addToCalendar: string;
  weCallYou: string;
  atOffice: string;
  reschedule: string;
  rescheduleTitle: string;
  cancel: string;
  cancelled: string;
  rescheduled: string;
  changeUntil: string;
  mail: {
    reminderDaySubject: string;
    reminderHourSubject: string;
    reminder: string;
    rescheduledSubject: string;
    rescheduled: string;
    cancelledSubject: string;
    cancelled: string;
    refundCancelled: string;
    reason: string;
    bookedSubject: string;
    booked: string;
    calendarNote: string;
    when: string;
    how: string;
    link: string;
    with: string;
    orderLink: string;
    summary: string;
  };
};

export const bookingText: Record<Lang, BookingText> = {
  en: {
    meta: {
      title: "Book your consultation",
      description: "Choose how and when to meet your consultant.",
      noindex: true,
    },
    title: "Book your consultation",
    back: "Back to the order",
    length: "A {minutes}-minute session. Times are in Gulf time (GST, UTC+4), Sunday to Thursday.",
    gulfNote: "Gulf time (GST)",
    modeLegend: "How would you like to meet?",
    modes: {
      video: { label: "Video call", hint: "You receive a private meeting link." },
      phone: { label: "Phone call", hint: "We call the number you gave with your order." },
      in_person: { label: "In person", hint: "At our office in Dubai." },
    },
    showTimes: "Show available times",
    changeMode: "Change how we meet",
    zoneLabel: "Also show the times in",
    zoneGulfOnly: "Gulf time only",
    zoneShow: "Show",
    slotLegend: "Choose a time",
    gulfTime: "{time} Gulf time",
    yourTime: "{time} your time",
    confirm: "Book this time",
    noSlots:
      "There is no free time in the next 14 days for this way of meeting. Choose another, or write to us in the order's conversation.",
    nearestTitle: "The nearest free times",
    errorTitle: "The session was not booked",
    errors: {
      taken: "Someone booked that time a moment ago. Choose one of the nearest free times below, or another time.",
      past: "That time has already passed. Choose another time.",
      holiday: "The office is closed that day for a public holiday. Choose another day.",
      unavailable: "That time is not available. Choose one of the times listed.",
      consultant: "That time is not available any more. Choose one of the times listed.",
      "wrong-length": "The session's length has changed since the page was opened. Choose a time again.",
      slot: "Choose a time.",
      mode: "Choose how you would like to meet.",
      "no-credit": "This order has no session left to book.",
      "too-late":
        "A session can be changed or cancelled here until {hours} hours before it starts. Write to us in the order's conversation and we will help.",
      reason: "Say why the session is changed (the client reads it).",
      "not-live": "This session has already been cancelled or held.",
    },
    booked: "Your consultation is booked",
    bookedDescription: "{when}. A confirmation is on its way to your e-mail.",
    sessionTitle: "Your booked session",
    sessionWhen: "{day}, {time} Gulf time ({minutes} minutes)",
    sessionWith: "With {name}",
    joinVideo: "Join the video call",
    addToCalendar: "Add to your calendar (.ics)",
    weCallYou: "We will call you on {phone}.",
    atOffice: "At our office: {address}",
    reschedule: "Change the time",
    rescheduleTitle: "Change the time of your consultation",
    cancel: "Cancel the session",
    cancelled: "The session is cancelled; you can book another time",
    rescheduled: "Your consultation has a new time",
    changeUntil: "You can change or cancel it until {deadline}.",
    mail: {
      reminderDaySubject: "Reminder: your consultation tomorrow, {when}",
      reminderHourSubject: "Reminder: your consultation starts in an hour, {when}",
      reminder: "This is a reminder of your consultation. The details are below.",
      rescheduledSubject: "Your consultation has a new time: {when}",
      rescheduled:
        "Your consultation has a new time. The details are below; the attached invitation updates your calendar.",
      cancelledSubject: "Your consultation is cancelled: {when}",
      cancelled:
        "The session is cancelled and its credit is back on your order: you can book another time from your order page.",
      refundCancelled:
        "Your order was refunded in full, so this session is cancelled. The attached cancellation removes it from your calendar.",
      reason: "Reason",
      bookedSubject: "Your consultation is booked: {when}",
      booked: "Your consultation is booked. The details are below.",
      calendarNote:
        "The attached invitation adds the session to your calendar. You can see it on your order page at any time.",
      when: "When",
      how: "How",
      link: "Link",
      with: "Consultant",
      orderLink: "Open your order",
      summary: "Consultation with {site}",
    },
  },
  ar: {
    meta: { title: "احجز استشارتك", description: "اختر طريقة اللقاء بمستشارك وموعده.", noindex: true },
    title: "احجز استشارتك",
    back: "العودة إلى الطلب",
    length: "جلسة مدتها {minutes} دقيقة. المواعيد بتوقيت الخليج (UTC+4)، من الأحد إلى الخميس.",
    gulfNote: "بتوقيت الخليج",
    modeLegend: "كيف تفضّل أن نلتقي؟",
    modes: {
      video: { label: "مكالمة فيديو", hint: "يصلك رابط خاص بالاجتماع." },
      phone: { label: "مكالمة هاتفية", hint: "نتصل بك على الرقم الذي أدخلته مع طلبك." },
      in_person: { label: "لقاء حضوري", hint: "في مكتبنا في دبي." },
    },
    showTimes: "اعرض المواعيد المتاحة",
    changeMode: "غيّر طريقة اللقاء",
    zoneLabel: "اعرض المواعيد أيضًا بتوقيت",
    zoneGulfOnly: "بتوقيت الخليج فقط",
    zoneShow: "اعرض",
    slotLegend: "اختر موعدًا",
    gulfTime: "{time} بتوقيت الخليج",
    yourTime: "{time} بتوقيتك",
    confirm: "احجز هذا الموعد",
    noSlots:
      "لا توجد مواعيد متاحة خلال الأيام الأربعة عشر القادمة لطريقة اللقاء هذه. اختر طريقة أخرى، أو راسلنا في محادثة الطلب.",
    nearestTitle: "أقرب المواعيد المتاحة",
    errorTitle: "لم يتم حجز الجلسة",
    errors: {
      taken: "حجز شخص آخر هذا الموعد قبل لحظات. اختر أحد أقرب المواعيد المتاحة أدناه أو موعدًا آخر.",
      past: "مضى هذا الموعد. اختر موعدًا آخر.",
      holiday: "المكتب مغلق في ذلك اليوم لعطلة رسمية. اختر يومًا آخر.",
      unavailable: "هذا الموعد غير متاح. اختر أحد المواعيد المعروضة.",
      consultant: "لم يعد هذا الموعد متاحًا. اختر أحد المواعيد المعروضة.",
      "wrong-length": "تغيّرت مدة الجلسة منذ فتح الصفحة. اختر الموعد من جديد.",
      slot: "اختر موعدًا.",
      mode: "اختر طريقة اللقاء.",
      "no-credit": "لم تعد في هذا الطلب جلسة متبقية للحجز.",
      "too-late":
        "يمكن تغيير موعد الجلسة أو إلغاؤها من هنا حتى {hours} ساعة قبل بدايتها. راسلنا في محادثة الطلب وسنساعدك.",
      reason: "اذكر سبب تغيير الجلسة (سيطّلع عليه العميل).",
      "not-live": "أُلغيت هذه الجلسة أو عُقدت من قبل.",
    },
    booked: "تم حجز استشارتك",
    bookedDescription: "{when}. أرسلنا إليك تأكيدًا بالبريد الإلكتروني.",
    sessionTitle: "جلستك المحجوزة",
    sessionWhen: "{day}، الساعة {time} بتوقيت الخليج ({minutes} دقيقة)",
    sessionWith: "مع {name}",
    joinVideo: "انضم إلى مكالمة الفيديو",
    addToCalendar: "أضف الموعد إلى تقويمك (ملف ics)",
    weCallYou: "سنتصل بك على الرقم {phone}.",
    atOffice: "في مكتبنا: {address}",
    reschedule: "غيّر الموعد",
    rescheduleTitle: "غيّر موعد استشارتك",
    cancel: "ألغِ الجلسة",
    cancelled: "أُلغيت الجلسة، ويمكنك حجز موعد آخر",
    rescheduled: "لاستشارتك موعد جديد",
    changeUntil: "يمكنك تغيير الموعد أو إلغاؤه حتى {deadline}.",
    mail: {
      reminderDaySubject: "تذكير: استشارتك غدًا، {when}",
      reminderHourSubject: "تذكير: تبدأ استشارتك بعد ساعة، {when}",
      reminder: "نذكّرك بموعد استشارتك، وتجد تفاصيلها أدناه.",
      rescheduledSubject: "موعد جديد لاستشارتك: {when}",
      rescheduled: "لاستشارتك موعد جديد، وتجد تفاصيله أدناه. تحدّث الدعوة المرفقة موعدك في تقويمك.",
      cancelledSubject: "أُلغيت استشارتك: {when}",
      cancelled: "أُلغيت الجلسة وعاد رصيدها إلى طلبك، ويمكنك حجز موعد آخر من صفحة طلبك.",
      refundCancelled:
        "رُدّ إليك المبلغ الذي دفعته عن طلبك كاملاً، ولذلك أُلغيت هذه الجلسة. ويزيلها الإلغاء المرفق من تقويمك.",
      reason: "السبب",
      bookedSubject: "تم حجز استشارتك: {when}",
      booked: "تم حجز استشارتك، وتجد تفاصيلها أدناه.",
      calendarNote: "تضيف الدعوة المرفقة الجلسة إلى تقويمك، ويمكنك الاطلاع عليها في صفحة طلبك في أي وقت.",
      when: "الموعد",
      how: "طريقة اللقاء",
      link: "الرابط",
      with: "المستشار",
      orderLink: "افتح طلبك",
      summary: "استشارة مع {site}",
    },
  },
};

import type { AgendaError } from "../consultations/agenda.server";
import type { Lang } from "../i18n/lang";
import type { PageMeta } from "../seo/meta";

/** "My agenda" in the back office: a consultant's sessions of today and the week. */
export type AgendaText = {
  meta: PageMeta;
  title: string;
  intro: string;
  introAdmin: string;
  zoneNote: string;
  today: string;
  week: string;
  none: string;
  noneToday: string;
  time: string;
  client: string;
  order: string;
  mode: string;
  notes: string;
  consultant: string;
  state: Record<"booked" | "held" | "missed", string>;
  markHeld: string;
  markMissed: string;
  marked: string;
  change: string;
  reason: string;
  reasonHint: string;
  newTime: string;
  newTimeHint: string;
  reschedule: string;
  cancel: string;
  rescheduled: string;
  cancelled: string;
  failed: string;
  errors: Record<AgendaError, string>;
  feed: {
    title: string;
    none: string;
    active: string;
    create: string;
    renew: string;
    revoke: string;
    revoked: string;
    once: string;
    address: string;
  };
};

export const agendaText: Record<Lang, AgendaText> = {
  en: {
    meta: { title: "My agenda", description: "Your consultation sessions of today and this week.", noindex: true },
    title: "My agenda",
    intro: "Your consultation sessions of today and the next six days.",
    introAdmin: "Every consultant's sessions of today and the next six days.",
    zoneNote: "All times are Gulf time (UTC+4, Asia/Dubai).",
    today: "Today",
    week: "Later this week",
    none: "No sessions booked for the rest of the week.",
    noneToday: "No sessions today.",
    time: "Time (Gulf time)",
    client: "Client",
    order: "Order",
    mode: "Mode",
    notes: "Notes",
    consultant: "Consultant",
    state: { booked: "Booked", held: "Held", missed: "Missed" },
    markHeld: "Mark held",
    markMissed: "Mark missed",
    marked: "The session is marked.",
    change: "Reschedule or cancel",
    reason: "Reason (the client reads it)",
    reasonHint: "Between 3 and 500 characters.",
    newTime: "New time (Gulf time)",
    newTimeHint: "Needed only to reschedule; the session keeps its length and consultant.",
    reschedule: "Reschedule",
    cancel: "Cancel the session",
    rescheduled: "The session is moved and the client has been mailed an updated invite.",
    cancelled: "The session is cancelled and the client has been mailed; their credit is back.",
    failed: "Nothing was changed.",
    errors: {
      "not-found": "This session is not in your agenda.",
      "not-started": "A session can be marked only once it has started.",
      outcome: "Choose held or missed.",
      "not-live": "This session was already cancelled or marked.",
      reason: "Give a reason of 3 to 500 characters; the client reads it.",
      slot: "Enter the new time as a date and time, such as 2026-12-09 10:00.",
      past: "That time has already passed.",
      holiday: "The office is closed that day for a public holiday.",
      unavailable: "That time is outside the consultant's hours or on a day off.",
      consultant: "The consultant does not take sessions in this mode.",
      "wrong-length": "The session does not fit at that time.",
      taken: "The consultant already has a session at that time.",
      mode: "The consultant does not take sessions in this mode.",
      "no-credit": "The order has no session left.",
      "too-late": "It is too late to change this session.",
    },
    feed: {
      title: "Calendar feed",
      none: "Subscribe to your sessions from your calendar app with a private address. You have none yet.",
      active:
        "Your private calendar address works. Renew it if it may have been seen by someone else; revoke it to stop it.",
      create: "Create my calendar address",
      renew: "Renew the address",
      revoke: "Revoke the address",
      revoked: "The calendar address no longer works.",
      once: "Copy this address into your calendar app now: it is shown only once. Anyone with it can read your sessions.",
      address: "Your private calendar address",
    },
  },
  ar: {
    meta: { title: "مواعيدي", description: "جلسات الاستشارة الخاصة بك اليوم وخلال هذا الأسبوع.", noindex: true },
    title: "مواعيدي",
    intro: "جلسات الاستشارة الخاصة بك اليوم وخلال الأيام الستة التالية.",
    introAdmin: "جلسات جميع المستشارين اليوم وخلال الأيام الستة التالية.",
    zoneNote: "جميع الأوقات بتوقيت الخليج (UTC+4، آسيا/دبي).",
    today: "اليوم",
    week: "بقية الأسبوع",
    none: "لا توجد جلسات محجوزة لبقية الأسبوع.",
    noneToday: "لا توجد جلسات اليوم.",
    time: "الوقت (بتوقيت الخليج)",
    client: "العميل",
    order: "الطلب",
    mode: "طريقة الجلسة",
    notes: "ملاحظات",
    consultant: "المستشار",
    state: { booked: "محجوزة", held: "عُقدت", missed: "فائتة" },
    markHeld: "تسجيل أنها عُقدت",
    markMissed: "تسجيل أنها فاتت",
    marked: "تم تسجيل حالة الجلسة.",
    change: "تغيير الموعد أو الإلغاء",
    reason: "السبب (يطّلع عليه العميل)",
    reasonHint: "من 3 إلى 500 حرف.",
    newTime: "الموعد الجديد (بتوقيت الخليج)",
    newTimeHint: "مطلوب لتغيير الموعد فقط؛ تحتفظ الجلسة بمدتها وبمستشارها.",
    reschedule: "تغيير الموعد",
    cancel: "إلغاء الجلسة",
    rescheduled: "تم نقل الجلسة وأُرسلت إلى العميل دعوة محدّثة بالبريد.",
    cancelled: "تم إلغاء الجلسة وإبلاغ العميل بالبريد، وأُعيد إليه رصيد الجلسة.",
    failed: "لم يتغير شيء.",
    errors: {
      "not-found": "هذه الجلسة ليست ضمن مواعيدك.",
      "not-started": "لا يمكن تسجيل حالة الجلسة إلا بعد بدئها.",
      outcome: "اختر «عُقدت» أو «فاتت».",
      "not-live": "هذه الجلسة أُلغيت أو سُجّلت حالتها من قبل.",
      reason: "اكتب سببًا من 3 إلى 500 حرف؛ سيطّلع عليه العميل.",
      slot: "أدخل الموعد الجديد تاريخًا ووقتًا، مثل 2026-12-09 10:00.",
      past: "هذا الوقت قد مضى.",
      holiday: "المكتب مغلق في ذلك اليوم بسبب عطلة رسمية.",
      unavailable: "هذا الوقت خارج ساعات عمل المستشار أو في يوم إجازته.",
      consultant: "المستشار لا يقدّم الجلسات بهذه الطريقة.",
      "wrong-length": "لا تتسع الجلسة في هذا الوقت.",
      taken: "لدى المستشار جلسة أخرى في هذا الوقت.",
      mode: "المستشار لا يقدّم الجلسات بهذه الطريقة.",
      "no-credit": "لم يعد في الطلب رصيد جلسات.",
      "too-late": "فات أوان تغيير هذه الجلسة.",
    },
    feed: {
      title: "رابط التقويم",
      none: "اشترك في جلساتك من تطبيق التقويم عبر رابط خاص. لم تُنشئ رابطًا بعد.",
      active: "رابط تقويمك الخاص يعمل. جدّده إن كان قد اطّلع عليه غيرك، أو ألغِه لإيقافه.",
      create: "إنشاء رابط تقويمي",
      renew: "تجديد الرابط",
      revoke: "إلغاء الرابط",
      revoked: "لم يعد رابط التقويم يعمل.",
      once: "انسخ هذا الرابط إلى تطبيق التقويم الآن، فلن يُعرض مرة أخرى. يستطيع كل من يملكه الاطلاع على جلساتك.",
      address: "رابط تقويمك الخاص",
    },
  },
};

/** The admins' list of every booking. */
export type BookingsListText = {
  meta: PageMeta;
  title: string;
  intro: string;
  consultant: string;
  anyConsultant: string;
  from: string;
  to: string;
  state: string;
  anyState: string;
  states: Record<"booked" | "held" | "missed" | "cancelled", string>;
  show: string;
  none: string;
  count: string;
  more: string;
  columns: { when: string; consultant: string; client: string; mode: string; state: string; order: string };
  errors: Record<string, string>;
};

export const bookingsListText: Record<Lang, BookingsListText> = {
  en: {
    meta: {
      title: "Consultation bookings",
      description: "Every consultation session booked, by consultant, date and state.",
      noindex: true,
    },
    title: "Consultation bookings",
    intro: "Every session booked, filtered by consultant, dates (Gulf time, both days included) and state.",
    consultant: "Consultant",
    anyConsultant: "Every consultant",
    from: "From",
    to: "To",
    state: "State",
    anyState: "Every state",
    states: { booked: "Booked", held: "Held", missed: "Missed", cancelled: "Cancelled" },
    show: "Show",
    none: "No sessions match.",
    count: "{count} sessions",
    more: "Only the first {count} sessions are shown: narrow the dates or choose a consultant.",
    columns: {
      when: "When (Gulf time)",
      consultant: "Consultant",
      client: "Client",
      mode: "Mode",
      state: "State",
      order: "Order",
    },
    errors: {
      consultant: "Choose a consultant from the list.",
      from: "Enter the first day as a date, such as 2026-12-01.",
      to: "Enter the last day as a date, such as 2026-12-31.",
      order: "The last day must not be before the first day.",
      span: "Choose a period of at most 92 days.",
      state: "Choose a state from the list.",
    },
  },
  ar: {
    meta: {
      title: "حجوزات الاستشارات",
      description: "جميع جلسات الاستشارة المحجوزة حسب المستشار والتاريخ والحالة.",
      noindex: true,
    },
    title: "حجوزات الاستشارات",
    intro: "جميع الجلسات المحجوزة، مع التصفية حسب المستشار والتواريخ (بتوقيت الخليج، مع احتساب اليومين) والحالة.",
    consultant: "المستشار",
    anyConsultant: "جميع المستشارين",
    from: "من",
    to: "إلى",
    state: "الحالة",
    anyState: "جميع الحالات",
    states: { booked: "محجوزة", held: "عُقدت", missed: "فائتة", cancelled: "ملغاة" },
    show: "عرض",
    none: "لا توجد جلسات مطابقة.",
    count: "{count} جلسة",
    more: "تُعرض أول {count} جلسة فقط: ضيّق نطاق التواريخ أو اختر مستشارًا.",
    columns: {
      when: "الموعد (بتوقيت الخليج)",
      consultant: "المستشار",
      client: "العميل",
      mode: "الطريقة",
      state: "الحالة",
      order: "الطلب",
    },
    errors: {
      consultant: "اختر مستشارًا من القائمة.",
      from: "أدخل اليوم الأول تاريخًا، مثل 2026-12-01.",
      to: "أدخل اليوم الأخير تاريخًا، مثل 2026-12-31.",
      order: "يجب ألا يسبق اليوم الأخير اليوم الأول.",
      span: "اختر فترة لا تتجاوز 92 يومًا.",
      state: "اختر حالة من القائمة.",
    },
  },
};

/** The admins' page of a consultant's hours, days off and modes. */
export type ConsultantSettingsText = {
  meta: PageMeta;
  title: string;
  intro: string;
  choose: string;
  open: string;
  settings: string;
  consults: string;
  modes: string;
  weekdays: string[];
  hoursLegend: string;
  hoursHint: string;
  stretch: string;
  start: string;
  end: string;
  videoUrl: string;
  videoUrlHint: string;
  save: string;
  saved: string;
  daysOff: string;
  noDaysOff: string;
  addDayOff: string;
  day: string;
  add: string;
  remove: string;
  dayAdded: string;
  dayRemoved: string;
  dayInvalid: string;
  errors: Record<string, string>;
};

export const consultantSettingsText: Record<Lang, ConsultantSettingsText> = {
  en: {
    meta: { title: "Consultants", description: "Consultants' weekly hours, days off and modes.", noindex: true },
    title: "Consultants",
    intro:
      "Every member of staff and admin consults, with the office's opening hours and in every mode, until you change it here. Hours are Gulf time (UTC+4).",
    choose: "Consultant",
    open: "Open",
    settings: "Hours and modes",
    consults: "Takes consultation sessions",
    modes: "Modes offered",
    weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    hoursLegend: "Weekly hours (Gulf time)",
    hoursHint:
      "Up to three stretches a day, such as 09:00–13:00 and 14:00–18:00; empty rows are ignored, and a day with none has no sessions. Until 00:00 means until midnight.",
    stretch: "stretch {n}",
    start: "From",
    end: "Until",
    videoUrl: "Own video meeting link (optional)",
    videoUrlHint: "An https address; without it each session gets its own room.",
    save: "Save",
    saved: "The consultant's hours and modes are saved.",
    daysOff: "Days off",
    noDaysOff: "No days off ahead.",
    addDayOff: "Add a day off",
    day: "Day",
    add: "Add",
    remove: "Remove",
    dayAdded: "The day off is added.",
    dayRemoved: "The day off is removed.",
    dayInvalid: "Enter a date from today on, such as 2026-12-24.",
    errors: {
      time: "Enter a time such as 09:00 (24-hour clock).",
      pair: "Enter both times, or neither on a day without sessions.",
      order: "The end must be after the start.",
      overlap: "This stretch overlaps another one on the same day.",
      modes: "Choose at least one mode.",
      videoUrl: "Enter an https address, or leave it empty.",
    },
  },
  ar: {
    meta: {
      title: "المستشارون",
      description: "ساعات عمل المستشارين الأسبوعية وأيام إجازاتهم وطرق الجلسات.",
      noindex: true,
    },
    title: "المستشارون",
    intro:
      "يقدّم كل موظف ومسؤول الاستشارات خلال ساعات عمل المكتب وبجميع الطرق، إلى أن تغيّر ذلك هنا. الساعات بتوقيت الخليج (UTC+4).",
    choose: "المستشار",
    open: "فتح",
    settings: "الساعات والطرق",
    consults: "يستقبل جلسات الاستشارة",
    modes: "الطرق المتاحة",
    weekdays: ["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"],
    hoursLegend: "ساعات العمل الأسبوعية (بتوقيت الخليج)",
    hoursHint:
      "حتى ثلاث فترات في اليوم، مثل 09:00–13:00 و14:00–18:00؛ وتُهمَل الصفوف الفارغة، واليوم الذي لا فترة فيه لا جلسات فيه. و«إلى 00:00» تعني حتى منتصف الليل.",
    stretch: "الفترة {n}",
    start: "من",
    end: "إلى",
    videoUrl: "رابط اجتماع الفيديو الخاص (اختياري)",
    videoUrlHint: "عنوان يبدأ بـ https؛ وبدونه تحصل كل جلسة على غرفة خاصة بها.",
    save: "حفظ",
    saved: "تم حفظ ساعات المستشار وطرق جلساته.",
    daysOff: "أيام الإجازة",
    noDaysOff: "لا توجد أيام إجازة قادمة.",
    addDayOff: "إضافة يوم إجازة",
    day: "اليوم",
    add: "إضافة",
    remove: "حذف",
    dayAdded: "تمت إضافة يوم الإجازة.",
    dayRemoved: "تم حذف يوم الإجازة.",
    dayInvalid: "أدخل تاريخًا من اليوم فصاعدًا، مثل 2026-12-24.",
    errors: {
      time: "أدخل وقتًا مثل 09:00 (بنظام 24 ساعة).",
      pair: "أدخل الوقتين معًا، أو اتركهما فارغين في اليوم الذي لا جلسات فيه.",
      order: "يجب أن يكون وقت الانتهاء بعد وقت البدء.",
      overlap: "تتداخل هذه الفترة مع فترة أخرى في اليوم نفسه.",
      modes: "اختر طريقة واحدة على الأقل.",
      videoUrl: "أدخل عنوانًا يبدأ بـ https، أو اتركه فارغًا.",
    },
  },
};

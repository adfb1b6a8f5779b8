import type { Lang } from "../i18n/lang";

/** The e-mails a client receives when staff complete or cancel an order, in the order's language. */
export const orderMailText: Record<
  Lang,
  {
    greeting: string;
    orderLabel: string;
    serviceLabel: string;
    amountLabel: string;
    action: string;
    completed: { subject: string; body: string };
    cancelled: { subject: string; body: string };
    expired: { subject: string; body: string };
    refund: {
      subject: string;
      body: string;
      bodyManual: string;
      reason: string;
      creditNote: string;
      amountLabel: string;
      creditNoteLabel: string;
    };
  }
> = {
  en: {
    greeting: "Dear {name},",
    orderLabel: "Order",
    serviceLabel: "Service",
    amountLabel: "Amount",
    action: "View your order",
    completed: {
      subject: "Your order {id} is completed",
      body: "Good news: your {service} order is completed. When a report is attached, you can download it from your dashboard.",
    },
    cancelled: {
      subject: "Your order {id} was cancelled",
      body: "Your {service} order was cancelled. If you did not expect this or have questions, reply to this e-mail or call us.",
    },
    expired: {
      subject: "Your unpaid order {id} has expired",
      body: "Your {service} order was not paid within {hours} hours, so we have cancelled it. Nothing was charged. You are welcome to place it again at any time.",
    },
    refund: {
      subject: "Refund of {amount} for order {id}",
      body: "We have refunded {amount} for your order {id}. It goes back to the card you paid with; depending on your bank it can take 5 to 10 working days to appear.",
      bodyManual:
        "We have refunded {amount} for your order {id}. It was returned to you directly (for example by bank transfer) rather than to the card you paid with.",
      reason: "Reason: {reason}",
      creditNote: "Your tax credit note {number} is attached.",
      amountLabel: "Refunded",
      creditNoteLabel: "Tax credit note",
    },
  },
  ar: {
    greeting: "مرحباً {name}،",
    orderLabel: "الطلب",
    serviceLabel: "الخدمة",
    amountLabel: "المبلغ",
    action: "عرض طلبك",
    completed: {
      subject: "اكتمل طلبك {id}",
      body: "يسعدنا إبلاغك بأن طلب {service} قد اكتمل. وإن أُرفق به تقرير، فيمكنك تنزيله من لوحة التحكم الخاصة بك.",
    },
    cancelled: {
      subject: "تم إلغاء طلبك {id}",
      body: "تم إلغاء طلب {service}. إذا لم تكن تتوقع ذلك أو لديك أي استفسار، يُرجى الرد على هذه الرسالة أو الاتصال بنا.",
    },
    expired: {
      subject: "انتهت صلاحية طلبك غير المدفوع {id}",
      body: "لم يُدفع طلب {service} خلال {hours} ساعة، لذلك ألغيناه. لم يُخصم أي مبلغ. يسعدنا أن تطلبه مجدداً في أي وقت.",
    },
    refund: {
      subject: "استرداد مبلغ {amount} للطلب {id}",
      body: "أعدنا إليك مبلغ {amount} عن طلبك {id}. يُعاد المبلغ إلى البطاقة التي دفعت بها، وقد يستغرق ظهوره من 5 إلى 10 أيام عمل بحسب مصرفك.",
      bodyManual:
        "أعدنا إليك مبلغ {amount} عن طلبك {id}. أُعيد إليك المبلغ مباشرةً (بتحويل مصرفي مثلاً) لا إلى البطاقة التي دفعت بها.",
      reason: "السبب: {reason}",
      creditNote: "مرفق إشعارك الدائن الضريبي رقم {number}.",
      amountLabel: "المبلغ المسترد",
      creditNoteLabel: "الإشعار الدائن الضريبي",
    },
  },
};

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
  },
  ar: {
    greeting: "عزيزي/عزيزتي {name}،",
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
  },
};

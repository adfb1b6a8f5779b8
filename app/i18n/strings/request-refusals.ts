/**
 * The pages the server answers itself, before any route runs (app/http/plain-page.server.ts): a
 * refused or malformed request, a body over its limit, an error outside the application. In English
 * and Arabic; the Arabic object has the English one's type.
 */
const en = {
  backHome: "Return to the home page",
  crossSite: {
    title: "Request refused",
    text: "This form was sent from another site, so we did not accept it. Please go back to our page and try again.",
  },
  missingToken: {
    title: "Please send the form again",
    text: "We could not confirm that this form came from our site (its page may be old, or cookies may be switched off). Please go back, reload the page and send the form again.",
  },
  confirmForm: {
    title: "Confirm sending the form",
    text: "Your browser did not tell us which site this form came from. If you filled it in on our site, press Send to confirm; nothing has been sent yet.",
    button: "Send",
  },
  tooLarge: {
    title: "Too much data",
    text: "What you sent is larger than this form accepts. Please shorten it (or send smaller files) and try again.",
  },
  badRequest: {
    title: "Bad request",
    text: "This address contains characters our site does not use. Please check the link or start from the home page.",
  },
  unavailable: {
    title: "Service temporarily unavailable",
    text: "We are having trouble reaching our systems. Please try again in a minute.",
  },
  serverError: {
    title: "Something went wrong",
    text: "Please try again in a moment. If it keeps happening, quote this reference to our team: {id}",
  },
};

export type RequestRefusalStrings = typeof en;

const ar: RequestRefusalStrings = {
  backHome: "العودة إلى الصفحة الرئيسية",
  crossSite: {
    title: "تم رفض الطلب",
    text: "أُرسل هذا النموذج من موقع آخر، لذلك لم نقبله. يُرجى العودة إلى صفحتنا والمحاولة مرة أخرى.",
  },
  missingToken: {
    title: "يُرجى إرسال النموذج مرة أخرى",
    text: "تعذّر علينا التأكد من أن هذا النموذج أُرسل من موقعنا (ربما تكون الصفحة قديمة أو ملفات تعريف الارتباط معطّلة). يُرجى العودة وإعادة تحميل الصفحة ثم إرسال النموذج مرة أخرى.",
  },
  confirmForm: {
    title: "تأكيد إرسال النموذج",
    text: "لم يُبلغنا متصفحك بالموقع الذي أُرسل منه هذا النموذج. إذا كنت قد عبّأته على موقعنا، فاضغط «إرسال» للتأكيد؛ لم يُرسَل شيء حتى الآن.",
    button: "إرسال",
  },
  tooLarge: {
    title: "البيانات كبيرة جداً",
    text: "ما أرسلته أكبر مما يقبله هذا النموذج. يُرجى اختصاره (أو إرسال ملفات أصغر) والمحاولة مرة أخرى.",
  },
  badRequest: {
    title: "طلب غير صالح",
    text: "يحتوي هذا العنوان على أحرف لا يستخدمها موقعنا. يُرجى التحقق من الرابط أو البدء من الصفحة الرئيسية.",
  },
  unavailable: { title: "الخدمة غير متاحة مؤقتاً", text: "نواجه صعوبة في الوصول إلى أنظمتنا. يُرجى المحاولة بعد دقيقة." },
  serverError: {
    title: "حدث خطأ ما",
    text: "يُرجى المحاولة مرة أخرى بعد قليل. إذا تكرر ذلك، يُرجى تزويد فريقنا بهذا الرقم المرجعي: {id}",
  },
};

export const requestRefusalStrings = { en, ar };

/**
 * Strings of the resilient submit path (every enhanced form, app/forms/submission.ts) and of the
 * page shown when the connection fails during a navigation. The title and text are the spec's
 * 'Submission Failed' notice; the Arabic object has the English one's type.
 */
const en = {
  failedTitle: "Submission Failed",
  failedText: "Please try again or contact our support team",
  networkDetail: "The connection dropped before your request reached us. What you entered is still here.",
  timeoutDetail: "We did not hear back in time. What you entered is still here; trying again never sends it twice.",
  retry: "Try again",
  connectionTitle: "Connection lost",
  connectionText: "The page could not be loaded because the connection dropped. Check your connection and try again.",
  connectionRetry: "Try again",
};

export type SubmitStrings = typeof en;

const ar: SubmitStrings = {
  failedTitle: "تعذّر الإرسال",
  failedText: "يرجى المحاولة مرة أخرى أو التواصل مع فريق الدعم",
  networkDetail: "انقطع الاتصال قبل أن يصلنا طلبك. ما أدخلته لا يزال هنا.",
  timeoutDetail: "لم يصلنا رد في الوقت المناسب. ما أدخلته لا يزال هنا، وإعادة المحاولة لا ترسله مرتين أبداً.",
  retry: "حاول مرة أخرى",
  connectionTitle: "انقطع الاتصال",
  connectionText: "تعذّر تحميل الصفحة لأن الاتصال انقطع. تحقّق من اتصالك وحاول مرة أخرى.",
  connectionRetry: "حاول مرة أخرى",
};

export const submitStrings = { en, ar };

import { getEnv, siteName } from "../env.server";
import { localizePath, type Lang } from "../i18n/lang";
import { renderEmail } from "../mail/layout.server";

/** An absolute link to a site path in a language, for e-mails. */
export function siteLink(lang: Lang, path: string) {
  return getEnv().SITE_URL + localizePath(lang, path);
}

const greet: Record<Lang, (name: string | null) => string> = {
  en: (name) => (name ? `Dear ${name},` : "Hello,"),
  ar: (name) => (name ? `مرحباً ${name}،` : "مرحباً،"),
};

const texts = {
  en: {
    verify: (site: string) => ({
      subject: `Confirm your email address for ${site}`,
      paragraphs: [
        `Thank you for creating your client account with ${site}. Please confirm your email address to complete your registration.`,
        "The link is valid for 24 hours and can be used once. If you did not create this account, you can ignore this e-mail.",
      ],
      action: "Verify my email address",
    }),
    exists: (site: string) => ({
      subject: `Someone tried to register with your email address at ${site}`,
      paragraphs: [
        `Someone (perhaps you) tried to create a new ${site} account with this email address. You already have an account, so no new account was created.`,
        "If it was you, sign in with your existing password, or reset it if you have forgotten it. If it was not you, you can ignore this e-mail: your account is unchanged.",
      ],
      action: "Reset my password",
    }),
    reset: (site: string) => ({
      subject: `Reset your ${site} password`,
      paragraphs: [
        "We received a request to reset the password of your client account. Choose a new password with the link below.",
        "The link is valid for 1 hour and can be used once. If you did not ask for this, ignore this e-mail: your password stays as it is.",
      ],
      action: "Choose a new password",
    }),
    changed: (site: string) => ({
      subject: `Your ${site} password was changed`,
      paragraphs: [
        "The password of your client account was just changed, and every other signed-in device was signed out.",
        "If you did not do this, reset your password now and contact our support team.",
      ],
      action: "Reset my password",
    }),
  },
  ar: {
    verify: (site: string) => ({
      subject: `أكّد بريدك الإلكتروني لدى ${site}`,
      paragraphs: [
        `شكراً لإنشائك حساب عميل لدى ${site}. يرجى تأكيد بريدك الإلكتروني لإكمال التسجيل.`,
        "الرابط صالح لمدة 24 ساعة ويُستخدم مرة واحدة. إذا لم تنشئ هذا الحساب فيمكنك تجاهل هذه الرسالة.",
      ],
      action: "تأكيد بريدي الإلكتروني",
    }),
    exists: (site: string) => ({
      subject: `محاولة تسجيل ببريدك الإلكتروني لدى ${site}`,
      paragraphs: [
        `حاول شخص (ربما أنت) إنشاء حساب جديد لدى ${site} بهذا البريد الإلكتروني. لديك حساب بالفعل، لذلك لم يُنشأ حساب جديد.`,
        "إذا كنت أنت، فسجّل الدخول بكلمة مرورك الحالية أو أعد تعيينها إن نسيتها. وإن لم تكن أنت، فتجاهل هذه الرسالة: حسابك لم يتغيّر.",
      ],
      action: "إعادة تعيين كلمة المرور",
    }),
    reset: (site: string) => ({
      subject: `إعادة تعيين كلمة المرور لدى ${site}`,
      paragraphs: [
        "تلقّينا طلباً لإعادة تعيين كلمة مرور حسابك. اختر كلمة مرور جديدة عبر الرابط أدناه.",
        "الرابط صالح لمدة ساعة واحدة ويُستخدم مرة واحدة. إذا لم تطلب ذلك فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.",
      ],
      action: "اختيار كلمة مرور جديدة",
    }),
    changed: (site: string) => ({
      subject: `تم تغيير كلمة المرور لدى ${site}`,
      paragraphs: [
        "تم للتوّ تغيير كلمة مرور حسابك، وسُجّل الخروج من جميع الأجهزة الأخرى.",
        "إذا لم تقم بذلك، فأعد تعيين كلمة المرور الآن وتواصل مع فريق الدعم.",
      ],
      action: "إعادة تعيين كلمة المرور",
    }),
  },
} satisfies Record<Lang, Record<string, (site: string) => { subject: string; paragraphs: string[]; action: string }>>;

export type AccountMailKind = "verify-email" | "account-exists" | "reset-password" | "password-changed";

const textKey = {
  "verify-email": "verify",
  "account-exists": "exists",
  "reset-password": "reset",
  "password-changed": "changed",
} as const;

/** One of the account e-mails in the recipient's language, ready for queueMail. */
export function accountMail(
  kind: AccountMailKind,
  { to, name, lang, url }: { to: string; name: string | null; lang: Lang; url: string },
) {
  const text = texts[lang][textKey[kind]](siteName(lang));
  return {
    to,
    kind,
    ...renderEmail(
      {
        subject: text.subject,
        greeting: greet[lang](name),
        paragraphs: text.paragraphs,
        action: { label: text.action, url },
      },
      lang,
    ),
  };
}

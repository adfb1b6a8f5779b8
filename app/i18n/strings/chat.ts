/**
 * Strings of the chat feature shown in the site shell (every page), in English and Arabic. The
 * Arabic object has the English one's type: a missing key is a type error.
 */
const en = {
  open: "Chat with a legal expert",
  title: "Legal Expert Chat",
  close: "Close chat",
  welcome:
    "Hello! I can answer common questions about travel bans, background checks, contracts and company formation. How can I help?",
  quickTitle: "Quick questions",
  quick: [
    "How do I check if I have a travel ban?",
    "How much does a background check cost?",
    "How can I lift a travel ban?",
    "Can I speak to a legal expert?",
  ],
  label: "Your message",
  placeholder: "Type your message...",
  send: "Send",
  typing: "Legal expert is typing…",
  you: "You",
  bot: "Legal expert",
  note: "Automatic answers from our knowledge base, not legal advice. For your case, send an inquiry or ask a lawyer.",
  tooLong: "Please keep your message under 500 characters.",
  rateLimited: "You have sent many messages. Please try again later or contact us.",
  failed: "The chat is not available right now. Please try again or contact our support team.",
  backToSite: "Back to the site",
};

export type ChatStrings = typeof en;

const ar: ChatStrings = {
  open: "تحدّث إلى خبير قانوني",
  title: "محادثة الخبير القانوني",
  close: "إغلاق المحادثة",
  welcome: "مرحباً! أجيب عن الأسئلة الشائعة حول حظر السفر والتحقق من الخلفية والعقود وتأسيس الشركات. كيف أساعدك؟",
  quickTitle: "أسئلة سريعة",
  quick: [
    "كيف أتحقق من وجود حظر سفر؟",
    "كم تكلفة التحقق من الخلفية؟",
    "كيف أرفع حظر السفر؟",
    "هل يمكنني التحدث إلى خبير قانوني؟",
  ],
  label: "رسالتك",
  placeholder: "اكتب رسالتك…",
  send: "إرسال",
  typing: "الخبير القانوني يكتب…",
  you: "أنت",
  bot: "الخبير القانوني",
  note: "إجابات آلية من قاعدة معارفنا وليست استشارة قانونية. لحالتك الخاصة أرسل استفساراً أو اسأل محامياً.",
  tooLong: "يرجى ألا تتجاوز رسالتك 500 حرف.",
  rateLimited: "أرسلت رسائل كثيرة. يرجى المحاولة لاحقاً أو التواصل معنا.",
  failed: "المحادثة غير متاحة الآن. يرجى المحاولة مرة أخرى أو التواصل مع فريق الدعم.",
  backToSite: "العودة إلى الموقع",
};

export const chatStrings = { en, ar };

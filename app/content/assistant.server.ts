import type { AssistantStrings } from "../assistant/types";
import type { Lang } from "../i18n/lang";

/**
 * Strings of the ask-a-lawyer chat, sent by the /ask-lawyer loader only (other pages do not carry
 * them). {phone} and {email} are filled from the configuration.
 */
export const assistantStrings: Record<Lang, AssistantStrings> = {
  en: {
    heading: "Chat with our legal assistant",
    disclaimer:
      "General legal information about the UAE and the GCC, not legal advice. For advice on your own case, book a consultation.",
    empty:
      "Ask about travel bans, labour matters, contracts, company formation, background checks or our services and prices.",
    logLabel: "Conversation with the legal assistant",
    you: "You",
    assistant: "Legal assistant",
    questionLabel: "Your question",
    placeholder: "Type your legal question...",
    hint: "Enter sends, Shift+Enter adds a new line. Up to 2,000 characters. Please do not share ID numbers or other personal details.",
    send: "Send",
    thinking: "Thinking...",
    automaticAnswer: "Automatic answer",
    automaticNote: "This automatic answer comes from our FAQs and price list, not from a lawyer.",
    bookConsultation: "Book a consultation",
    failureReply:
      "I apologize, but I'm having trouble processing your request right now. Please try again in a moment, or contact our office at {phone} or {email}.",
    errorTitle: "Error",
    errorDescription: "Failed to get response. Please try again.",
    tooLong: "Please keep your question to 2,000 characters or fewer.",
    newConversation: "Start a new conversation",
  },
  ar: {
    heading: "تحدّث إلى مساعدنا القانوني",
    disclaimer:
      "معلومات قانونية عامة عن الإمارات ودول الخليج، وليست استشارة قانونية. للحصول على مشورة في حالتك احجز استشارة.",
    empty: "اسأل عن حظر السفر وقضايا العمل والعقود وتأسيس الشركات والتحقق من الخلفية أو عن خدماتنا وأسعارها.",
    logLabel: "المحادثة مع المساعد القانوني",
    you: "أنت",
    assistant: "المساعد القانوني",
    questionLabel: "سؤالك",
    placeholder: "اكتب سؤالك القانوني…",
    hint: "مفتاح Enter للإرسال، وShift+Enter لسطر جديد. حتى 2,000 حرف. يُرجى عدم مشاركة أرقام الهوية أو غيرها من البيانات الشخصية.",
    send: "إرسال",
    thinking: "جارٍ التفكير…",
    automaticAnswer: "إجابة تلقائية",
    automaticNote: "هذه الإجابة التلقائية مأخوذة من الأسئلة الشائعة وقائمة أسعارنا، وليست من محامٍ.",
    bookConsultation: "احجز استشارة",
    failureReply:
      "أعتذر، أواجه صعوبة في معالجة طلبك الآن. يُرجى المحاولة مرة أخرى بعد قليل، أو التواصل مع مكتبنا على {phone} أو {email}.",
    errorTitle: "خطأ",
    errorDescription: "تعذّر الحصول على رد. يُرجى المحاولة مرة أخرى.",
    tooLong: "يُرجى ألا يتجاوز سؤالك 2,000 حرف.",
    newConversation: "بدء محادثة جديدة",
  },
};

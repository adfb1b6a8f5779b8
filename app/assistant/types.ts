/**
 * What the assistant's server code and its chat component share: the view of a conversation, the
 * strings of the chat (sent by the page's loader), the events of the answer stream and the bounds
 * the browser enforces too. No server code here: the chat component imports this file.
 */

/** Longest question accepted, in characters (the textarea's maxLength and the server's check). */
export const QUESTION_MAX_CHARS = 2000;

export type AssistantMessageSource = "user" | "model" | "offline" | "failure";

export type AssistantMessageView = {
  id: string;
  role: "user" | "assistant";
  content: string;
  source: AssistantMessageSource;
};

export type AssistantStrings = {
  heading: string;
  disclaimer: string;
  empty: string;
  logLabel: string;
  you: string;
  assistant: string;
  questionLabel: string;
  placeholder: string;
  hint: string;
  send: string;
  thinking: string;
  automaticAnswer: string;
  automaticNote: string;
  bookConsultation: string;
  failureReply: string;
  errorTitle: string;
  errorDescription: string;
  tooLong: string;
  newConversation: string;
};

/** What the /ask-lawyer loader gives the chat component. */
export type AssistantView = {
  lang: "en" | "ar";
  strings: AssistantStrings;
  messages: AssistantMessageView[];
  /** The question to put back in the box (after a failure without JavaScript). */
  draft: string;
  /** A message about the last post, shown above the box (too long…), without JavaScript. */
  notice: string | null;
  /** The last post was refused before it reached the conversation (rate limit): show the failure reply. */
  failed: boolean;
  /** Where the form posts without JavaScript, and where the streaming endpoint is. */
  formAction: string;
  streamUrl: string;
  /** Where "Book a consultation" leads. */
  consultationHref: string;
  /** Answers come from the offline answerer (no API key configured). */
  offline: boolean;
};

/** Events of the answer stream (POST /api/assistant, text/event-stream), as `event: <type>` + JSON data. */
export type AssistantStreamEvent =
  | { type: "token"; text: string }
  | { type: "done"; source: "model" | "offline"; id: string }
  | { type: "error"; reply: string; title: string; description: string };

import crypto from "node:crypto";
import { createCookieSessionStorage, type Session } from "@remix-run/node";
import { assistantStrings } from "../content/assistant.server";
import { getEnv } from "../env.server";
import { fill } from "../i18n/fill";
import { isLang, localizePath, type Lang } from "../i18n/lang";
import { cleanText } from "../http/clean-text.server";
import { hitRateLimit, type RateLimitRule } from "../http/rate-limit.server";
import {
  addMessage,
  CONVERSATION_RETENTION_DAYS,
  createConversation,
  findConversation,
  listMessages,
} from "./conversations.server";
import { type MODEL_LIMITS, modelConfig, ModelAnswerError, streamModelAnswer, type ModelConfig } from "./model.server";
import { offlineAnswer } from "./offline.server";
import { buildSystemPrompt, contextMessages, CONTEXT_TURNS } from "./prompt.server";
import { QUESTION_MAX_CHARS, type AssistantView } from "./types";

/** Questions per visitor (client address) per hour: the model costs money, the offline answerer writes rows. */
export const ASSISTANT_RATE_LIMIT: RateLimitRule = { name: "assistant-question", limit: 20, windowSeconds: 60 * 60 };

/** Where the chat sits and where the form goes back to. */
export const ASSISTANT_PAGE = "/ask-lawyer";
const CHAT_ANCHOR = "#assistant";

// The visitor's conversation id (signed, so nobody can read another visitor's conversation by
// guessing or editing it), plus a one-time note for the page after a post without JavaScript.
type VisitorData = { conversationId: string };
type VisitorFlash = { draft: string; notice: string; failed: boolean };
let storage: ReturnType<typeof createCookieSessionStorage<VisitorData, VisitorFlash>> | undefined;
function visitorStorage() {
  const env = getEnv();
  storage ??= createCookieSessionStorage<VisitorData, VisitorFlash>({
    cookie: {
      name: "__assistant",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.isProduction,
      secrets: env.SESSION_SECRET,
      maxAge: CONVERSATION_RETENTION_DAYS * 24 * 60 * 60,
    },
  });
  return storage;
}

async function readVisitor(request: Request) {
  return visitorStorage().getSession(request.headers.get("Cookie"));
}

async function commitVisitor(session: Session<VisitorData, VisitorFlash>, headers = new Headers()) {
  headers.append("Set-Cookie", await visitorStorage().commitSession(session));
  return headers;
}

/** The assistant conversation of this browser (from its signed cookie), if it still exists: "Download my data" includes it. */
export async function visitorConversationId(request: Request): Promise<string | null> {
  const conversation = await findConversation((await readVisitor(request)).get("conversationId"));
  return conversation?.id ?? null;
}

export function failureReply(lang: Lang) {
  const env = getEnv();
  // In Arabic text the phone number and address are isolated left-to-right, or "+971 4…" is reordered.
  const ltr = (value: string) => (lang === "ar" ? `\u2066${value}\u2069` : value);
  return fill(assistantStrings[lang].failureReply, { phone: ltr(env.CONTACT_PHONE), email: ltr(env.CONTACT_EMAIL) });
}

export function assistantPageUrl(lang: Lang) {
  return localizePath(lang, ASSISTANT_PAGE) + CHAT_ANCHOR;
}

/**
 * What the chat on /ask-lawyer shows: the visitor's conversation (from their signed cookie only),
 * strings, and a note left by a post without JavaScript. Returns headers to send with the page
 * (clearing that note).
 */
export async function loadAssistant(
  request: Request,
  lang: Lang,
): Promise<{ assistant: AssistantView; headers: Headers }> {
  const session = await readVisitor(request);
  const headers = new Headers();
  // get() consumes a flashed value, so ask first whether there is one to clear.
  const flashed = session.has("draft") || session.has("notice") || session.has("failed");
  const draft = session.get("draft") ?? "";
  const notice = session.get("notice") ?? null;
  const failed = session.get("failed") === true;
  if (flashed) await commitVisitor(session, headers);
  const conversation = await findConversation(session.get("conversationId"));
  const messages = conversation ? await listMessages(conversation.id) : [];
  return {
    assistant: {
      lang,
      strings: { ...assistantStrings[lang], failureReply: failureReply(lang) },
      messages,
      draft,
      notice,
      failed,
      formAction: localizePath(lang, "/assistant"),
      streamUrl: "/api/assistant",
      consultationHref: localizePath(lang, ASSISTANT_PAGE) + "#inquiry",
      offline: !modelConfig(),
    },
    headers,
  };
}

/** A question cleaned like every visitor text (script tags, javascript: URLs, control characters), line breaks kept. */
export function normalizeQuestion(raw: unknown): string {
  return cleanText(raw, { multiline: true });
}

export type QuestionCheck =
  { ok: true; question: string } | { ok: false; reason: "empty" | "too-long"; question: string };

export function checkQuestion(raw: unknown): QuestionCheck {
  const question = normalizeQuestion(raw);
  if (!question) return { ok: false, reason: "empty", question };
  if ([...question].length > QUESTION_MAX_CHARS) return { ok: false, reason: "too-long", question };
  return { ok: true, question };
}

type Visitor = Session<VisitorData, VisitorFlash>;

export type PreparedQuestion =
  | {
      ok: true;
      question: string;
      lang: Lang;
      conversationId: string;
      newConversation: boolean;
      visitor: Visitor;
      headers: Headers;
    }
  | {
      ok: false;
      reason: "empty" | "too-long" | "rate-limited";
      question: string;
      lang: Lang;
      retryAfterSeconds?: number;
    };

/**
 * Checks a posted question (form fields `question` and, for the streaming endpoint, `lang`) and
 * the visitor's rate limit, and opens the visitor's conversation (creating it, with its cookie,
 * on the first question).
 */
export async function prepareQuestion(
  request: Request,
  form: FormData,
  input: { clientAddress: string; lang?: Lang },
): Promise<PreparedQuestion> {
  const langField = form.get("lang");
  const lang: Lang = input.lang ?? (isLang(langField) ? langField : "en");
  const checked = checkQuestion(form.get("question"));
  if (!checked.ok) return { ok: false, reason: checked.reason, question: checked.question, lang };
  const limit = await hitRateLimit(ASSISTANT_RATE_LIMIT, input.clientAddress);
  if (!limit.allowed)
    return {
      ok: false,
      reason: "rate-limited",
      question: checked.question,
      lang,
      retryAfterSeconds: limit.retryAfterSeconds,
    };

  const visitor = await readVisitor(request);
  const headers = new Headers();
  const conversation = await findConversation(visitor.get("conversationId"));
  if (conversation)
    return {
      ok: true,
      question: checked.question,
      lang,
      conversationId: conversation.id,
      newConversation: false,
      visitor,
      headers,
    };
  // A new conversation's row is written with its first question, off the path to the first token.
  const conversationId = crypto.randomUUID();
  visitor.set("conversationId", conversationId);
  await commitVisitor(visitor, headers);
  return { ok: true, question: checked.question, lang, conversationId, newConversation: true, visitor, headers };
}

/** Points the visitor's cookie at a conversation (a retried question answered from the first attempt's conversation). */
export async function rememberConversation(visitor: Visitor, conversationId: string): Promise<Headers> {
  visitor.set("conversationId", conversationId);
  return commitVisitor(visitor);
}

export type AnswerResult =
  | { ok: true; source: "model" | "offline"; text: string; messageId: string }
  | { ok: false; text: string; messageId: string; reason: string };

export type AnswerOptions = {
  /** The conversation has no row yet (its id was just given to the visitor): create it with the question. */
  newConversation?: boolean | undefined;
  /** Called with each piece of the answer as it arrives. */
  onText?: ((text: string) => void) | undefined;
  /** Tests: a model other than the configured one, and tighter bounds. */
  model?: ModelConfig | null | undefined;
  limits?: Partial<typeof MODEL_LIMITS> | undefined;
};

/**
 * Answers a question in a conversation: stores the question, gets the answer from the model (when
 * an API key is configured) or the offline answerer, and stores it. A failing model ends in the
 * failure reply, stored too, so the conversation shows what happened; the error is logged without
 * the visitor's text.
 */
export async function answerQuestion(
  conversationId: string,
  question: string,
  lang: Lang,
  options: AnswerOptions = {},
): Promise<AnswerResult> {
  const history = options.newConversation ? [] : await listMessages(conversationId, CONTEXT_TURNS * 2 + 10);
  const askedAt = new Date();
  const answeredAt = () => new Date(Math.max(Date.now(), askedAt.getTime() + 1));
  // The question is written once the first piece of the answer is on its way (the embedded
  // database runs on this thread: writing earlier would delay the first token); it is stored
  // before the answer in any case.
  let questionStored: Promise<void> | undefined;
  const storeQuestion = () =>
    (questionStored ??= (async () => {
      if (options.newConversation) await createConversation(lang, conversationId);
      await addMessage(conversationId, "user", question, "user", askedAt);
    })());
  const config = options.model === undefined ? modelConfig() : options.model;

  if (!config) {
    await storeQuestion();
    const text = offlineAnswer(question, lang);
    options.onText?.(text);
    const messageId = await addMessage(conversationId, "assistant", text, "offline", answeredAt());
    return { ok: true, source: "offline", text, messageId };
  }

  try {
    const text = await streamModelAnswer({
      config,
      system: systemPrompt(lang),
      messages: contextMessages(history, question),
      onText: (piece) => {
        options.onText?.(piece);
        if (!questionStored) setImmediate(() => void storeQuestion().catch(() => {}));
      },
      limits: options.limits,
    });
    await storeQuestion();
    const messageId = await addMessage(conversationId, "assistant", text, "model", answeredAt());
    return { ok: true, source: "model", text, messageId };
  } catch (error) {
    const reason = error instanceof ModelAnswerError ? error.message : "unexpected error";
    // The visitor's question is never logged.
    console.error(`assistant: ${reason} conversation=${conversationId}`);
    await storeQuestion();
    const text = failureReply(lang);
    const messageId = await addMessage(conversationId, "assistant", text, "failure", answeredAt());
    return { ok: false, text, messageId, reason };
  }
}

const prompts = new Map<string, string>();
/** The system prompt for a language, built once per configuration. */
function systemPrompt(lang: Lang) {
  const env = getEnv();
  const site = {
    name: env.SITE_NAME,
    phone: env.CONTACT_PHONE,
    email: env.CONTACT_EMAIL,
    hours: env.OFFICE_HOURS,
    url: env.SITE_URL,
  };
  const key = JSON.stringify([lang, site]);
  let prompt = prompts.get(key);
  if (!prompt) {
    prompt = buildSystemPrompt(site, lang);
    prompts.set(key, prompt);
  }
  return prompt;
}

/**
 * After a post without JavaScript: the note and the question to show again on the page. Pass the
 * visitor of a prepared question (it may hold a new conversation id) or the request.
 */
export async function flashForPage(
  from: Request | Visitor,
  flash: { draft?: string; notice?: string; failed?: boolean },
) {
  const visitor = from instanceof Request ? await readVisitor(from) : from;
  // A cookie holds about 4 KB: a very long question (mostly non-Latin text) is not kept.
  if (flash.draft && new TextEncoder().encode(flash.draft).length <= 2400) visitor.flash("draft", flash.draft);
  if (flash.notice) visitor.flash("notice", flash.notice);
  if (flash.failed) visitor.flash("failed", true);
  return commitVisitor(visitor);
}

/** Forgets the visitor's conversation ("start a new conversation"); its rows expire with the retention period. */
export async function forgetConversation(request: Request) {
  const headers = new Headers();
  headers.append("Set-Cookie", await visitorStorage().destroySession(await readVisitor(request)));
  return headers;
}

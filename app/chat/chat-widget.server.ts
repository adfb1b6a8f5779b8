import { and, asc, desc, eq } from "drizzle-orm";
import { createCookieSessionStorage, data, redirect, type AppLoadContext } from "@remix-run/node";
import { chatConversations, chatMessages } from "../../db/schema";
import { db } from "../db.server";
import { getEnv } from "../env.server";
import { langFromPath, localizePath, type Lang } from "../i18n/lang";
import { chatStrings } from "../i18n/strings/chat";
import { answerFromKnowledgeBase, type KnowledgeLink } from "../knowledge/knowledge-base.server";
import { cleanText } from "../http/clean-text.server";
import { hitRateLimit } from "../http/rate-limit.server";
import { readForm } from "../http/http.server";
import { safeRedirectPath } from "../utils/safe-redirect";
import { once, submissionKeyOf } from "../forms/submission-keys.server";
import { retentionRule } from "../privacy/retention";

/** The floating chat widget: canned answers from the knowledge base, the short transcript kept server-side. */
export const CHAT_MESSAGE_MAX = 500;
/** Widget conversations are deleted this long after their last message (app/jobs.server.ts). */
export const WIDGET_RETENTION_DAYS = retentionRule("chat-widget").period.amount;
const TRANSCRIPT_SHOWN = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type ChatMessageView = { id: string; role: "user" | "assistant"; text: string; links: KnowledgeLink[] };
export type ChatAnswer = { messages: ChatMessageView[]; error?: string };

let storage: ReturnType<typeof createCookieSessionStorage<{ id: string }>> | undefined;
let secrets: string[] | undefined;
function chatStorage() {
  const env = getEnv();
  if (secrets !== env.SESSION_SECRET) storage = undefined;
  secrets = env.SESSION_SECRET;
  storage ??= createCookieSessionStorage<{ id: string }>({
    cookie: {
      name: "__chat",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.isProduction,
      secrets: env.SESSION_SECRET,
      maxAge: WIDGET_RETENTION_DAYS * 24 * 60 * 60,
    },
  });
  return storage;
}

async function conversationId(request: Request): Promise<string | undefined> {
  const id = (await chatStorage().getSession(request.headers.get("Cookie"))).get("id");
  return typeof id === "string" && UUID.test(id) ? id : undefined;
}

// Links are kept with the answer as "[label](/path)" lines, and only site paths are read back.
const LINK_LINE = /^\[([^\]\n]{1,80})\]\((\/[^\s)]*)\)$/;
function encodeAnswer(text: string, links: KnowledgeLink[]) {
  return [text, ...links.map((l) => `[${l.label}](${l.href})`)].join("\n");
}
function decode(role: "user" | "assistant", content: string): Pick<ChatMessageView, "text" | "links"> {
  if (role === "user") return { text: content, links: [] };
  const lines = content.split("\n");
  const links: KnowledgeLink[] = [];
  while (lines.length > 1) {
    const match = LINK_LINE.exec(lines[lines.length - 1]!);
    if (!match) break;
    links.unshift({ label: match[1]!, href: match[2]! });
    lines.pop();
  }
  return { text: lines.join("\n"), links };
}

/** The visitor's widget transcript (the latest messages, oldest first). */
export async function loadTranscript(request: Request): Promise<ChatMessageView[]> {
  const id = await conversationId(request);
  if (!id) return [];
  const rows = await db
    .select({ id: chatMessages.id, role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .innerJoin(
      chatConversations,
      and(eq(chatConversations.id, chatMessages.conversationId), eq(chatConversations.channel, "widget")),
    )
    .where(eq(chatMessages.conversationId, id))
    .orderBy(desc(chatMessages.createdAt), asc(chatMessages.role))
    .limit(TRANSCRIPT_SHOWN);
  return rows.reverse().map((row) => ({ id: row.id, role: row.role, ...decode(row.role, row.content) }));
}

/**
 * One visitor message: ignored when empty or blank; otherwise stored with its canned answer.
 * Without JavaScript the answer is a redirect back to /chat (Post/Redirect/Get); with JavaScript
 * (mode=fetch) the new messages as data.
 */
export async function chatAction(request: Request, context: Pick<AppLoadContext, "clientAddress">) {
  const lang: Lang = langFromPath(new URL(request.url).pathname);
  const t = chatStrings[lang];
  const form = await readForm(request);
  if (!form) return new Response(t.failed, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  // Back to the chat page, which keeps the page the visitor came from for its "Back to the site" link.
  const from = chatReturnPath(form.get("from"));
  const back = `${localizePath(lang, "/chat")}${from ? `?from=${encodeURIComponent(from)}` : ""}#chat-input-page`;
  const fetchMode = form.get("mode") === "fetch";
  const reply = async (answer: ChatAnswer, status = 200, headers?: Headers) =>
    fetchMode ? data(answer, { status, headers }) : redirect(back, { status: 303, headers });

  const raw = form.get("message");
  const message = cleanText(typeof raw === "string" ? raw : "", { multiline: true });
  if (!message) return reply({ messages: [] });
  if (message.length > CHAT_MESSAGE_MAX) return reply({ messages: [], error: t.tooLong }, 400);

  const limit = await hitRateLimit(
    { name: "chat-widget-ip", limit: getEnv().CHAT_RATE_LIMIT, windowSeconds: 3600 },
    context.clientAddress || "unknown",
  );
  if (!limit.allowed) return reply({ messages: [], error: t.rateLimited }, 429);

  const answer = answerFromKnowledgeBase(message, lang);
  const headers = new Headers();
  const known = await conversationId(request);
  // Once per submission key: a retried message (its answer was lost on the way) is not stored twice.
  const { result } = await once(submissionKeyOf(form, "chat"), async (tx) => {
    const now = new Date();
    let id = known;
    const [existing] = id
      ? await tx
          .select({ id: chatConversations.id })
          .from(chatConversations)
          .where(and(eq(chatConversations.id, id), eq(chatConversations.channel, "widget")))
      : [];
    if (existing) {
      await tx.update(chatConversations).set({ updatedAt: now }).where(eq(chatConversations.id, existing.id));
    } else {
      const [created] = await tx
        .insert(chatConversations)
        .values({ channel: "widget", lang })
        .returning({ id: chatConversations.id });
      id = created!.id;
    }
    // The answer a moment after the question, so the transcript keeps their order.
    const rows = await tx
      .insert(chatMessages)
      .values([
        { conversationId: id!, role: "user", content: message, source: "user", createdAt: now },
        {
          conversationId: id!,
          role: "assistant",
          content: encodeAnswer(answer.text, answer.links),
          source: "offline",
          createdAt: new Date(now.getTime() + 1),
        },
      ])
      .returning({ id: chatMessages.id, role: chatMessages.role, content: chatMessages.content });
    return {
      conversationId: id!,
      messages: rows.map((row) => ({ id: row.id, role: row.role, ...decode(row.role, row.content) })),
    };
  });
  const { conversationId: id, messages } = result;
  const session = await chatStorage().getSession();
  session.set("id", id!);
  headers.append("Set-Cookie", await chatStorage().commitSession(session));
  return reply({ messages }, 200, headers);
}

/** The page the chat was opened from (the `from` of /chat?from=…): a path on this site, never the chat itself. */
export function chatReturnPath(value: unknown): string | null {
  const path = safeRedirectPath(value, "");
  if (!path || /^\/(ar\/)?chat(\/|\?|#|$)/.test(path)) return null;
  return path.split("#")[0]!;
}

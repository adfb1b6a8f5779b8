import { and, asc, desc, eq, lt } from "drizzle-orm";
import { chatConversations, chatMessages } from "../../db/schema";
import { db } from "../db.server";
import type { Lang } from "../i18n/lang";
import type { AssistantMessageSource, AssistantMessageView } from "./types";
import { retentionRule } from "../privacy/retention";

/** Conversations are deleted this long after their last message. */
export const CONVERSATION_RETENTION_DAYS = retentionRule("assistant-conversations").period.amount;
/** How many of the latest messages a page shows. */
export const MESSAGES_SHOWN = 50;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The assistant conversation with this id, if it exists (and is one of the assistant's). */
export async function findConversation(id: string | null | undefined) {
  if (!id || !UUID.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.channel, "assistant")))
    .limit(1);
  return row;
}

/** Creates a conversation; the id may be chosen beforehand (it is already in the visitor's cookie). */
export async function createConversation(lang: Lang, id?: string) {
  const [row] = await db
    .insert(chatConversations)
    .values({ channel: "assistant", lang, ...(id ? { id } : {}) })
    .returning();
  return row!;
}

/** The latest `limit` messages of a conversation, oldest first. */
export async function listMessages(conversationId: string, limit = MESSAGES_SHOWN): Promise<AssistantMessageView[]> {
  const rows = await db
    .select({
      id: chatMessages.id,
      role: chatMessages.role,
      content: chatMessages.content,
      source: chatMessages.source,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    // Created in the same millisecond (a question and an instant offline answer): the id breaks no tie,
    // so order by time then by role, the question first.
    .orderBy(desc(chatMessages.createdAt), asc(chatMessages.role))
    .limit(limit);
  return rows.reverse().map(({ id, role, content, source }) => ({ id, role, content, source }));
}

export async function addMessage(
  conversationId: string,
  role: "user" | "assistant",
  content: string,
  source: AssistantMessageSource,
  at = new Date(),
) {
  const [row] = await db
    .insert(chatMessages)
    .values({ conversationId, role, content, source, createdAt: at })
    .returning({ id: chatMessages.id });
  await db.update(chatConversations).set({ updatedAt: at }).where(eq(chatConversations.id, conversationId));
  return row!.id;
}

/** Deletes assistant conversations whose last message is older than the retention period (their messages go with them). */
export async function deleteExpiredConversations(now = new Date()) {
  const cutoff = new Date(now.getTime() - CONVERSATION_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(chatConversations)
    .where(and(eq(chatConversations.channel, "assistant"), lt(chatConversations.updatedAt, cutoff)))
    .returning({ id: chatConversations.id });
  return deleted.length;
}

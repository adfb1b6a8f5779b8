import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";

/**
 * Conversations with the ask-a-lawyer assistant ("assistant") and the floating chat widget
 * ("widget"), keyed by a random id held in a signed cookie. Deleted 30 days after their last message.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: id(),
    channel: text("channel", { enum: ["assistant", "widget"] }).notNull(),
    lang: text("lang", { enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("chat_conversations_channel_check", sql`${t.channel} in ('assistant', 'widget')`),
    index("chat_conversations_updated_idx").on(t.updatedAt),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant"] }).notNull(),
    content: text("content").notNull(),
    /** How an assistant reply was made: the AI model, the offline answerer, or the failure reply. */
    source: text("source", { enum: ["user", "model", "offline", "failure"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("chat_messages_role_check", sql`${t.role} in ('user', 'assistant')`),
    check("chat_messages_source_check", sql`${t.source} in ('user', 'model', 'offline', 'failure')`),
    index("chat_messages_conversation_idx").on(t.conversationId, t.createdAt),
  ],
);

export type ChatConversation = typeof chatConversations.$inferSelect;
export type ChatMessage = typeof chatMessages.$inferSelect;

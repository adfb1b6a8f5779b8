import { and, eq, lt } from "drizzle-orm";
import { chatConversations, inquiries } from "../../db/schema";
import { WIDGET_RETENTION_DAYS } from "../chat/chat-widget.server";
import { db } from "../db.server";

/** Inquiries (and check and wizard requests) are kept 24 months after they arrive, then deleted. */
export const INQUIRY_RETENTION_MONTHS = 24;

export function inquiryCutoff(now: Date) {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - INQUIRY_RETENTION_MONTHS);
  return cutoff;
}

/** Deletes inquiries older than the retention period; returns how many. */
export async function deleteExpiredInquiries(now = new Date()) {
  const deleted = await db.delete(inquiries).where(lt(inquiries.createdAt, inquiryCutoff(now))).returning({ id: inquiries.id });
  return deleted.length;
}

/** Deletes chat-widget conversations (and their messages) whose last message is older than the retention period. */
export async function deleteExpiredWidgetChats(now = new Date()) {
  const cutoff = new Date(now.getTime() - WIDGET_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(chatConversations)
    .where(and(eq(chatConversations.channel, "widget"), lt(chatConversations.updatedAt, cutoff)))
    .returning({ id: chatConversations.id });
  return deleted.length;
}

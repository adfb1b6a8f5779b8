import { resultRows } from "../../db/rows";
import { deleteObjects } from "../documents/object-store.server";
import { and, eq, inArray, isNotNull, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import {
  accessLog,
  authTokens,
  chatConversations,
  dataExports,
  inquiries,
  orderDocuments,
  orderMessages,
  orders,
  outbox,
  rateLimits,
  recoveryCodes,
  sessions,
  submissionKeys,
  users,
} from "../../db/schema";
import { pruneVitals } from "../analytics/vitals.server";
import { deleteExpiredConversations } from "../assistant/conversations.server";
import { db, type Queryable } from "../db.server";
import { retentionCutoff, RETENTION_RULES, type RetentionKind } from "./retention";

/** One kind's clean-up at `now`: deletes (or anonymises) what has outlived its period; returns how many rows. */
export type RetentionJob = (now: Date) => Promise<number>;

/** When an order ended: its last change of status to completed or cancelled (its last update, if no history says so). */
const orderEndedAt = sql`coalesce((select max(e.created_at) from order_events e where e.order_id = ${orders.id} and e.kind = 'status' and e.to_value in ('completed', 'cancelled')), ${orders.updatedAt})`;

/** A moment as an SQL timestamp, for comparisons whose other side is an expression (no column type to map a Date). */
const at = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;

/** Inquiries (not check requests) without a later order from the same address, last touched before the cutoff. */
async function deleteInquiries(now: Date) {
  const cutoff = retentionCutoff("inquiries", now);
  const deleted = await db
    .delete(inquiries)
    .where(
      and(
        eq(inquiries.kind, "inquiry"),
        lt(inquiries.updatedAt, cutoff),
        sql`not exists (select 1 from orders o where lower(o.email) = lower(${inquiries.email}) and o.created_at >= ${inquiries.createdAt})`,
      ),
    )
    .returning({ id: inquiries.id });
  return deleted.length;
}

async function deleteCheckRequests(now: Date) {
  const cutoff = retentionCutoff("check-requests", now);
  const deleted = await db
    .delete(inquiries)
    .where(
      and(
        inArray(inquiries.kind, ["travel-check", "wizard"]),
        lt(sql`coalesce(${inquiries.repliedAt}, ${inquiries.createdAt})`, at(cutoff)),
      ),
    )
    .returning({ id: inquiries.id });
  return deleted.length;
}

async function deleteOrderDocuments(now: Date) {
  const cutoff = retentionCutoff("order-documents", now);
  const ended = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, ["completed", "cancelled"]), lt(orderEndedAt, at(cutoff))));
  const deleted = await db
    .delete(orderDocuments)
    .where(inArray(orderDocuments.orderId, ended))
    .returning({ id: orderDocuments.id, storageKey: orderDocuments.storageKey });
  // Their objects in the bucket go too (best effort: a left-over object is sealed and named by no row).
  await deleteObjects(deleted.flatMap((row) => (row.storageKey ? [row.storageKey] : [])));
  return deleted.length;
}

/**
 * Orders ended and placed before the cutoff go with their tax documents, refunds and history.
 * Tax documents refuse deletion (a trigger) unless this transaction says it is the retention job
 * and the document was issued before the same cutoff (db/migrations: tax_documents_immutable).
 */
async function deleteOrderRecords(now: Date) {
  const cutoff = retentionCutoff("order-records", now);
  const objects: string[] = [];
  const deleted = await db.transaction(async (tx) => {
    const expired = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.status, ["completed", "cancelled"]),
          lt(orders.createdAt, cutoff),
          lt(orderEndedAt, at(cutoff)),
        ),
      );
    if (expired.length === 0) return 0;
    const ids = expired.map((row) => row.id);
    await tx.execute(sql`select set_config('sanad.retention_cutoff', ${cutoff.toISOString()}, true)`);
    const idList = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    await tx.execute(sql`delete from tax_documents where kind = 'credit_note' and order_id in (${idList})`);
    await tx.execute(sql`delete from tax_documents where order_id in (${idList})`);
    await tx.execute(sql`delete from refunds where order_id in (${idList})`);
    // Documents still left (their own period is shorter) go with the order, their objects after the commit.
    const documents = resultRows(
      await tx.execute(
        sql`delete from order_documents where order_id in (${idList}) and storage_key is not null returning storage_key`,
      ),
    );
    for (const row of documents) objects.push(String(row.storage_key));
    await tx.execute(sql`delete from orders where id in (${idList})`);
    return ids.length;
  });
  await deleteObjects(objects);
  return deleted;
}

/** Closed accounts past the period lose their profile, documents and case messages; order records stay, reduced. */
async function anonymiseClosedAccounts(now: Date) {
  const cutoff = retentionCutoff("closed-accounts", now);
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.closedAt), isNull(users.anonymisedAt), lt(users.closedAt, cutoff)));
  for (const { id } of due) await anonymiseAccount(id, now);
  return due.length;
}

/**
 * Removes what a closed account held beyond the order records the law needs: the profile (the
 * row stays, so orders and invoices keep their owner, with a placeholder address and no way to
 * sign in), every document and case message of its orders, its inquiries, exports and sign-in
 * data; the orders keep their amounts, the name and company printed on the invoice, nothing else personal.
 */
export async function anonymiseAccount(userId: string, now = new Date(), outer: Queryable = db) {
  const objects: string[] = [];
  await outer.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for("update");
    if (!user) return;
    const owned = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
    const documents = await tx
      .delete(orderDocuments)
      .where(inArray(orderDocuments.orderId, owned))
      .returning({ storageKey: orderDocuments.storageKey });
    for (const row of documents) if (row.storageKey) objects.push(row.storageKey);
    await tx.delete(orderMessages).where(inArray(orderMessages.orderId, owned));
    await tx
      .update(orders)
      .set({
        email: null,
        phone: null,
        state: null,
        documentLink: null,
        details: {},
        internalNote: null,
        description: null,
      })
      .where(eq(orders.userId, userId));
    await tx.delete(inquiries).where(sql`lower(${inquiries.email}) = ${user.email.toLowerCase()}`);
    await tx.delete(dataExports).where(eq(dataExports.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(authTokens).where(eq(authTokens.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .update(users)
      .set({
        email: `closed-${userId}@closed.invalid`,
        // Not a hash any password can match.
        passwordHash: "closed",
        fullName: null,
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        anonymisedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
  });
  // Once the rows are gone for good: their objects in the bucket (best effort).
  await deleteObjects(objects);
}

async function deleteWidgetChats(now: Date) {
  const deleted = await db
    .delete(chatConversations)
    .where(
      and(
        eq(chatConversations.channel, "widget"),
        lt(chatConversations.updatedAt, retentionCutoff("chat-widget", now)),
      ),
    )
    .returning({ id: chatConversations.id });
  return deleted.length;
}

/** Sent, failed and held mail past the period; mail still queued or being sent is kept until it goes. */
async function deleteSentMail(now: Date) {
  const deleted = await db
    .delete(outbox)
    .where(
      and(notInArray(outbox.status, ["queued", "sending"]), lt(outbox.createdAt, retentionCutoff("sent-mail", now))),
    )
    .returning({ id: outbox.id });
  return deleted.length;
}

async function deleteSecurityLogs(now: Date) {
  const cutoff = retentionCutoff("security-logs", now);
  const limits = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, cutoff))
    .returning({ key: rateLimits.key });
  const signIns = await db
    .delete(sessions)
    .where(or(lt(sessions.lastSeenAt, cutoff), lt(sessions.expiresAt, now)))
    .returning({ id: sessions.id });
  const keys = await db
    .delete(submissionKeys)
    .where(lt(submissionKeys.createdAt, cutoff))
    .returning({ key: submissionKeys.key });
  return limits.length + signIns.length + keys.length;
}

async function deleteAccessLog(now: Date) {
  const deleted = await db
    .delete(accessLog)
    .where(lt(accessLog.createdAt, retentionCutoff("access-log", now)))
    .returning({ id: accessLog.id });
  return deleted.length;
}

/** Ready archives past their period, and failed requests as old. */
async function deleteDataExports(now: Date) {
  const cutoff = retentionCutoff("data-exports", now);
  const deleted = await db
    .delete(dataExports)
    .where(
      or(
        and(eq(dataExports.status, "ready"), lt(dataExports.readyAt, cutoff)),
        and(eq(dataExports.status, "failed"), lt(dataExports.createdAt, cutoff)),
      ),
    )
    .returning({ id: dataExports.id });
  return deleted.length;
}

/** The job of each kind of data the Data Retention Policy lists (app/privacy/retention.ts). */
export const RETENTION_JOBS: Record<RetentionKind, RetentionJob> = {
  inquiries: deleteInquiries,
  "check-requests": deleteCheckRequests,
  "order-documents": deleteOrderDocuments,
  "order-records": deleteOrderRecords,
  "closed-accounts": anonymiseClosedAccounts,
  "assistant-conversations": deleteExpiredConversations,
  "chat-widget": deleteWidgetChats,
  "sent-mail": deleteSentMail,
  "web-vitals": pruneVitals,
  "security-logs": deleteSecurityLogs,
  "access-log": deleteAccessLog,
  "data-exports": deleteDataExports,
};

/** Runs every kind's job in the table's order; one failing does not stop the others. */
export async function runRetentionJobs(now = new Date(), log: (message: string) => void = () => {}) {
  const done: Partial<Record<RetentionKind, number>> = {};
  for (const rule of RETENTION_RULES) {
    try {
      done[rule.kind] = await RETENTION_JOBS[rule.kind](now);
    } catch (error) {
      log(`retention job ${rule.kind} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return done;
}

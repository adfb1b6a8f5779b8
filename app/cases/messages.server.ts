import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  MAX_MESSAGE_LENGTH,
  orderDocuments,
  PAID_STATUSES,
  orderEvents,
  orderMessages,
  orders,
  REQUEST_KINDS,
  STAFF_ROLES,
  users,
  type MessageKind,
  type Order,
  type RequestKind,
} from "../../db/schema";
import { casesText } from "../content/cases.server";
import { withStoredFiles } from "../documents/documents.server";
import { db, type Transaction } from "../db.server";
import { fill } from "../i18n/fill";
import { formatDateTime, formatMoney } from "../i18n/format";
import type { Lang } from "../i18n/lang";
import { changeOrderStatusInTransaction } from "../orders/order-status.server";
import { isUuid } from "../utils/ids";
import type { UploadedFile } from "../orders/uploads.server";
import { plainText } from "../http/clean-text.server";
import { canManageMoney, canWorkCase, type Viewer } from "./access.server";
import { mailClient, mailStaff, type CaseParties } from "./case-mail.server";
import { refundCancelledOrderSafely, type RefundOutcome } from "./refund.server";
import { extendDueTime, officeScheduleWithHolidays } from "./turnaround.server";

export { MAX_MESSAGE_LENGTH };

/** Which side of the conversation a post comes from: the order's client, or the team. */
export type Side = "client" | "staff";

export const CLIENT_KINDS = [
  "message",
  "extension-request",
  "cancellation-request",
] as const satisfies readonly MessageKind[];
export const STAFF_KINDS = ["message", "information-request", "note"] as const satisfies readonly MessageKind[];
/** Longest extension a client may ask for, in business days. */
export const MAX_EXTENSION_DAYS = 30;

export function isRequestKind(kind: string): kind is RequestKind {
  return (REQUEST_KINDS as readonly string[]).includes(kind);
}

/** A client can no longer write on a case that is over. */
export function isClosedForClient(status: Order["status"]) {
  return status === "completed" || status === "cancelled";
}

export type PostInput = {
  orderId: string;
  viewer: Viewer;
  side: Side;
  kind: string;
  body: unknown;
  files?: UploadedFile[];
  /** The form's random id (a uuid): the same id posted again stores nothing new. */
  submissionId?: unknown;
  extensionDays?: unknown;
};

export type PostError =
  "not-found" | "not-allowed" | "empty" | "too-long" | "closed" | "started" | "not-due" | "request-open" | "days";
export type PostResult =
  | { ok: true; messageId: string; duplicate: boolean; kind: MessageKind }
  | { ok: false; error: PostError; length?: number };

type CaseRow = CaseParties & { full: Order };

/** The order (row-locked for the transaction), its client and assignee. */
async function lockCase(tx: Transaction, orderId: string): Promise<CaseRow | null> {
  const [row] = await tx
    .select({ order: orders, owner: { email: users.email, fullName: users.fullName } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId))
    .for("update", { of: orders });
  if (!row) return null;
  let assignee: CaseParties["assignee"] = null;
  if (row.order.assigneeId) {
    const [found] = await tx
      .select({ email: users.email, fullName: users.fullName, lang: users.lang })
      .from(users)
      .where(eq(users.id, row.order.assigneeId));
    assignee = found ?? null;
  }
  return { order: row.order, full: row.order, owner: row.owner, assignee };
}

/** The side's right to this case: the client owns it; the team works it (admins, or staff on their cases and the queue). */
function mayPost(viewer: Viewer, side: Side, order: Order) {
  return side === "client" ? order.userId === viewer.id : canWorkCase(viewer, order);
}

/**
 * Adds a message (or a request, or an internal note) with its documents to a case, in one
 * transaction with the e-mail it causes: the client hears when the team writes or asks, the team
 * when the client writes. Empty messages, overlong ones, kinds the side may not send and posts on
 * a case that is over (for the client) store nothing.
 */
export async function postMessage(input: PostInput): Promise<PostResult> {
  if (!isUuid(input.orderId)) return { ok: false, error: "not-found" };
  const allowed: readonly string[] = input.side === "client" ? CLIENT_KINDS : STAFF_KINDS;
  if (!allowed.includes(input.kind)) return { ok: false, error: "not-allowed" };
  const kind = input.kind as MessageKind;
  const body = plainText(input.body);
  if (body.length > MAX_MESSAGE_LENGTH) return { ok: false, error: "too-long", length: body.length };
  const files = input.files ?? [];
  if (!isRequestKind(kind) && body === "" && files.length === 0) return { ok: false, error: "empty" };
  let extensionDays: number | null = null;
  if (kind === "extension-request") {
    const days = Number(input.extensionDays);
    if (!Number.isInteger(days) || days < 1 || days > MAX_EXTENSION_DAYS) return { ok: false, error: "days" };
    extensionDays = days;
  }
  const submissionId = isUuid(input.submissionId) ? input.submissionId.toLowerCase() : null;

  // With a bucket configured the documents are written there first; objects of a post that is
  // refused or rolled back are deleted again (app/documents/documents.server.ts).
  return withStoredFiles(files, (placed) =>
    db.transaction(async (tx): Promise<PostResult> => {
      const found = await lockCase(tx, input.orderId);
      if (!found || !mayPost(input.viewer, input.side, found.full)) return { ok: false, error: "not-found" };
      const order = found.full;
      if (submissionId) {
        // Posted before (a double click, a retry after a dropped connection): already stored.
        const [existing] = await tx
          .select({ id: orderMessages.id, kind: orderMessages.kind })
          .from(orderMessages)
          .where(eq(orderMessages.submissionId, submissionId));
        if (existing) return { ok: true, messageId: existing.id, duplicate: true, kind: existing.kind };
      }
      if (input.side === "client" && isClosedForClient(order.status)) return { ok: false, error: "closed" };
      if (kind === "cancellation-request" && order.status !== "pending") return { ok: false, error: "started" };
      // More time counts against a due time, which exists once the order is paid.
      if (kind === "extension-request" && order.dueAt === null) return { ok: false, error: "not-due" };
      if (isRequestKind(kind)) {
        const [open] = await tx
          .select({ id: orderMessages.id })
          .from(orderMessages)
          .where(
            and(
              eq(orderMessages.orderId, order.id),
              eq(orderMessages.kind, kind),
              eq(orderMessages.requestState, "open"),
            ),
          );
        if (open) return { ok: false, error: "request-open" };
      }
      const [message] = await tx
        .insert(orderMessages)
        .values({
          orderId: order.id,
          authorId: input.viewer.id,
          side: input.side,
          kind,
          body,
          requestState: isRequestKind(kind) ? "open" : null,
          extensionDays,
          submissionId,
        })
        .onConflictDoNothing()
        .returning({ id: orderMessages.id });
      if (!message) {
        // The same submission id arrived twice at once on another order (never on this one: its row is locked).
        const [existing] = await tx
          .select({ id: orderMessages.id, kind: orderMessages.kind })
          .from(orderMessages)
          .where(eq(orderMessages.submissionId, submissionId ?? ""));
        return existing
          ? { ok: true, messageId: existing.id, duplicate: true, kind: existing.kind }
          : { ok: false, error: "request-open" };
      }
      if (placed.length) {
        await tx.insert(orderDocuments).values(
          placed.map((file) => ({
            orderId: order.id,
            messageId: message.id,
            kind: input.side === "client" ? ("upload" as const) : ("attachment" as const),
            fileName: file.fileName,
            contentType: file.contentType,
            sizeBytes: file.sizeBytes,
            sha256: file.sha256,
            data: file.data,
            storageKey: file.storageKey,
            uploadedBy: input.viewer.id,
          })),
        );
      }
      // Notes change nothing the client sees: their page is not told to reload.
      if (kind !== "note") await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, order.id));
      await notifyPost(tx, found, kind, files.length, input.side);
      return { ok: true, messageId: message.id, duplicate: false, kind };
    }),
  );
}

async function notifyPost(tx: Transaction, parties: CaseParties, kind: MessageKind, documents: number, side: Side) {
  if (side === "staff") {
    if (kind === "note") return;
    await mailClient(tx, parties, (text) => {
      const mail = kind === "information-request" ? text.informationRequest : text.message;
      const paragraphs = [mail.body];
      if (documents > 0) paragraphs.push(fill(text.documents, { count: documents }));
      return {
        kind: kind === "information-request" ? "case-information-request" : "case-message",
        subject: mail.subject,
        paragraphs,
      };
    });
    return;
  }
  await mailStaff(tx, parties, (text, values, lang) => {
    if (isRequestKind(kind)) {
      const request = requestName(kind, lang);
      return {
        kind: "staff-case-request",
        subject: fill(text.staffRequest.subject, { request, id: values.id }),
        body: fill(text.staffRequest.body, { ...values, request }),
      };
    }
    return { kind: "staff-case-message", subject: text.staffClient.subject, body: text.staffClient.body };
  });
}

/** "cancellation request" / "request for more time" in a sentence. */
function requestName(kind: RequestKind, lang: Lang) {
  return casesText[lang].requestNames[kind] ?? kind;
}

export type ResolveResult =
  | { ok: true; decision: "accept" | "decline"; kind: RequestKind; refund?: RefundOutcome }
  | { ok: false; error: "not-found" | "already-decided" | "admin-only" | "too-long" | "case-closed" };

/**
 * Staff accept or decline a client's request. More time moves the due time by the business days
 * asked for; an accepted cancellation cancels the order and, when it was paid, asks for the
 * refund (refund.server.ts). Cancellations are decided by admins only (money). The client is
 * told by e-mail, and the decision (with the optional reply) joins the conversation.
 */
export async function resolveRequest(input: {
  orderId: string;
  requestId: unknown;
  decision: unknown;
  viewer: Viewer;
  reply?: unknown;
}): Promise<ResolveResult> {
  if (
    !isUuid(input.orderId) ||
    !isUuid(input.requestId) ||
    (input.decision !== "accept" && input.decision !== "decline")
  )
    return { ok: false, error: "not-found" };
  const decision = input.decision;
  const requestId = input.requestId;
  const reply = plainText(input.reply);
  if (reply.length > MAX_MESSAGE_LENGTH) return { ok: false, error: "too-long" };
  const resolved = await db.transaction(async (tx): Promise<ResolveResult & { refundDue?: boolean }> => {
    const found = await lockCase(tx, input.orderId);
    if (!found || !canWorkCase(input.viewer, found.full)) return { ok: false, error: "not-found" };
    const order = found.full;
    const [request] = await tx
      .select()
      .from(orderMessages)
      .where(
        and(
          eq(orderMessages.id, requestId),
          eq(orderMessages.orderId, order.id),
          inArray(orderMessages.kind, [...REQUEST_KINDS]),
        ),
      );
    if (!request || !isRequestKind(request.kind)) return { ok: false, error: "not-found" };
    if (request.requestState !== "open") return { ok: false, error: "already-decided" };
    if (request.kind === "cancellation-request" && !canManageMoney(input.viewer))
      return { ok: false, error: "admin-only" };
    // A case already delivered or cancelled can only have its open requests declined.
    if (decision === "accept" && isClosedForClient(order.status)) return { ok: false, error: "case-closed" };
    const now = new Date();
    await tx
      .update(orderMessages)
      .set({
        requestState: decision === "accept" ? "accepted" : "declined",
        resolvedBy: input.viewer.id,
        resolvedAt: now,
      })
      .where(eq(orderMessages.id, request.id));
    const lang = order.lang;
    let dueAt = order.dueAt;
    // What the client paid (less what was already refunded) goes back to them.
    const refundDue =
      decision === "accept" &&
      request.kind === "cancellation-request" &&
      (PAID_STATUSES as readonly string[]).includes(order.paymentStatus) &&
      order.paymentStatus !== "refunded";
    const refunded = refundDue ? Math.max(0, (order.paidAmount ?? order.amount) - order.refundedAmount) : null;
    if (decision === "accept" && request.kind === "extension-request" && dueAt) {
      dueAt = extendDueTime(dueAt, request.extensionDays ?? 0, await officeScheduleWithHolidays(tx, dueAt));
      await tx.update(orders).set({ dueAt }).where(eq(orders.id, order.id));
    }
    if (decision === "accept" && request.kind === "cancellation-request") {
      await changeOrderStatusInTransaction(tx, {
        orderId: order.id,
        status: "cancelled",
        actorId: input.viewer.id,
        note: "Cancellation requested by the client",
        mailClient: false,
      });
    }
    await tx.insert(orderMessages).values({
      orderId: order.id,
      authorId: input.viewer.id,
      side: "system",
      kind: decision === "accept" ? "request-accepted" : "request-declined",
      body: reply,
      requestId: request.id,
    });
    await tx.update(orders).set({ updatedAt: now }).where(eq(orders.id, order.id));
    await mailClient(tx, found, (text) => {
      if (decision === "decline") {
        return {
          kind: "case-request-declined",
          subject: text.declined.subject,
          paragraphs: [fill(text.declined.body, { request: requestName(request.kind as RequestKind, lang) })],
        };
      }
      const paragraphs =
        request.kind === "extension-request"
          ? [
              dueAt
                ? fill(text.accepted.extension, { days: request.extensionDays ?? 0, date: formatDateTime(dueAt, lang) })
                : fill(text.accepted.extensionUnpaid, { days: request.extensionDays ?? 0 }),
            ]
          : [
              text.accepted.cancellation,
              ...(refunded ? [fill(text.accepted.refund, { amount: formatMoney(refunded, lang) })] : []),
            ];
      return { kind: "case-request-accepted", subject: text.accepted.subject, paragraphs };
    });
    return { ok: true, decision, kind: request.kind, refundDue };
  });
  // The refund runs once the cancellation is committed: it talks to the payment provider, which
  // must not hold the order's lock, and a cancellation stands whatever the provider answers. Should
  // it never run (the process stopped here), the refund job finds the accepted request.
  if (!resolved.ok || !resolved.refundDue)
    return resolved.ok ? { ok: true, decision: resolved.decision, kind: resolved.kind } : resolved;
  const refund = await refundCancelledOrderSafely({ orderId: input.orderId, requestId, actorId: input.viewer.id });
  return { ok: true, decision: resolved.decision, kind: resolved.kind, refund };
}

export type AssignResult =
  { ok: true; changed: boolean; assigneeId: string | null } | { ok: false; error: "not-found" | "invalid-assignee" };

/**
 * Assigns a case (or puts it back in the queue). Admins assign anyone who works cases; staff may
 * take a case from the queue or put their own back. Recorded in the history; someone assigned by
 * another person is told by e-mail.
 */
export async function assignCase(input: {
  orderId: string;
  assigneeId: unknown;
  viewer: Viewer;
}): Promise<AssignResult> {
  if (!isUuid(input.orderId)) return { ok: false, error: "not-found" };
  const target =
    input.assigneeId === "" || input.assigneeId === null || input.assigneeId === undefined ? null : input.assigneeId;
  if (target !== null && !isUuid(target)) return { ok: false, error: "invalid-assignee" };
  return db.transaction(async (tx): Promise<AssignResult> => {
    const found = await lockCase(tx, input.orderId);
    if (!found || !canWorkCase(input.viewer, found.full)) return { ok: false, error: "not-found" };
    const current = found.full.assigneeId;
    if (input.viewer.role !== "admin") {
      // Staff: take from the queue, or give their own case back.
      const allowed =
        (target === input.viewer.id && current === null) || (target === null && current === input.viewer.id);
      if (!allowed)
        return current === target
          ? { ok: true, changed: false, assigneeId: current }
          : { ok: false, error: "invalid-assignee" };
    }
    let assignee: { id: string; email: string; fullName: string | null; lang: "en" | "ar" } | undefined;
    if (target) {
      [assignee] = await tx
        .select({ id: users.id, email: users.email, fullName: users.fullName, lang: users.lang })
        .from(users)
        .where(and(eq(users.id, target), inArray(users.role, [...STAFF_ROLES])));
      if (!assignee) return { ok: false, error: "invalid-assignee" };
    }
    if (current === target) return { ok: true, changed: false, assigneeId: current };
    await tx
      .update(orders)
      .set({ assigneeId: target, assignedAt: target ? new Date() : null })
      .where(eq(orders.id, found.full.id));
    await tx.insert(orderEvents).values({
      orderId: found.full.id,
      actorId: input.viewer.id,
      kind: "assignment",
      fromValue: found.assignee ? found.assignee.fullName || found.assignee.email : null,
      toValue: assignee ? assignee.fullName || assignee.email : null,
    });
    if (assignee && assignee.id !== input.viewer.id) {
      const [by] = await tx
        .select({ name: sql<string>`coalesce(${users.fullName}, ${users.email})` })
        .from(users)
        .where(eq(users.id, input.viewer.id));
      await mailStaff(
        tx,
        found,
        (text, values) => ({
          kind: "staff-case-assigned",
          subject: text.staffAssigned.subject,
          body: fill(text.staffAssigned.body, { ...values, by: by?.name ?? "" }),
        }),
        {
          email: assignee.email,
          lang: assignee.lang,
        },
      );
    }
    return { ok: true, changed: true, assigneeId: target };
  });
}

// ---------------------------------------------------------------------------------------------
// Reading

/** How many of the latest messages a case page shows. */
export const THREAD_LIMIT = 200;

export type ThreadRow = Awaited<ReturnType<typeof loadThread>>["messages"][number];

/**
 * A case's conversation, oldest first (the latest THREAD_LIMIT), with each message's documents.
 * The client's view leaves internal notes and their documents out entirely.
 */
export async function loadThread(orderId: string, audience: Side) {
  const visible =
    audience === "client"
      ? and(eq(orderMessages.orderId, orderId), ne(orderMessages.kind, "note"))
      : eq(orderMessages.orderId, orderId);
  const latest = await db
    .select({
      id: orderMessages.id,
      side: orderMessages.side,
      kind: orderMessages.kind,
      body: orderMessages.body,
      requestState: orderMessages.requestState,
      extensionDays: orderMessages.extensionDays,
      requestId: orderMessages.requestId,
      authorId: orderMessages.authorId,
      authorName: sql<string | null>`coalesce(${users.fullName}, ${users.email})`,
      createdAt: orderMessages.createdAt,
    })
    .from(orderMessages)
    .leftJoin(users, eq(users.id, orderMessages.authorId))
    .where(visible)
    .orderBy(desc(orderMessages.createdAt), desc(orderMessages.id))
    .limit(THREAD_LIMIT + 1);
  const messages = latest.slice(0, THREAD_LIMIT).reverse();
  const ids = messages.map((message) => message.id);
  const documents = ids.length
    ? await db
        .select({
          id: orderDocuments.id,
          messageId: orderDocuments.messageId,
          fileName: orderDocuments.fileName,
          sizeBytes: orderDocuments.sizeBytes,
        })
        .from(orderDocuments)
        .where(inArray(orderDocuments.messageId, ids))
        .orderBy(asc(orderDocuments.createdAt))
    : [];
  const byMessage = new Map<string, typeof documents>();
  for (const doc of documents) byMessage.set(doc.messageId!, [...(byMessage.get(doc.messageId!) ?? []), doc]);
  return {
    messages: messages.map((message) => ({ ...message, documents: byMessage.get(message.id) ?? [] })),
    truncated: latest.length > THREAD_LIMIT,
  };
}

/** The open requests of a case by kind (what the client is waiting for, what staff must decide). */
export async function openRequests(orderId: string) {
  const rows = await db
    .select({ id: orderMessages.id, kind: orderMessages.kind })
    .from(orderMessages)
    .where(and(eq(orderMessages.orderId, orderId), eq(orderMessages.requestState, "open")));
  return new Set(rows.map((row) => row.kind));
}

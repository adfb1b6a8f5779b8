import { documentContentById } from "../documents/documents.server";
import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { zipSync, type Zippable } from "fflate";
import {
  chatConversations,
  chatMessages,
  dataExports,
  inquiries,
  orderDocuments,
  orderEvents,
  orderItems,
  orderMessages,
  orders,
  refunds,
  sessions,
  taxDocuments,
  users,
  type DataExport,
} from "../../db/schema";
import { privacyText } from "../content/privacy.server";
import { db } from "../db.server";
import { getEnv } from "../env.server";
import { fill } from "../i18n/fill";
import type { Lang } from "../i18n/lang";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import { siteLink } from "../auth/emails.server";
import { recordAccess } from "./access-log.server";
import { retentionRule } from "./retention";
import { renderTaxDocumentPdf, taxDocumentFileName } from "../invoices/pdf.server";
import { printableDocument } from "../invoices/tax-documents.server";

/** Accounts whose documents add up to less than this get their archive at once; larger ones from the job. */
export const INLINE_EXPORT_BYTES = 5 * 1024 * 1024;
const EXPORT_DAYS = retentionRule("data-exports").period.amount;

type Requester = { id: string; email: string; fullName: string | null; role: "client" | "staff" | "admin" };

/**
 * Asks for an archive of the account's data. Two requests at once (or a second before the first is
 * built) make one archive: at most one queued export per account (a unique index). Small accounts
 * get it built at once; larger ones by the job (buildQueuedExports). Returns the export's state.
 */
export async function requestDataExport(
  user: Requester,
  { lang, conversationId, clientAddress }: { lang: Lang; conversationId: string | null; clientAddress: string },
) {
  const [created] = await db
    .insert(dataExports)
    .values({ userId: user.id, lang, conversationId })
    .onConflictDoNothing()
    .returning({ id: dataExports.id });
  if (created) await recordAccess({ action: "data-export", actor: user, subjectUserId: user.id, clientAddress });
  const [queued] = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(and(eq(dataExports.userId, user.id), eq(dataExports.status, "queued")));
  if (queued && (await visibleDocumentBytes(user.id)) < INLINE_EXPORT_BYTES) await buildExport(queued.id);
  return latestExport(user.id);
}

const { archive: _archive, ...exportSummaryColumns } = getTableColumns(dataExports);

/** The account's newest export that is still of use (queued, ready and unexpired, or failed), without its archive. */
export async function latestExport(userId: string, now = new Date()) {
  const [row] = await db
    .select(exportSummaryColumns)
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), or(ne(dataExports.status, "ready"), gt(dataExports.expiresAt, now))))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row ?? null;
}

/** The archive, for its own account only, while it is ready and unexpired; null otherwise (404). */
export async function exportForDownload(exportId: string, userId: string, now = new Date()) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(exportId)) return null;
  const [row] = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, exportId),
        eq(dataExports.userId, userId),
        eq(dataExports.status, "ready"),
        gt(dataExports.expiresAt, now),
      ),
    );
  if (!row) return null;
  const [content] = await db
    .select({ archive: dataExports.archive, createdAt: dataExports.createdAt })
    .from(dataExports)
    .where(eq(dataExports.id, row.id));
  return content?.archive ? { archive: content.archive, createdAt: content.createdAt } : null;
}

/** Builds every queued export (the job, every minute): oldest first. */
export async function buildQueuedExports(log: (message: string) => void = () => {}) {
  const queued = await db
    .select({ id: dataExports.id })
    .from(dataExports)
    .where(eq(dataExports.status, "queued"))
    .orderBy(asc(dataExports.createdAt))
    .limit(10);
  for (const { id } of queued) {
    await buildExport(id).catch(async (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      log(`data export ${id} failed: ${message}`);
      await db
        .update(dataExports)
        .set({ status: "failed", lastError: message.slice(0, 500) })
        .where(and(eq(dataExports.id, id), eq(dataExports.status, "queued")));
    });
  }
  return queued.length;
}

/**
 * Builds one queued export: the ZIP is stored (encrypted), the export marked ready and the mail
 * queued in one statement's transaction; whoever finishes second (job and request at once) changes nothing.
 */
export async function buildExport(exportId: string, now = new Date()) {
  const [job] = await db
    .select(exportSummaryColumns)
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, "queued")));
  if (!job) return false;
  const archive = Buffer.from(await buildArchive(job, now));
  return db.transaction(async (tx) => {
    const expiresAt = new Date(now.getTime() + EXPORT_DAYS * 24 * 60 * 60 * 1000);
    const [done] = await tx
      .update(dataExports)
      .set({ status: "ready", archive, sizeBytes: archive.length, readyAt: now, expiresAt })
      .where(and(eq(dataExports.id, exportId), eq(dataExports.status, "queued")))
      .returning({ id: dataExports.id });
    if (!done) return false;
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, job.userId));
    if (owner) {
      const t = privacyText[job.lang].export.mail;
      await queueMail(tx, {
        to: owner.email,
        kind: "data-export-ready",
        ...renderEmail(
          {
            subject: t.subject,
            greeting: t.greeting,
            paragraphs: [t.body],
            action: { label: t.action, url: siteLink(job.lang, "/dashboard/settings#download-my-data") },
          },
          job.lang,
        ),
      });
    }
    return true;
  });
}

/** What the client may see of their documents: all of their orders' files except those of internal notes. */
function visibleDocuments(userId: string) {
  return and(
    inArray(orderDocuments.orderId, db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))),
    or(
      isNull(orderDocuments.messageId),
      inArray(
        orderDocuments.messageId,
        db.select({ id: orderMessages.id }).from(orderMessages).where(ne(orderMessages.kind, "note")),
      ),
    ),
  );
}

async function visibleDocumentBytes(userId: string) {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${orderDocuments.sizeBytes}), 0)::bigint` })
    .from(orderDocuments)
    .where(visibleDocuments(userId));
  return Number(row?.total ?? 0);
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2) + "\n");
/** A name safe in a ZIP on every system: no folders, no control or reserved characters. */
const safeName = (name: string) =>
  Array.from(name, (char) => (char.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(char) ? "_" : char))
    .join("")
    .replace(/^\.+/, "_")
    .slice(0, 150) || "file";

/** The ZIP: README in the client's language, JSON files, and the documents as they were uploaded. */
export async function buildArchive(
  job: Pick<DataExport, "userId" | "lang" | "conversationId">,
  now = new Date(),
): Promise<Uint8Array> {
  const env = getEnv();
  const t = privacyText[job.lang].export;
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      role: users.role,
      lang: users.lang,
      createdAt: users.createdAt,
      emailConfirmedAt: users.emailConfirmedAt,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(users.id, job.userId));
  if (!user) throw new Error("the account no longer exists");
  const own = await db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(asc(orders.createdAt));
  const ids = own.map((order) => order.id);
  const none = ids.length === 0;
  const [items, events, messages, invoices, refundRows] = await Promise.all([
    none ? [] : db.select().from(orderItems).where(inArray(orderItems.orderId, ids)),
    none
      ? []
      : db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.createdAt)),
    none
      ? []
      : db
          .select()
          .from(orderMessages)
          .where(and(inArray(orderMessages.orderId, ids), ne(orderMessages.kind, "note")))
          .orderBy(asc(orderMessages.createdAt)),
    none ? [] : db.select().from(taxDocuments).where(inArray(taxDocuments.orderId, ids)),
    none ? [] : db.select().from(refunds).where(inArray(refunds.orderId, ids)),
  ]);
  const { data: _data, ...documentColumns } = getTableColumns(orderDocuments);
  const documents = await db
    .select(documentColumns)
    .from(orderDocuments)
    .where(visibleDocuments(user.id))
    .orderBy(asc(orderDocuments.createdAt));
  const files: Zippable = {};
  const documentPath = new Map<string, string>();
  for (const doc of documents) {
    const folder = `documents/${doc.orderId.slice(0, 8)}`;
    let name = `${doc.kind}-${safeName(doc.fileName)}`;
    for (let n = 2; documentPath.has(`${folder}/${name}`) || Object.hasOwn(files, `${folder}/${name}`); n++)
      name = `${doc.kind}-${n}-${safeName(doc.fileName)}`;
    const content = await documentContentById(doc.id);
    if (!content) continue;
    files[`${folder}/${name}`] = [new Uint8Array(content), { level: 0 }];
    documentPath.set(doc.id, `${folder}/${name}`);
  }
  // Tax invoices and credit notes as the client downloads them, rendered from their stored, immutable data.
  const taxDocumentPath = new Map<string, string>();
  for (const doc of invoices) {
    const printable = await printableDocument(doc.id);
    if (!printable) continue;
    const path = `tax-documents/${taxDocumentFileName(printable)}`;
    files[path] = [new Uint8Array(await renderTaxDocumentPdf(printable, job.lang)), { level: 0 }];
    taxDocumentPath.set(doc.id, path);
  }
  const orderJson = own.map((order) => ({
    id: order.id,
    createdAt: order.createdAt,
    status: order.status,
    paymentStatus: order.paymentStatus,
    service: order.serviceType,
    tier: order.tierName,
    amountFils: order.amount,
    currency: order.currency,
    couponCode: order.couponCode,
    paidAt: order.paidAt,
    refundedFils: order.refundedAmount,
    customer: {
      legalName: order.legalName,
      email: order.email,
      phone: order.phone,
      state: order.state,
      company: order.customerCompany,
      trn: order.customerTrn,
      details: order.details,
      documentLink: order.documentLink,
    },
    items: items
      .filter((item) => item.orderId === order.id)
      .map(({ serviceKey, tierName, speed, unitPrice, quantity }) => ({
        serviceKey,
        tierName,
        speed,
        unitPriceFils: unitPrice,
        quantity,
      })),
    history: events
      .filter((event) => event.orderId === order.id)
      .map(({ kind, fromValue, toValue, createdAt }) => ({ kind, from: fromValue, to: toValue, at: createdAt })),
    messages: messages
      .filter((message) => message.orderId === order.id)
      .map(({ id, side, kind, body, requestState, extensionDays, createdAt }) => ({
        side,
        kind,
        body,
        requestState,
        extensionDays,
        at: createdAt,
        documents: documents.filter((doc) => doc.messageId === id).map((doc) => documentPath.get(doc.id)),
      })),
    documents: documents
      .filter((doc) => doc.orderId === order.id)
      .map((doc) => ({
        kind: doc.kind,
        fileName: doc.fileName,
        sizeBytes: doc.sizeBytes,
        sha256: doc.sha256,
        uploadedAt: doc.createdAt,
        file: documentPath.get(doc.id),
      })),
    taxDocuments: invoices
      .filter((doc) => doc.orderId === order.id)
      .map(({ id, kind, documentNumber, issuedAt, total, totalVat, customer }) => ({
        kind,
        number: documentNumber,
        issuedAt,
        totalFils: total,
        vatFils: totalVat,
        customer,
        file: taxDocumentPath.get(id),
      })),
    refunds: refundRows
      .filter((refund) => refund.orderId === order.id)
      .map(({ amount, reason, status, createdAt, completedAt }) => ({
        amountFils: amount,
        reason,
        status,
        at: createdAt,
        completedAt,
      })),
  }));
  const inquiryRows = await db
    .select()
    .from(inquiries)
    .where(sql`lower(${inquiries.email}) = ${user.email.toLowerCase()}`)
    .orderBy(asc(inquiries.createdAt));
  const sessionRows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), eq(sessions.stage, "active")));
  const conversation = job.conversationId
    ? await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, job.conversationId))
        .orderBy(asc(chatMessages.createdAt))
    : [];
  const [conversationRow] = job.conversationId
    ? await db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(and(eq(chatConversations.id, job.conversationId), eq(chatConversations.channel, "assistant")))
    : [];

  files["README.txt"] = new TextEncoder().encode(
    fill(t.readme.join("\n"), { site: env.SITE_NAME, date: now.toISOString().slice(0, 10), email: env.CONTACT_EMAIL }) +
      "\n",
  );
  files["profile.json"] = json({
    email: user.email,
    fullName: user.fullName,
    role: user.role,
    language: user.lang,
    createdAt: user.createdAt,
    emailConfirmedAt: user.emailConfirmedAt,
    twoFactorSignIn: user.totpEnabledAt !== null,
  });
  files["orders.json"] = json(orderJson);
  files["inquiries.json"] = json(
    inquiryRows.map(
      ({ kind, fullName, email, phone, country, documentId, serviceType, message, details, status, createdAt }) => ({
        kind,
        fullName,
        email,
        phone,
        country,
        documentId,
        serviceType,
        message,
        details,
        status,
        at: createdAt,
      }),
    ),
  );
  files["sessions.json"] = json(
    sessionRows.map(({ userAgent, clientAddress, createdAt, lastSeenAt, expiresAt }) => ({
      device: userAgent,
      networkAddress: clientAddress,
      signedInAt: createdAt,
      lastActiveAt: lastSeenAt,
      expiresAt,
    })),
  );
  files["assistant.json"] = json(
    conversationRow ? conversation.map(({ role, content, createdAt }) => ({ role, content, at: createdAt })) : [],
  );
  return zipSync(files, { level: 6, mtime: now });
}

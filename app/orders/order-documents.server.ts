import { and, desc, eq, getTableColumns } from "drizzle-orm";
import { orderDocuments, orderEvents, orderMessages, orders } from "../../db/schema";
import { documentContentById } from "../documents/documents.server";
import { canWorkCase, type Viewer } from "../cases/access.server";
import { db, type Queryable } from "../db.server";
import { isUuid } from "../utils/ids";

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** A report is a PDF: judged by its first bytes ("%PDF-"), not by its name. */
export function isPdf(data: Uint8Array) {
  return (
    data.length >= 5 && data[0] === 0x25 && data[1] === 0x50 && data[2] === 0x44 && data[3] === 0x46 && data[4] === 0x2d
  );
}

export type ReportUploadResult =
  { ok: true; documentId: string } | { ok: false; error: "not-found" | "empty" | "too-large" | "not-pdf" };

/** Keeps a file name readable but harmless in a Content-Disposition header and on a disk. */
export function safeFileName(name: string, fallback = "document.pdf") {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f && !'"<>:|?*'.includes(c))
    .join("")
    .trim()
    .slice(0, 150);
  return cleaned || fallback;
}

/** Attaches a report (PDF, at most 10 MB) that the order's client can then download. */
export async function attachReport(
  input: { orderId: unknown; fileName: string; data: Buffer; actorId: string; storageKey?: string | null },
  outer: Queryable = db,
): Promise<ReportUploadResult> {
  if (!isUuid(input.orderId)) return { ok: false, error: "not-found" };
  const orderId = input.orderId;
  if (input.data.length === 0) return { ok: false, error: "empty" };
  if (input.data.length > MAX_DOCUMENT_BYTES) return { ok: false, error: "too-large" };
  if (!isPdf(input.data)) return { ok: false, error: "not-pdf" };
  const fileName = safeFileName(input.fileName, "report.pdf");
  const sha256 = (await import("node:crypto")).createHash("sha256").update(input.data).digest("hex");
  return outer.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false as const, error: "not-found" as const };
    const [doc] = await tx
      .insert(orderDocuments)
      .values({
        orderId,
        kind: "report",
        fileName,
        contentType: "application/pdf",
        sizeBytes: input.data.length,
        sha256,
        data: input.storageKey ? null : input.data,
        storageKey: input.storageKey ?? null,
        uploadedBy: input.actorId,
      })
      .returning({ id: orderDocuments.id });
    await tx.insert(orderEvents).values({ orderId, actorId: input.actorId, kind: "report", toValue: fileName });
    await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
    return { ok: true as const, documentId: doc!.id };
  });
}

/**
 * A document with its content, if `viewer` may read it: the staff who may work the case (admins,
 * or staff on their cases and the queue) read all of it; the order's client reads its documents
 * except those of internal notes. Null otherwise (answered as 404). The content is read (and
 * decrypted) only once the viewer is known to be allowed; `ownerId` is the order's client.
 */
export async function getDocumentForViewer(documentId: string, viewer: Viewer) {
  if (!isUuid(documentId)) return null;
  const { data: _content, ...metadata } = getTableColumns(orderDocuments);
  const [row] = await db
    .select({ doc: metadata, ownerId: orders.userId, assigneeId: orders.assigneeId, messageKind: orderMessages.kind })
    .from(orderDocuments)
    .innerJoin(orders, eq(orders.id, orderDocuments.orderId))
    .leftJoin(orderMessages, eq(orderMessages.id, orderDocuments.messageId))
    .where(eq(orderDocuments.id, documentId));
  if (!row) return null;
  const allowed = canWorkCase(viewer, row) || (row.ownerId === viewer.id && row.messageKind !== "note");
  if (!allowed) return null;
  // From the row or from the bucket (docs/decisions/101): the bytes come through here, never a link to the bucket.
  const data = await documentContentById(documentId);
  return data ? { ...row.doc, data, ownerId: row.ownerId } : null;
}

/** The newest report of an order, if `viewer` may read it. */
export async function getLatestReport(orderId: string, viewer: Viewer) {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({ id: orderDocuments.id })
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.kind, "report")))
    .orderBy(desc(orderDocuments.createdAt))
    .limit(1);
  return row ? getDocumentForViewer(row.id, viewer) : null;
}

/** A download response: always an attachment, never rendered by the browser as a page. */
export function documentResponse(doc: { fileName: string; contentType: string; data: Buffer; sizeBytes: number }) {
  const ascii = doc.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(doc.data), {
    headers: {
      "Content-Type": doc.contentType,
      "Content-Length": String(doc.data.length),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

import type { UserRole } from "../../db/schema";
import type { Lang } from "../i18n/lang";
import { isRecordedDocumentAccess, recordAccess } from "../privacy/access-log.server";
import { renderTaxDocumentPdf, taxDocumentFileName } from "./pdf.server";
import { printableDocument, taxDocumentForViewer } from "./tax-documents.server";

type Viewer = { id: string; fullName: string | null; email: string; role: UserRole };

/**
 * A tax invoice or credit note as a PDF for `viewer` (the order's client or an admin), in `lang`
 * or the client's language; null for anyone else or an id that does not exist. An admin opening a
 * client's invoice is recorded in the access log, like a document (docs/decisions/080).
 */
export async function taxDocumentDownload(
  documentId: string,
  viewer: Viewer,
  options: { lang?: Lang; clientAddress?: string | null } = {},
) {
  const allowed = await taxDocumentForViewer(documentId, viewer);
  if (!allowed) return null;
  const document = await printableDocument(allowed.document.id);
  if (!document) return null;
  const pdf = await renderTaxDocumentPdf(document, options.lang ?? document.lang);
  const fileName = taxDocumentFileName(document);
  if (allowed.ownerId && isRecordedDocumentAccess(viewer, allowed.ownerId)) {
    await recordAccess({
      action: "document-view",
      actor: viewer,
      subjectUserId: allowed.ownerId,
      orderId: document.orderId,
      documentId: document.id,
      fileName,
      clientAddress: options.clientAddress ?? null,
    });
  }
  return { fileName, pdf };
}

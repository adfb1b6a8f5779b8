import { registerAttachmentRenderer } from "../mail/attachments.server";
import { renderTaxDocumentPdf, taxDocumentFileName } from "./pdf.server";
import { printableDocument } from "./tax-documents.server";

/** A tax document attached to a mail, rendered when the mail is sent (from its stored, immutable data). */
export async function taxDocumentAttachment(id: string) {
  const document = await printableDocument(id);
  if (!document) return null;
  return {
    filename: taxDocumentFileName(document),
    content: await renderTaxDocumentPdf(document),
    contentType: "application/pdf",
  };
}

// Imported by the modules that queue mail with tax documents attached and by the background jobs.
registerAttachmentRenderer("tax-document", taxDocumentAttachment);

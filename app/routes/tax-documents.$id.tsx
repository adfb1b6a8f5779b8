import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "../auth/session.server";
import { isLang } from "../i18n/lang";
import { requestLang } from "../i18n/lang-cookie.server";
import { renderTaxDocumentPdf, taxDocumentFileName } from "../invoices/pdf.server";
import { printableDocument, taxDocumentForViewer } from "../invoices/tax-documents.server";
import { documentResponse } from "../orders/order-documents.server";
import { notFound } from "../http/http.server";

// A tax invoice or credit note as a PDF: the order's owner and admins only (anyone else: 404, as
// for an id that does not exist). In the client's language unless ?lang=en|ar asks for the other.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { lang: requestLang(request) });
  const allowed = await taxDocumentForViewer(params.id ?? "", user);
  if (!allowed) notFound();
  const document = await printableDocument(allowed.id);
  if (!document) notFound();
  const asked = new URL(request.url).searchParams.get("lang");
  const pdf = await renderTaxDocumentPdf(document, isLang(asked) ? asked : document.lang);
  return documentResponse({ fileName: taxDocumentFileName(document), contentType: "application/pdf", data: pdf, sizeBytes: pdf.length });
}

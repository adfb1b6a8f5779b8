import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "../auth/session.server";
import { isLang } from "../i18n/lang";
import { requestLang } from "../i18n/lang-cookie.server";
import { taxDocumentDownload } from "../invoices/tax-document-download.server";
import { documentResponse } from "../orders/order-documents.server";
import { notFound } from "../http/http.server";

// A tax invoice or credit note as a PDF: the order's owner and admins only (anyone else: 404, as
// for an id that does not exist). In the client's language unless ?lang=en|ar asks for the other.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, { lang: requestLang(request) });
  const asked = new URL(request.url).searchParams.get("lang");
  const download = await taxDocumentDownload(params.id ?? "", user, {
    lang: isLang(asked) ? asked : undefined,
    clientAddress: context.clientAddress,
  });
  if (!download) notFound();
  return documentResponse({
    fileName: download.fileName,
    contentType: "application/pdf",
    data: download.pdf,
    sizeBytes: download.pdf.length,
  });
}

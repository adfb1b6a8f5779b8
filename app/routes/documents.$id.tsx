import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "../auth/session.server";
import { requestLang } from "../i18n/lang-cookie.server";
import { documentResponse, getDocumentForViewer } from "../orders/order-documents.server";
import { notFound } from "../http/http.server";
import { isRecordedDocumentAccess, recordAccess } from "../privacy/access-log.server";
import { readStoredData } from "../privacy/unreadable.server";

// Downloads an order document (a client's upload or a staff report): the order's owner and the
// team working the case only. Anyone else gets 404, the same as for an id that does not exist.
// A member of the team opening a client's file is recorded before the file is sent (the access log).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // The URL has no language: the login page is in the visitor's remembered one.
  const lang = requestLang(request);
  const user = await requireUser(request, { lang });
  const id = params.id ?? "";
  const doc = await readStoredData(() => getDocumentForViewer(id, user), { what: `document ${id}`, lang });
  if (!doc) notFound();
  if (isRecordedDocumentAccess(user, doc.ownerId)) {
    await recordAccess({
      action: "document-view",
      actor: user,
      subjectUserId: doc.ownerId,
      orderId: doc.orderId,
      documentId: doc.id,
      fileName: doc.fileName,
      clientAddress: context.clientAddress,
    });
  }
  return documentResponse(doc);
}

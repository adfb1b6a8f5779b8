import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "../auth/session.server";
import { requestLang } from "../i18n/lang-cookie.server";
import { documentResponse, getDocumentForViewer } from "../orders/order-documents.server";
import { notFound } from "../http/http.server";

// Downloads an order document (a client's upload or a staff report): the order's owner and admins
// only. Anyone else gets 404, the same as for an id that does not exist.
export async function loader({ request, params }: LoaderFunctionArgs) {
  // The URL has no language: the login page is in the visitor's remembered one.
  const user = await requireUser(request, { lang: requestLang(request) });
  const doc = await getDocumentForViewer(params.id ?? "", user);
  if (!doc) notFound();
  return documentResponse(doc);
}

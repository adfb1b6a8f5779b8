import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "../auth/session.server";
import { canReadCase, canWorkCase } from "../cases/access.server";
import { caseVersion, liveResponse } from "../cases/live.server";
import { requestLang } from "../i18n/lang-cookie.server";
import { findCase } from "../orders/order-details.server";
import { notFound } from "../http/http.server";

// The version of an order page's data, polled by the open page (?as=staff from the back office).
// Its client and the staff who may work the case only; anyone else gets 404, as for an unknown id.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { lang: requestLang(request) });
  const order = await findCase(params.id ?? "");
  if (!order || !canReadCase(user, order)) notFound();
  const asStaff = new URL(request.url).searchParams.get("as") === "staff";
  if (asStaff && !canWorkCase(user, order)) notFound();
  if (!asStaff && order.userId !== user.id) notFound();
  return liveResponse(await caseVersion(order.id, asStaff ? "staff" : "client"));
}

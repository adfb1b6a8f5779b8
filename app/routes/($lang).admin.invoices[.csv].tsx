import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "../admin/guard.server";
import { backofficeText } from "../content/backoffice.server";
import { parseDateRange, taxDocumentsCsvResponse } from "../invoices/tax-documents.server";
import { langParam } from "../http/http.server";

// The accountant's export: invoices and credit notes issued from ?from= to ?to= (Gulf dates,
// both days included) as CSV; a bad range answers 400 with the reason.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  await requireAdmin(request);
  const parsed = parseDateRange(new URL(request.url).searchParams);
  if (!parsed.ok) {
    return new Response(backofficeText[lang].invoices.errors[parsed.error] ?? "Bad date range", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return taxDocumentsCsvResponse(parsed.range);
}

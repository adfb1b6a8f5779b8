import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "../auth/session.server";
import { privacyText } from "../content/privacy.server";
import { requestLang } from "../i18n/lang-cookie.server";
import { documentResponse } from "../orders/order-documents.server";
import { exportForDownload } from "../privacy/data-export.server";
import { readStoredData } from "../privacy/unreadable.server";

// A "Download my data" archive: only for the signed-in account it belongs to, while it is ready
// and within its 7 days. Another account's, an expired or an unknown one: 404 with a short note.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = requestLang(request);
  const user = await requireUser(request, { lang });
  const id = params.id ?? "";
  const found = await readStoredData(() => exportForDownload(id, user.id), { what: `data export ${id}`, lang });
  if (!found) {
    throw new Response(privacyText[lang].export.expired, {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const day = found.createdAt.toISOString().slice(0, 10);
  return documentResponse({
    fileName: `my-data-${day}.zip`,
    contentType: "application/zip",
    data: found.archive,
    sizeBytes: found.archive.length,
  });
}

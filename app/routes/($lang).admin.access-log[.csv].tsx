import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "../admin/guard.server";
import { accessLogCsv } from "../privacy/access-log.server";
import { langParam } from "../http/http.server";

// The access log (who opened which client's file, data exports, closures) as CSV, for admins.
export async function loader({ request, params }: LoaderFunctionArgs) {
  langParam(params);
  await requireAdmin(request);
  return new Response(await accessLogCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="access-log-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "../admin/guard.server";
import { ordersCsvResponse } from "../orders/order-export.server";
import { parseAdminOrderFilters } from "../orders/order-lists.server";
import { langParam } from "../http/http.server";

// Export Data: the admin list's current filter (search, status, assignment, due time; all pages) as
// a streamed CSV, stopped when the client goes away.
export async function loader({ request, params }: LoaderFunctionArgs) {
  langParam(params);
  const admin = await requireAdmin(request);
  const filters = parseAdminOrderFilters(new URL(request.url).searchParams);
  return await ordersCsvResponse(filters, new Date(), undefined, {
    viewer: { id: admin.id, role: admin.role },
    signal: request.signal,
  });
}

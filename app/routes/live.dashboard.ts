import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "../auth/session.server";
import { dashboardVersion, liveResponse } from "../cases/live.server";
import { requestLang } from "../i18n/lang-cookie.server";

// The version of the signed-in client's order list, polled by the open dashboard.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { lang: requestLang(request) });
  return liveResponse(await dashboardVersion(user.id));
}

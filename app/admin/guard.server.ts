import { data } from "@remix-run/node";
import { requireUser, type SessionUser } from "../auth/session.server";
import { backofficeText } from "../content/backoffice.server";
import { langFromPath } from "../i18n/lang";

export { requireAdmin } from "../auth/session.server";

/**
 * The admin behind a state-changing request. Anonymous visitors are sent to sign in; a signed-in
 * client gets 403 and nothing is changed (a crafted POST is refused, not redirected).
 */
export async function requireAdminAction(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") {
    const lang = langFromPath(new URL(request.url).pathname);
    throw data({ error: backofficeText[lang].admin.forbidden }, { status: 403 });
  }
  return user;
}

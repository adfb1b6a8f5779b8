import { data, redirect } from "@remix-run/node";
import { requireUser, type RequireUserOptions, type SessionUser } from "../auth/session.server";
import { isStaffRole } from "../cases/access.server";
import { backofficeText } from "../content/backoffice.server";
import { langFromPath, localizePath } from "../i18n/lang";

function forbidden(request: Request): never {
  const lang = langFromPath(new URL(request.url).pathname);
  throw data({ error: backofficeText[lang].admin.forbidden }, { status: 403 });
}

/**
 * The admin behind a state-changing request. Anonymous visitors are sent to sign in; a signed-in
 * client or member of staff gets 403 and nothing is changed (a crafted POST is refused, not redirected).
 */
export async function requireAdminAction(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") forbidden(request);
  return user;
}

/**
 * An admin (users, coupons, inquiries, performance, the CSV export); anonymous visitors go to the
 * login page, staff to their cases, clients to their dashboard.
 */
export async function requireAdmin(request: Request, options: RequireUserOptions = {}): Promise<SessionUser> {
  const user = await requireUser(request, options);
  if (user.role !== "admin")
    throw redirect(
      localizePath(langFromPath(new URL(request.url).pathname), isStaffRole(user.role) ? "/admin" : "/dashboard"),
    );
  return user;
}

/** Staff or an admin (the back office's case pages); anonymous visitors go to the login page, clients to their dashboard. */
export async function requireStaff(request: Request, options: RequireUserOptions = {}): Promise<SessionUser> {
  const user = await requireUser(request, options);
  if (!isStaffRole(user.role)) throw redirect(localizePath(langFromPath(new URL(request.url).pathname), "/dashboard"));
  return user;
}

/** Staff or an admin behind a state-changing request; a client gets 403. */
export async function requireStaffAction(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isStaffRole(user.role)) forbidden(request);
  return user;
}

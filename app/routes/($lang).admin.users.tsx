import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { requireAdmin, requireAdminAction } from "../admin/guard.server";
import { changeUserRole, listUsers, parseUserFilters, USER_ROLES } from "../admin/users.server";
import { pageLinks } from "../admin/keyset.server";
import { fill } from "../i18n/fill";
import { AdminNav } from "../components/admin/admin-nav";
import { PageLinks } from "../components/ui/page-links";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { inputClasses } from "../components/ui/field";
import { Container } from "../components/ui/section";
import { TableScroll } from "../components/ui/table-scroll";
import { backofficeText } from "../content/backoffice.server";
import { formatDate } from "../i18n/format";
import { localizePath } from "../i18n/lang";
import { pageHead } from "../seo/page-head.server";
import { formOrEmpty, langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { safeRedirectPath } from "../utils/safe-redirect";
import { redirectWithToast } from "../forms/toast.server";
import { resilientClientAction } from "../forms/submission-client-action";
import { ResilientForm } from "../components/forms/resilient-form";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const admin = await requireAdmin(request);
  const url = new URL(request.url);
  const filters = parseUserFilters(url.searchParams);
  const list = await listUsers(filters);
  const t = backofficeText[lang];
  return {
    meta: pageHead(request, t.users.meta),
    q: filters.q,
    role: filters.role,
    roles: USER_ROLES,
    resultsLabel: fill(list.total.exact ? t.users.results : t.users.resultsMore, { count: list.total.count }),
    // Keyset pages (decision 093): links made here, with the filters kept and a signed cursor.
    pages: pageLinks(url.searchParams, list),
    users: list.rows.map((u) => ({
      id: u.id,
      email: u.email,
      fullName: u.fullName,
      role: u.role,
      verified: u.emailConfirmedAt !== null,
      orderCount: u.orderCount,
      joined: formatDate(u.createdAt, lang),
      self: u.id === admin.id,
      /** The roles the account can be given from the one it has. */
      roleChanges: USER_ROLES.filter((role) => role !== u.role),
    })),
    text: t.users,
    pagination: t.pagination,
    nav: t.admin.nav,
  };
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const admin = await requireAdminAction(request);
  const form = await formOrEmpty(request);
  const t = backofficeText[lang];
  const back = safeRedirectPath(form.get("returnTo"), localizePath(lang, "/admin/users"));
  const result = await changeUserRole({ userId: form.get("userId"), role: form.get("role"), actorId: admin.id });
  if (!result.ok) {
    return redirectWithToast(
      back,
      { kind: "error", title: result.error === "self" ? t.users.self : t.admin.invalidInput },
      { status: 303 },
    );
  }
  return redirectWithToast(back, { kind: "success", title: t.users.roleChanged }, { status: 303 });
}

export default function AdminUsers() {
  const { q, role, roles, resultsLabel, pages, users, text, pagination, nav } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <Container className="space-y-6 py-10">
      <AdminNav text={nav} />
      <h1 className="text-3xl font-bold text-navy-900">{text.title}</h1>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1 space-y-1">
          <label htmlFor="user-search" className="block text-sm font-semibold">
            {text.search}
          </label>
          <input id="user-search" name="q" type="search" defaultValue={q} maxLength={100} className={inputClasses} />
        </div>
        <div className="space-y-1">
          <label htmlFor="user-role" className="block text-sm font-semibold">
            {text.roleFilter}
          </label>
          <select id="user-role" name="role" defaultValue={role} className={inputClasses}>
            <option value="all">{text.allRoles}</option>
            {roles.map((value) => (
              <option key={value} value={value}>
                {text.role[value] ?? value}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">{text.apply}</Button>
      </Form>
      <p className="text-sm font-semibold text-slate-700" data-testid="user-results">
        {resultsLabel}
      </p>
      {users.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center font-semibold">
          {text.none}
        </p>
      ) : (
        <TableScroll label={text.title}>
          <table className="w-full text-sm" data-testid="users">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {[
                  text.columns.user,
                  text.columns.role,
                  text.columns.verified,
                  text.columns.orders,
                  text.columns.joined,
                  text.columns.actions,
                ].map((label) => (
                  <th key={label} scope="col" className="px-3 py-2 text-start font-semibold">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {users.map((u) => (
                <tr key={u.id} data-user={u.email}>
                  <td className="px-3 py-2">
                    <div className="font-medium">
                      {u.fullName ?? u.email} {u.self ? <span className="text-slate-600">{text.you}</span> : null}
                    </div>
                    <div className="text-xs text-slate-600">
                      <bdi>{u.email}</bdi>
                    </div>
                  </td>
                  <td className="px-3 py-2">
                    <Badge tone={u.role === "admin" ? "navy" : u.role === "staff" ? "blue" : "grey"}>
                      {text.role[u.role] ?? u.role}
                    </Badge>
                  </td>
                  <td className="px-3 py-2">{u.verified ? text.yes : text.no}</td>
                  <td className="px-3 py-2">{u.orderCount}</td>
                  <td className="px-3 py-2">{u.joined}</td>
                  <td className="px-3 py-2">
                    {u.self ? null : (
                      <div className="flex flex-wrap gap-2">
                        {u.roleChanges.map((role) => (
                          <ResilientForm key={role} method="post">
                            <input type="hidden" name="userId" value={u.id} />
                            <input type="hidden" name="role" value={role} />
                            <input type="hidden" name="returnTo" value={location.pathname + location.search} />
                            <Button type="submit" variant="secondary" size="sm">
                              {text.makeRole[role]}
                              <span className="sr-only"> {u.email}</span>
                            </Button>
                          </ResilientForm>
                        ))}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <PageLinks links={pages} text={pagination} />
    </Container>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { isInquiryStatus, listInquiries, parseInquiryFilters, setInquiryStatus } from "../admin/inquiries.server";
import { requireAdmin, requireAdminAction } from "../admin/guard.server";
import { AdminNav } from "../components/admin/admin-nav";
import { LocalizedLink } from "../components/layout/localized-link";
import { PageLinks } from "../components/ui/page-links";
import { pageLinks } from "../admin/keyset.server";
import { fill } from "../i18n/fill";
import { Badge, type BadgeTone } from "../components/ui/badge";
import { InquiryStatusButtons } from "../components/admin/inquiry-status-buttons";
import { Button } from "../components/ui/button";
import { inputClasses } from "../components/ui/field";
import { Container } from "../components/ui/section";
import { backofficeText } from "../content/backoffice.server";
import { formatDateTime } from "../i18n/format";
import { localizePath } from "../i18n/lang";
import { pageHead } from "../seo/page-head.server";
import { formOrEmpty, langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { safeRedirectPath } from "../utils/safe-redirect";
import { redirectWithToast } from "../forms/toast.server";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  await requireAdmin(request);
  const url = new URL(request.url);
  const filters = parseInquiryFilters(url.searchParams);
  const list = await listInquiries(filters);
  const t = backofficeText[lang];
  return {
    meta: pageHead(request, t.inquiries.meta),
    filters: { q: filters.q, status: filters.status, service: filters.service },
    // A service asked for in the URL stays selectable even when no inquiry carries it any more.
    services:
      filters.service && !list.services.includes(filters.service) ? [filters.service, ...list.services] : list.services,
    resultsLabel: fill(list.total.exact ? t.inquiries.results : t.inquiries.resultsMore, { count: list.total.count }),
    // Keyset pages (decision 093): links made here, with the filters kept and a signed cursor.
    pages: pageLinks(url.searchParams, list),
    rows: list.rows.map((row) => ({
      ...row,
      createdAt: formatDateTime(row.createdAt, lang),
      dateTime: row.createdAt.toISOString(),
    })),
    text: t.inquiries,
    pagination: t.pagination,
    nav: t.admin.nav,
  };
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  await requireAdminAction(request);
  const form = await formOrEmpty(request);
  const back = safeRedirectPath(form.get("returnTo"), localizePath(lang, "/admin/inquiries"));
  const t = backofficeText[lang];
  const status = form.get("status");
  if (!isInquiryStatus(status) || !(await setInquiryStatus(form.get("id"), status))) {
    return redirectWithToast(back, { kind: "error", title: t.admin.invalidInput }, { status: 303 });
  }
  return redirectWithToast(
    back,
    { kind: "success", title: t.inquiries.updated, description: t.inquiries.status[status] },
    { status: 303 },
  );
}

const tones: Record<string, BadgeTone> = { new: "yellow", contacted: "blue", closed: "grey" };

export default function AdminInquiries() {
  const { filters, services, rows, resultsLabel, pages, text, pagination, nav } = useLoaderData<typeof loader>();
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  return (
    <Container className="space-y-6 py-10">
      <AdminNav text={nav} />
      <h1 className="text-3xl font-bold text-navy-900">{text.title}</h1>
      <Form
        method="get"
        role="search"
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <div className="min-w-64 flex-1 space-y-1">
          <label htmlFor="inquiry-search" className="block text-sm font-semibold">
            {text.search}
          </label>
          <input
            id="inquiry-search"
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={100}
            className={inputClasses}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor="inquiry-status" className="block text-sm font-semibold">
            {text.statusFilter}
          </label>
          <select id="inquiry-status" name="status" defaultValue={filters.status} className={inputClasses}>
            <option value="all">{text.allStatus}</option>
            {Object.entries(text.status).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor="inquiry-service" className="block text-sm font-semibold">
            {text.serviceFilter}
          </label>
          <select id="inquiry-service" name="service" defaultValue={filters.service} className={inputClasses}>
            <option value="">{text.allServices}</option>
            {services.map((service) => (
              <option key={service} value={service}>
                {service}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">{text.apply}</Button>
      </Form>
      <p className="text-sm font-semibold text-slate-700" data-testid="inquiry-results">
        {resultsLabel}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center font-semibold">
          {text.none}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="inquiries">
          {rows.map((row) => (
            <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-4" data-inquiry-id={row.id}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <p className="font-semibold text-navy-900">
                    {row.fullName}{" "}
                    <span className="font-normal text-slate-600">· {text.kind[row.kind] ?? row.kind}</span>
                  </p>
                  <p className="text-sm text-slate-700">
                    <bdi>{row.email}</bdi> · <bdi>{row.phone}</bdi> · {row.serviceType}
                  </p>
                  <p className="text-xs text-slate-600">
                    <time dateTime={row.dateTime}>{row.createdAt}</time>
                  </p>
                </div>
                <Badge tone={tones[row.status] ?? "grey"}>{text.status[row.status] ?? row.status}</Badge>
              </div>
              {row.excerpt ? <p className="mt-2 line-clamp-2 text-sm text-slate-700">{row.excerpt}</p> : null}
              <div className="mt-3 flex flex-wrap gap-2">
                <LocalizedLink
                  to={`/admin/inquiries/${row.id}`}
                  className="inline-flex min-h-11 items-center text-sm font-semibold text-navy-700 underline underline-offset-4"
                >
                  {text.open}
                  <span className="sr-only"> {row.fullName}</span>
                </LocalizedLink>
                <InquiryStatusButtons id={row.id} status={row.status} returnTo={returnTo} text={text} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <PageLinks links={pages} text={pagination} />
    </Container>
  );
}

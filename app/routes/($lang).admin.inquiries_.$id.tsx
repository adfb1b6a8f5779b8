import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { getInquiry } from "../admin/inquiries.server";
import { requireAdmin } from "../admin/guard.server";
import { AdminNav } from "../components/admin/admin-nav";
import { InquiryStatusButtons } from "../components/admin/inquiry-status-buttons";
import { LocalizedLink } from "../components/layout/localized-link";
import { Badge } from "../components/ui/badge";
import { Card } from "../components/ui/card";
import { Container } from "../components/ui/section";
import { backofficeText } from "../content/backoffice.server";
import { formatDateTime } from "../i18n/format";
import { pageHead } from "../seo/page-head.server";
import { langParam, notFound } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  await requireAdmin(request);
  const inquiry = await getInquiry(params.id ?? "");
  if (!inquiry) notFound();
  const t = backofficeText[lang];
  return {
    meta: pageHead(request, { ...t.inquiries.meta, title: `${t.inquiries.title}: ${inquiry.fullName}` }),
    inquiry: {
      id: inquiry.id,
      kind: inquiry.kind,
      fullName: inquiry.fullName,
      email: inquiry.email,
      phone: inquiry.phone,
      country: inquiry.country,
      documentId: inquiry.documentId,
      serviceType: inquiry.serviceType,
      message: inquiry.message,
      details: Object.entries(inquiry.details),
      sourcePageUrl: inquiry.sourcePageUrl,
      status: inquiry.status,
      createdAt: formatDateTime(inquiry.createdAt, lang),
    },
    text: t.inquiries,
    nav: t.admin.nav,
  };
}

export const meta = metaFromLoader;

export default function AdminInquiry() {
  const { inquiry, text, nav } = useLoaderData<typeof loader>();
  const location = useLocation();
  const rows: Array<[string, string | null]> = [
    [text.columns.contact, `${inquiry.email} · ${inquiry.phone}`],
    [text.columns.service, inquiry.serviceType],
    [text.country, inquiry.country],
    [text.documentId, inquiry.documentId],
    [text.source, inquiry.sourcePageUrl],
    [text.columns.received, inquiry.createdAt],
  ];
  return (
    <Container className="space-y-6 py-10">
      <AdminNav text={nav} />
      <LocalizedLink to="/admin/inquiries" className="text-sm font-semibold text-navy-700 underline underline-offset-4">
        {text.back}
      </LocalizedLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-navy-900">{inquiry.fullName}</h1>
        <Badge>{text.status[inquiry.status] ?? inquiry.status}</Badge>
        <span className="text-slate-600">{text.kind[inquiry.kind] ?? inquiry.kind}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        <InquiryStatusButtons id={inquiry.id} status={inquiry.status} returnTo={location.pathname} text={text} />
      </div>
      <Card>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          {rows
            .filter((row): row is [string, string] => Boolean(row[1]))
            .map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-600">{label}</dt>
                <dd className="break-words font-medium">
                  <bdi>{value}</bdi>
                </dd>
              </div>
            ))}
          {inquiry.details.map(([key, value]) => (
            <div key={key}>
              <dt className="text-slate-600">{key}</dt>
              <dd className="break-words font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      {inquiry.message ? (
        <Card>
          <h2 className="text-lg font-bold text-navy-900">{text.message}</h2>
          <p className="mt-2 whitespace-pre-line text-slate-800">{inquiry.message}</p>
        </Card>
      ) : null}
    </Container>
  );
}

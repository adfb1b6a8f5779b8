import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "../admin/guard.server";
import { AdminNav } from "../components/admin/admin-nav";
import { LocalizedLink } from "../components/layout/localized-link";
import { Button, buttonClasses } from "../components/ui/button";
import { TextField } from "../components/ui/field";
import { Notice } from "../components/ui/notice";
import { Container } from "../components/ui/section";
import { backofficeText } from "../content/backoffice.server";
import { fill } from "../i18n/fill";
import { formatDate, formatMoney } from "../i18n/format";
import { localizePath } from "../i18n/lang";
import { listTaxDocuments, parseDateRange, taxDocumentCursor } from "../invoices/tax-documents.server";
import { pageLinks } from "../admin/keyset.server";
import { PageLinks } from "../components/ui/page-links";
import { pageHead } from "../seo/page-head.server";
import { langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

// Tax invoices and credit notes issued in a period (a GET form: works without JavaScript, and the
// URL can be bookmarked), with the CSV the accountant takes away.
async function invoicesPage({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  await requireAdmin(request);
  const t = backofficeText[lang];
  const url = new URL(request.url);
  const parsed = parseDateRange(url.searchParams);
  const base = {
    meta: pageHead(request, t.invoices.meta),
    text: t.invoices,
    pagination: t.pagination,
    nav: t.admin.nav,
  };
  if (!parsed.ok)
    return {
      ...base,
      from: parsed.from,
      to: parsed.to,
      error: t.invoices.errors[parsed.error] ?? t.invoices.errors.from!,
      list: null,
    };
  const { range } = parsed;
  const list = await listTaxDocuments(range, { cursor: taxDocumentCursor(url.searchParams, range) });
  const signed = (kind: string, fils: number) => formatMoney(kind === "credit_note" ? -fils : fils, lang);
  return {
    ...base,
    from: range.from,
    to: range.to,
    error: null,
    list: {
      csvHref: `${localizePath(lang, "/admin/invoices.csv")}?${new URLSearchParams({ from: range.from, to: range.to })}`,
      summary: fill(t.invoices.summary, {
        count: list.count,
        vat: formatMoney(list.netVat, lang),
        total: formatMoney(list.netTotal, lang),
      }),
      // Keyset pages (decision 093): links made here, with the period kept and a signed cursor.
      pages: pageLinks(url.searchParams, list),
      rows: list.rows.map((d) => ({
        id: d.id,
        orderId: d.orderId,
        number: d.documentNumber,
        kind: t.invoices.kind[d.kind] ?? d.kind,
        issued: formatDate(d.issuedAt, lang),
        customer: d.customer.company ? `${d.customer.name} (${d.customer.company})` : d.customer.name,
        taxable: signed(d.kind, d.totalTaxable),
        vat: signed(d.kind, d.totalVat),
        total: signed(d.kind, d.total),
      })),
    },
  };
}

type InvoicesPage = Awaited<ReturnType<typeof invoicesPage>>;

export async function loader(args: LoaderFunctionArgs) {
  const page = await invoicesPage(args);
  // A date range that cannot be read is a bad request (the page says why).
  return data(page, { status: page.error ? 400 : 200 });
}

export const meta = metaFromLoader;
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function AdminInvoices() {
  const page = useLoaderData() as InvoicesPage;
  const { text } = page;
  const c = text.columns;
  return (
    <Container className="space-y-6 py-10">
      <AdminNav text={page.nav} />
      <div>
        <h1 className="text-3xl font-bold text-navy-900">{text.title}</h1>
        <p className="mt-1 text-slate-700">{text.intro}</p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-4" data-testid="invoice-range">
        <TextField id="invoices-from" name="from" type="date" label={text.from} defaultValue={page.from} required />
        <TextField id="invoices-to" name="to" type="date" label={text.to} defaultValue={page.to} required />
        <Button type="submit" variant="secondary">
          {text.show}
        </Button>
        {page.list ? (
          <a href={page.list.csvHref} className={buttonClasses("primary", "md")} download>
            {text.download}
          </a>
        ) : null}
      </Form>
      {page.error ? <Notice kind="error" title={page.error} /> : null}
      {page.list ? (
        <section aria-label={text.title} className="space-y-3">
          <p className="font-semibold text-navy-900" data-testid="invoice-summary">
            {page.list.summary}
          </p>
          {page.list.rows.length === 0 ? (
            <p className="text-slate-700">{text.none}</p>
          ) : (
            <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
              <table className="w-full text-sm" data-testid="tax-documents">
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    {[c.number, c.kind, c.issued, c.order, c.customer, c.taxable, c.vat, c.total].map((label) => (
                      <th key={label} scope="col" className="px-3 py-2 text-start font-semibold">
                        {label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {page.list.rows.map((row) => (
                    <tr key={row.id}>
                      <td className="px-3 py-2 font-mono">
                        <a
                          href={`/tax-documents/${row.id}`}
                          className="text-navy-700 underline underline-offset-4"
                          download
                        >
                          {row.number}
                        </a>
                      </td>
                      <td className="px-3 py-2">{row.kind}</td>
                      <td className="px-3 py-2">{row.issued}</td>
                      <td className="px-3 py-2 font-mono">
                        <LocalizedLink
                          to={`/admin/orders/${row.orderId}`}
                          className="text-navy-700 underline underline-offset-4"
                        >
                          {row.orderId.slice(0, 8)}
                        </LocalizedLink>
                      </td>
                      <td className="px-3 py-2">{row.customer}</td>
                      <td className="px-3 py-2 text-end">
                        <bdi>{row.taxable}</bdi>
                      </td>
                      <td className="px-3 py-2 text-end">
                        <bdi>{row.vat}</bdi>
                      </td>
                      <td className="px-3 py-2 text-end">
                        <bdi>{row.total}</bdi>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <PageLinks links={page.list.pages} text={page.pagination} />
        </section>
      ) : null}
    </Container>
  );
}

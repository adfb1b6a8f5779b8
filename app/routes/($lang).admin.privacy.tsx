import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "../admin/guard.server";
import { AdminNav } from "../components/admin/admin-nav";
import { buttonClasses } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Container } from "../components/ui/section";
import { backofficeText } from "../content/backoffice.server";
import { privacyText } from "../content/privacy.server";
import { fill } from "../i18n/fill";
import { formatDateTime } from "../i18n/format";
import { localizePath } from "../i18n/lang";
import { privacyOverview } from "../privacy/admin-overview.server";
import { pageHead } from "../seo/page-head.server";
import { langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
export { shouldRevalidate } from "../forms/submit-failure";

// Admins: accounts waiting for the closure job, data exports, and the newest access-log entries
// with the whole log as CSV.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const viewer = await requireAdmin(request);
  const t = privacyText[lang].admin;
  const { closures, exportRows, log } = await privacyOverview();
  return {
    meta: pageHead(request, t.meta),
    nav: { text: backofficeText[lang].admin.nav, role: viewer.role },
    text: t,
    csvUrl: localizePath(lang, "/admin/access-log.csv"),
    closures: closures.map((row) => ({
      id: row.id,
      text: fill(t.closureRow, {
        email: row.email,
        closed: formatDateTime(row.closedAt, lang),
        due: formatDateTime(row.dueBy, lang),
      }),
    })),
    exports: exportRows.map((row) => ({
      id: row.id,
      text: fill(t.exportRow, {
        email: row.email,
        status: t.exportStatus[row.status] ?? row.status,
        date: formatDateTime(row.createdAt, lang),
      }),
    })),
    log: log.map((row) => ({
      id: row.id,
      date: formatDateTime(row.createdAt, lang),
      text: fill(t.logRow, {
        who: row.actorName ?? "—",
        action: t.actions[row.action] ?? row.action,
        file: row.fileName ?? "",
      }).trim(),
    })),
  };
}

export const meta = metaFromLoader;

export default function AdminPrivacy() {
  const { nav, text, csvUrl, closures, exports, log } = useLoaderData<typeof loader>();
  const list = (rows: Array<{ id: string; text: string }>, empty: string, testId: string) =>
    rows.length === 0 ? (
      <p className="mt-2 text-sm text-slate-600">{empty}</p>
    ) : (
      <ul className="mt-3 space-y-1 text-sm" data-testid={testId}>
        {rows.map((row) => (
          <li key={row.id}>{row.text}</li>
        ))}
      </ul>
    );
  return (
    <Container className="space-y-6 py-10">
      <h1 className="text-3xl font-bold text-navy-900">{text.title}</h1>
      <AdminNav text={nav.text} role={nav.role} />
      <Card>
        <h2 className="text-lg font-bold text-navy-900">{text.closuresTitle}</h2>
        {list(closures, text.closuresEmpty, "pending-closures")}
      </Card>
      <Card>
        <h2 className="text-lg font-bold text-navy-900">{text.exportsTitle}</h2>
        {list(exports, text.exportsEmpty, "data-exports")}
      </Card>
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-bold text-navy-900">{text.logTitle}</h2>
          <a href={csvUrl} className={buttonClasses("secondary", "sm")} download>
            {text.logExport}
          </a>
        </div>
        <p className="mt-1 text-sm text-slate-700">{text.logIntro}</p>
        <ul className="mt-3 space-y-1 text-sm" data-testid="access-log">
          {log.map((row) => (
            <li key={row.id}>
              <span className="text-slate-600">{row.date}</span> · {row.text}
            </li>
          ))}
        </ul>
      </Card>
    </Container>
  );
}

import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { adminOrdersPage, updateStatusFromForm } from "../admin/admin-orders.server";
import { requireStaff, requireStaffAction } from "../admin/guard.server";
import { SignOutForm } from "../components/account/sign-out-form";
import { AdminNav } from "../components/admin/admin-nav";
import { AdminOrders } from "../components/admin/admin-orders";
import { LocalizedLink } from "../components/layout/localized-link";
import { buttonClasses } from "../components/ui/button";
import { Container } from "../components/ui/section";
import { accountText } from "../content/accounts.server";
import { backofficeText } from "../content/backoffice.server";
import { casesText } from "../content/cases.server";
import { fill } from "../i18n/fill";
import { localizePath } from "../i18n/lang";
import { pageHead } from "../seo/page-head.server";
import { formOrEmpty, langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { safeRedirectPath } from "../utils/safe-redirect";
import { redirectWithToast } from "../forms/toast.server";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

async function loadAdminIndex({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const viewer = await requireStaff(request);
  const t = accountText[lang];
  const c = casesText[lang].list;
  const orders = await adminOrdersPage(lang, new URL(request.url), viewer);
  const isAdmin = viewer.role === "admin";
  return {
    orders,
    nav: { text: backofficeText[lang].admin.nav, role: viewer.role },
    meta: pageHead(request, isAdmin ? t.admin.meta : { ...t.admin.meta, title: c.staffTitle }),
    text: {
      title: isAdmin ? t.admin.title : c.staffTitle,
      signedInAs: fill(isAdmin ? t.admin.signedInAs : c.staffSignedInAs, { email: viewer.email }),
      settings: t.dashboard.settings,
      signOut: t.dashboard.signOut,
    },
  };
}

export async function loader(args: LoaderFunctionArgs) {
  const page = await loadAdminIndex(args);
  // The list's database time, for the benchmark and the browser's developer tools.
  return data(page, { headers: { "Server-Timing": `db;dur=${page.orders.queryMs}` } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const timing = loaderHeaders.get("Server-Timing");
  if (timing) headers.set("Server-Timing", timing);
  return headers;
};

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;

// Update Status from the case list (a plain form, or a fetcher with JavaScript): back to the same
// filtered page with a toast. Clients get 403 and nothing changes; staff change only their cases and the queue.
export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const viewer = await requireStaffAction(request);
  const form = await formOrEmpty(request);
  const { toast } = await updateStatusFromForm(form, viewer, lang);
  return redirectWithToast(safeRedirectPath(form.get("returnTo"), localizePath(lang, "/admin")), toast, {
    status: 303,
  });
}

export default function AdminDashboard() {
  const { text, orders, nav } = useLoaderData() as Awaited<ReturnType<typeof loadAdminIndex>>;
  return (
    <Container className="space-y-6 py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-navy-900">{text.title}</h1>
          <p className="mt-1 text-slate-700">{text.signedInAs}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LocalizedLink to="/dashboard/settings" className={buttonClasses("secondary", "sm")}>
            {text.settings}
          </LocalizedLink>
          <SignOutForm label={text.signOut} />
        </div>
      </div>
      <AdminNav text={nav.text} role={nav.role} />
      <AdminOrders data={orders} />
    </Container>
  );
}

import crypto from "node:crypto";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MAX_MESSAGE_LENGTH } from "../../db/schema";
import { settableStatuses, updateStatusFromForm, userNames } from "../admin/admin-orders.server";
import { requireStaff, requireStaffAction } from "../admin/guard.server";
import { staffMembers } from "../admin/users.server";
import { canWorkCase } from "../cases/access.server";
import { handleCasePost } from "../cases/case-action.server";
import { caseComponentText, threadView, turnaroundView } from "../cases/case-view.server";
import { caseVersion, LIVE_POLL } from "../cases/live.server";
import { loadThread, STAFF_KINDS } from "../cases/messages.server";
import { MANUAL_REFUND_FLAG } from "../cases/refund.server";
import { AssignmentCard } from "../components/cases/assignment-card";
import { CaseThread, type CaseRefusal } from "../components/cases/case-thread";
import { DueTime } from "../components/cases/due-badge";
import { useLiveUpdates } from "../components/cases/use-live-updates";
import { AdminNav } from "../components/admin/admin-nav";
import { LocalizedLink } from "../components/layout/localized-link";
import { DocumentList, OrderCustomerDetails, OrderHeading, OrderHistory, OrderLines } from "../components/orders/order-details";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { SelectField, TextAreaField } from "../components/ui/field";
import { Container } from "../components/ui/section";
import { backofficeText } from "../content/backoffice.server";
import { casesText } from "../content/cases.server";
import { fill } from "../i18n/fill";
import { localizePath } from "../i18n/lang";
import { formatMoney } from "../i18n/format";
import { attachReport, findCase, getAdminOrder, saveInternalNote } from "../orders/order-queries.server";
import { orderView } from "../orders/order-view.server";
import { ACCEPT_ATTRIBUTE, isMultipart, parseUploadForm, UploadRejected, UPLOAD_LIMITS } from "../orders/uploads.server";
import { formOrEmpty, langParam, notFound } from "../utils/http.server";
import { metaFromLoader } from "../utils/meta";
import { redirectWithToast } from "../utils/toast.server";
import { usePagePath } from "../components/cases/page-path";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const viewer = await requireStaff(request);
  // Staff see their cases and the queue; any other order answers 404, as for an unknown id.
  const found = await findCase(params.id ?? "");
  if (!found || !canWorkCase(viewer, found)) notFound();
  const order = await getAdminOrder(found.id);
  if (!order) notFound();
  const [thread, version, staffOptions] = await Promise.all([loadThread(order.id, "staff"), caseVersion(order.id, "staff"), viewer.role === "admin" ? staffMembers() : Promise.resolve(null)]);
  const t = backofficeText[lang];
  const c = casesText[lang];
  const assigneeName = order.assigneeId ? (await userNames([order.assigneeId])).get(order.assigneeId) ?? "" : null;
  const paymentFlag =
    order.paymentFlag === MANUAL_REFUND_FLAG
      ? fill(c.refund.label, { amount: formatMoney(order.paidAmount ?? order.amount, lang, "code") })
      : order.paymentFlag
      ? fill(t.adminOrder.paymentFlag, { flag: order.paymentFlag })
      : null;
  return {
    meta: { ...t.adminOrder.meta, title: fill(t.adminOrder.title, { id: order.id.slice(0, 8) }) },
    order: orderView(order, lang, "admin"),
    customer: { name: order.customer.fullName, email: order.customer.email },
    internalNote: order.internalNote ?? "",
    paymentFlag,
    // Staff never cancel, nor change a cancelled order: that may involve money.
    statusOptions: order.status === "cancelled" && viewer.role !== "admin" ? null : settableStatuses(viewer).map((value) => ({ value, label: t.status[value] ?? value })),
    text: t.adminOrder,
    orderText: t.orderPage,
    nav: { text: t.admin.nav, role: viewer.role },
    caseText: caseComponentText(lang),
    thread: threadView(thread, { viewer, audience: "staff", lang }),
    turnaround: turnaroundView(order, lang),
    form: {
      submissionId: crypto.randomUUID(),
      accept: ACCEPT_ATTRIBUTE,
      maxLength: MAX_MESSAGE_LENGTH,
      kinds: STAFF_KINDS.map((kind) => ({ value: kind, label: c.form.kinds[kind] ?? kind })),
    },
    assignment: {
      summary: assigneeName === null ? c.assignment.unassigned : order.assigneeId === viewer.id ? c.assignment.assignedToYou : fill(c.assignment.assignedTo, { name: assigneeName }),
      assigneeId: order.assigneeId,
      options: staffOptions?.map((member) => ({ value: member.id, label: `${member.name} (${t.users.role[member.role] ?? member.role})` })) ?? null,
      canTake: viewer.role !== "admin" && order.assigneeId === null,
      canRelease: viewer.role !== "admin" && order.assigneeId === viewer.id,
    },
    live: { url: `/live/orders/${order.id}?as=staff`, version, ...LIVE_POLL },
  };
}

export const meta = metaFromLoader;

// The case's forms post here: status (with an optional history note), internal note, report upload
// (multipart), a message (multipart, ?intent=message), a decision on a request, an assignment.
export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const viewer = await requireStaffAction(request);
  // Before the body is read: a case this viewer may not work is 404.
  const found = await findCase(params.id ?? "");
  if (!found || !canWorkCase(viewer, found)) notFound();
  const orderId = found.id;
  const t = backofficeText[lang].adminOrder;
  const back = localizePath(lang, `/admin/orders/${orderId}`);
  const url = new URL(request.url);

  if (url.searchParams.get("intent") === "message" || !isMultipart(request)) {
    const form = url.searchParams.get("intent") === "message" ? undefined : await formOrEmpty(request);
    const intent = form?.get("intent");
    if (!form || intent === "message" || intent === "resolve" || intent === "assign") {
      const outcome = await handleCasePost({ request, viewer, orderId, side: "staff", lang, orderStatus: found.status, form });
      if (outcome.kind === "not-found") notFound();
      if (outcome.kind === "refused")
        return data<CaseRefusal>({ intent: outcome.intent, error: outcome.error, values: outcome.values, filesDropped: outcome.filesDropped }, { status: outcome.status });
      return redirectWithToast(back + (outcome.messageId ? `#message-${outcome.messageId}` : "#conversation"), outcome.toast, { status: 303 });
    }
    if (intent === "note") {
      const note = String(form.get("note") ?? "").slice(0, 5000);
      if (!(await saveInternalNote({ orderId, note, actorId: viewer.id }))) notFound();
      return redirectWithToast(back, { kind: "success", title: t.noteSaved }, { status: 303 });
    }
    form.set("orderId", orderId);
    const { toast } = await updateStatusFromForm(form, viewer, lang);
    return redirectWithToast(back, toast, { status: 303 });
  }

  let parsed;
  try {
    parsed = await parseUploadForm(request, "report", { ...UPLOAD_LIMITS, maxFiles: 1, maxTotalBytes: UPLOAD_LIMITS.maxFileBytes + 64 * 1024 });
  } catch (error) {
    if (!(error instanceof UploadRejected)) throw error;
    return redirectWithToast(back, { kind: "error", title: fill(t.reportErrors["too-large"]!, { file: t.reportFile }) }, { status: 303 });
  }
  const problem = parsed.problems[0];
  if (problem) {
    const key = problem.kind === "invalid-type" ? "not-pdf" : "too-large";
    return redirectWithToast(back, { kind: "error", title: fill(t.reportErrors[key]!, { file: "fileName" in problem ? problem.fileName : "" }) }, { status: 303 });
  }
  const file = parsed.files[0];
  if (!file) return redirectWithToast(back, { kind: "error", title: t.reportErrors.missing! }, { status: 303 });
  const result = await attachReport({ orderId, fileName: file.fileName, data: file.data, actorId: viewer.id });
  if (!result.ok) {
    if (result.error === "not-found") notFound();
    return redirectWithToast(back, { kind: "error", title: fill(t.reportErrors[result.error]!, { file: file.fileName }) }, { status: 303 });
  }
  return redirectWithToast(back, { kind: "success", title: t.reportUploaded, description: file.fileName }, { status: 303 });
}

export default function AdminOrderPage() {
  const pagePath = usePagePath();
  const { order, customer, internalNote, paymentFlag, statusOptions, text, orderText, nav, caseText, thread, turnaround, form, assignment, live } = useLoaderData<typeof loader>();
  const refusal = useActionData() as CaseRefusal | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && (navigation.formData?.get("intent") ?? "report") === intent;
  useLiveUpdates(live);
  return (
    <Container className="space-y-6 py-10">
      <AdminNav text={nav.text} role={nav.role} />
      <LocalizedLink to="/admin" className="text-sm font-semibold text-navy-700 underline underline-offset-4">
        {text.back}
      </LocalizedLink>
      <OrderHeading order={order} />
      {turnaround.due ? (
        <p className={turnaround.overdue ? "rounded-lg border-s-4 border-red-700 bg-red-50 p-3 text-sm" : "text-sm text-slate-700"} data-testid="case-due">
          <DueTime due={turnaround.due} overdue={turnaround.overdue} overdueLabel={turnaround.overdueLabel} dateTime={turnaround.dueAt} />
          {turnaround.promised ? <span className="ms-2 text-slate-600">· {turnaround.promised}</span> : null}
        </p>
      ) : null}
      {paymentFlag ? <p className="rounded-lg border-s-4 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-900">{paymentFlag}</p> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <CaseThread thread={thread} text={caseText} audience="staff" form={form} refusal={refusal} />
          <Card>
            <h2 className="text-lg font-bold text-navy-900">{text.customer}</h2>
            <p className="mt-2 text-sm">
              <span className="font-medium">{customer.name ?? customer.email}</span> · <bdi>{customer.email}</bdi>
            </p>
          </Card>
          <OrderLines order={order} text={orderText} />
          <DocumentList testId="order-documents" title={text.documentsTitle} empty={text.noDocuments} documents={order.documents} downloadLabel={orderText.download} />
          <DocumentList testId="order-report" title={orderText.reportTitle} empty={text.noDocuments} documents={order.reports} downloadLabel={orderText.download} />
          <OrderCustomerDetails order={order} title={orderText.details} />
        </div>
        <div className="min-w-0 space-y-6" id="edit">
          <AssignmentCard view={assignment} text={caseText.assignment} />
          {statusOptions ? (
            <Card>
              <h2 className="text-lg font-bold text-navy-900">{text.statusTitle}</h2>
              <Form method="post" action={pagePath} className="mt-3 space-y-3" data-testid="order-status-form">
                <input type="hidden" name="intent" value="status" />
                <SelectField id="order-status" name="status" label={text.statusTitle} options={statusOptions} defaultValue={order.status} key={order.status} />
                <TextAreaField id="status-note" name="note" label={text.statusNote} rows={2} maxLength={1000} />
                <Button type="submit" pending={busy("status")}>
                  {text.saveStatus}
                </Button>
              </Form>
            </Card>
          ) : null}
          <Card>
            <h2 className="text-lg font-bold text-navy-900">{text.noteTitle}</h2>
            <Form method="post" action={pagePath} className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="note" />
              <TextAreaField id="internal-note" name="note" label={text.noteTitle} hint={text.noteHint} rows={4} maxLength={5000} defaultValue={internalNote} key={internalNote} />
              <Button type="submit" variant="secondary" pending={busy("note")}>
                {text.saveNote}
              </Button>
            </Form>
          </Card>
          <Card>
            <h2 className="text-lg font-bold text-navy-900">{text.reportTitle}</h2>
            <Form method="post" action={pagePath} encType="multipart/form-data" className="mt-3 space-y-3" data-testid="report-form">
              <div className="space-y-1">
                <label htmlFor="report-file" className="block text-sm font-semibold text-navy-900">
                  {text.reportFile}
                </label>
                <input id="report-file" name="report" type="file" accept=".pdf,application/pdf" required aria-describedby="report-hint" className="block w-full text-sm" />
                <p id="report-hint" className="text-sm text-slate-600">
                  {text.reportHint}
                </p>
              </div>
              <Button type="submit" variant="secondary" pending={busy("report")}>
                {text.upload}
              </Button>
            </Form>
          </Card>
          <OrderHistory order={order} text={orderText} />
        </div>
      </div>
    </Container>
  );
}

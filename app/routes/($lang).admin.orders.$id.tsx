import crypto from "node:crypto";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { settableStatuses, updateStatusFromForm, userNames } from "../admin/admin-orders.server";
import { requireStaff, requireStaffAction } from "../admin/guard.server";
import { staffMembers } from "../admin/users.server";
import { canManageMoney, canWorkCase } from "../cases/access.server";
import { handleCasePost } from "../cases/case-action.server";
import { caseComponentText, threadView, turnaroundView } from "../cases/case-view.server";
import { caseVersion, LIVE_POLL } from "../cases/live.server";
import { loadThread, MAX_MESSAGE_LENGTH, STAFF_KINDS } from "../cases/messages.server";
import { MANUAL_REFUND_FLAG } from "../cases/refund.server";
import { AdminNav } from "../components/admin/admin-nav";
import { AssignmentCard } from "../components/cases/assignment-card";
import { CaseThread, type CaseRefusal } from "../components/cases/case-thread";
import { DueTime } from "../components/cases/due-badge";
import { useLiveUpdates } from "../components/cases/use-live-updates";
import { RefundCard, type RefundReply } from "../components/admin/refund-form";
import { OrderStaffForms } from "../components/admin/order-staff-forms";
import { refundPanelOf } from "../admin/refund-panel.server";
import { LocalizedLink } from "../components/layout/localized-link";
import {
  DocumentList,
  OrderCustomerDetails,
  OrderHeading,
  OrderHistory,
  OrderLines,
  TaxDocumentList,
} from "../components/orders/order-details";
import { Card } from "../components/ui/card";
import { Container } from "../components/ui/section";
import { backofficeText } from "../content/backoffice.server";
import { casesText } from "../content/cases.server";
import { fill } from "../i18n/fill";
import { formatMoney } from "../i18n/format";
import { localizePath } from "../i18n/lang";
import { taxDocumentsOfOrder } from "../invoices/tax-documents.server";
import { findCase, getAdminOrder } from "../orders/order-details.server";
import { saveInternalNote } from "../orders/order-status.server";
import { orderView } from "../orders/order-view.server";
import { ACCEPT_ATTRIBUTE, isMultipart } from "../orders/uploads.server";
import { uploadReport } from "../admin/report-upload.server";
import { requestRefund } from "../payments/refunds.server";
import { pageHead } from "../seo/page-head.server";
import { formOrEmpty, langParam, notFound } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { redirectWithToast } from "../forms/toast.server";
import { UPLOAD_TIMEOUT_MS } from "../forms/submission";
import { resilientClientAction } from "../forms/submission-client-action";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const viewer = await requireStaff(request);
  // Staff see their cases and the queue; any other order answers 404, as for an unknown id.
  const found = await findCase(params.id ?? "");
  if (!found || !canWorkCase(viewer, found)) notFound();
  const order = await getAdminOrder(found.id);
  if (!order) notFound();
  const t = backofficeText[lang];
  const c = casesText[lang];
  const isAdmin = canManageMoney(viewer);
  const [taxDocuments, refundPanel, thread, version, staffOptions, names] = await Promise.all([
    // Money is admins' alone: staff get no tax documents and no refund card.
    isAdmin ? taxDocumentsOfOrder(order.id) : Promise.resolve([]),
    isAdmin ? refundPanelOf(order, lang) : Promise.resolve(null),
    loadThread(order.id, "staff"),
    caseVersion(order.id, "staff"),
    isAdmin ? staffMembers() : Promise.resolve(null),
    userNames([order.assigneeId]),
  ]);
  const assigneeName = order.assigneeId ? (names.get(order.assigneeId) ?? "") : null;
  const paymentFlag =
    order.paymentFlag === MANUAL_REFUND_FLAG
      ? fill(c.refund.label, {
          amount: formatMoney(Math.max(0, (order.paidAmount ?? order.amount) - order.refundedAmount), lang),
        })
      : order.paymentFlag
        ? fill(t.adminOrder.paymentFlag, { flag: order.paymentFlag })
        : null;
  return {
    meta: pageHead(request, { ...t.adminOrder.meta, title: fill(t.adminOrder.title, { id: order.id.slice(0, 8) }) }),
    order: orderView(order, lang, "admin", taxDocuments),
    refundPanel,
    showMoney: isAdmin,
    customer: { name: order.customer.fullName, email: order.customer.email },
    internalNote: order.internalNote ?? "",
    paymentFlag,
    // Staff never cancel, nor change a cancelled order: that may involve money.
    statusOptions:
      order.status === "cancelled" && !isAdmin
        ? null
        : settableStatuses(viewer).map((value) => ({ value, label: t.status[value] ?? value })),
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
      summary:
        assigneeName === null
          ? c.assignment.unassigned
          : order.assigneeId === viewer.id
            ? c.assignment.assignedToYou
            : fill(c.assignment.assignedTo, { name: assigneeName }),
      assigneeId: order.assigneeId,
      options:
        staffOptions?.map((member) => ({
          value: member.id,
          label: `${member.name} (${t.users.role[member.role] ?? member.role})`,
        })) ?? null,
      canTake: !isAdmin && order.assigneeId === null,
      canRelease: !isAdmin && order.assigneeId === viewer.id,
    },
    live: { url: `/live/orders/${order.id}?as=staff`, version, ...LIVE_POLL },
  };
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
// (Messages may carry 50 MB of documents: the upload's longer wait.)
export const clientAction = resilientClientAction({ timeoutMs: UPLOAD_TIMEOUT_MS });
export const meta = metaFromLoader;

// The case's forms post here: status (with an optional history note), internal note, refund
// (admins), report upload (multipart), a message (multipart, ?intent=message), a decision on a
// request, an assignment.
export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const viewer = await requireStaffAction(request);
  // Before the body is read: a case this viewer may not work is 404.
  const found = await findCase(params.id ?? "");
  if (!found || !canWorkCase(viewer, found)) notFound();
  const orderId = found.id;
  const t = backofficeText[lang].adminOrder;
  const back = localizePath(lang, `/admin/orders/${orderId}`);
  const messagePost = new URL(request.url).searchParams.get("intent") === "message";

  if (isMultipart(request) && !messagePost) return uploadReport(request, { orderId, actorId: viewer.id, lang, back });

  const form = messagePost ? undefined : await formOrEmpty(request);
  const intent = form?.get("intent");
  if (!form || intent === "message" || intent === "resolve" || intent === "assign") {
    const outcome = await handleCasePost({
      request,
      viewer,
      orderId,
      side: "staff",
      lang,
      orderStatus: found.status,
      form,
    });
    if (outcome.kind === "not-found") notFound();
    if (outcome.kind === "refused")
      return data<CaseRefusal>(
        { intent: outcome.intent, error: outcome.error, values: outcome.values, filesDropped: outcome.filesDropped },
        { status: outcome.status },
      );
    return redirectWithToast(
      back + (outcome.messageId ? `#message-${outcome.messageId}` : "#conversation"),
      outcome.toast,
      { status: 303 },
    );
  }
  if (intent === "refund") {
    // Money: admins only (staff get 403, nothing changes).
    if (!canManageMoney(viewer)) throw data({ error: backofficeText[lang].admin.forbidden }, { status: 403 });
    const amount = form.get("amount");
    const reason = form.get("reason");
    const manual = form.get("method") === "manual";
    const outcome = await requestRefund({
      orderId,
      amount,
      reason,
      requestKey: form.get("requestKey"),
      actorId: viewer.id,
      manual,
    });
    if (!outcome.ok) {
      if (outcome.error === "not-found") notFound();
      const message = fill(t.refundErrors[outcome.error] ?? t.refundFailed, {
        max: formatMoney(outcome.refundable ?? 0, lang),
      });
      const reply: RefundReply = {
        error: message,
        amount: typeof amount === "string" ? amount.slice(0, 15) : "",
        reason: typeof reason === "string" ? reason.slice(0, 500) : "",
        manual,
      };
      return data(
        { refund: reply },
        {
          status:
            outcome.error === "duplicate" || outcome.error === "exceeds" || outcome.error === "nothing-left"
              ? 409
              : 400,
        },
      );
    }
    const { refund } = outcome;
    if (refund.status === "succeeded")
      return redirectWithToast(
        back,
        {
          kind: "success",
          title: t.refundDone,
          description: fill(t.refundDoneText, { amount: formatMoney(refund.amount, lang) }),
        },
        { status: 303 },
      );
    if (refund.status === "failed")
      return redirectWithToast(
        back,
        { kind: "error", title: t.refundFailed, description: refund.failureReason ?? undefined },
        { status: 303 },
      );
    return redirectWithToast(
      back,
      { kind: "info", title: t.refundPending, description: t.refundPendingText },
      { status: 303 },
    );
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

export default function AdminOrderPage() {
  const {
    order,
    customer,
    internalNote,
    paymentFlag,
    statusOptions,
    text,
    orderText,
    nav,
    refundPanel,
    showMoney,
    caseText,
    thread,
    turnaround,
    form,
    assignment,
    live,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ({ refund?: RefundReply } & Partial<CaseRefusal>) | undefined;
  const refusal = actionData?.intent ? (actionData as CaseRefusal) : undefined;
  useLiveUpdates(live);
  return (
    <Container className="space-y-6 py-10">
      <AdminNav text={nav.text} role={nav.role} />
      <LocalizedLink to="/admin" className="text-sm font-semibold text-navy-700 underline underline-offset-4">
        {text.back}
      </LocalizedLink>
      <OrderHeading order={order} />
      {turnaround.due ? (
        <p
          className={
            turnaround.overdue ? "rounded-lg border-s-4 border-red-700 bg-red-50 p-3 text-sm" : "text-sm text-slate-700"
          }
          data-testid="case-due"
        >
          <DueTime
            due={turnaround.due}
            overdue={turnaround.overdue}
            overdueLabel={turnaround.overdueLabel}
            dateTime={turnaround.dueAt}
          />
          {turnaround.promised ? <span className="ms-2 text-slate-600">· {turnaround.promised}</span> : null}
        </p>
      ) : null}
      {paymentFlag ? (
        <p className="rounded-lg border-s-4 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-900">
          {paymentFlag}
        </p>
      ) : null}
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
          {/* Tax documents are money: admins only (staff get none, and no "appears once paid"). */}
          {showMoney ? <TaxDocumentList order={order} text={orderText} /> : null}
          <DocumentList
            testId="order-documents"
            title={text.documentsTitle}
            empty={text.noDocuments}
            documents={order.documents}
            downloadLabel={orderText.download}
          />
          <DocumentList
            testId="order-report"
            title={orderText.reportTitle}
            empty={text.noDocuments}
            documents={order.reports}
            downloadLabel={orderText.download}
          />
          <OrderCustomerDetails order={order} title={text.clientDetails} />
        </div>
        <div className="min-w-0 space-y-6" id="edit">
          <AssignmentCard view={assignment} text={caseText.assignment} />
          {refundPanel ? <RefundCard panel={refundPanel} text={text} reply={actionData?.refund} /> : null}
          <OrderStaffForms
            statusOptions={statusOptions}
            currentStatus={order.status}
            internalNote={internalNote}
            text={text}
          />
          <OrderHistory order={order} text={orderText} />
        </div>
      </div>
    </Container>
  );
}

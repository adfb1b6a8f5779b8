import crypto from "node:crypto";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { updateStatusFromForm } from "../admin/admin-orders.server";
import { requireAdmin, requireAdminAction } from "../admin/guard.server";
import { AdminNav } from "../components/admin/admin-nav";
import { RefundCard, type RefundPanel, type RefundReply } from "../components/admin/refund-form";
import { LocalizedLink } from "../components/layout/localized-link";
import { DocumentList, OrderCustomerDetails, OrderHeading, OrderHistory, OrderLines, TaxDocumentList } from "../components/orders/order-details";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { SelectField, TextAreaField } from "../components/ui/field";
import { Container } from "../components/ui/section";
import { backofficeText } from "../content/backoffice.server";
import { fill } from "../i18n/fill";
import { formatDateTime, formatMoney } from "../i18n/format";
import { localizePath, type Lang } from "../i18n/lang";
import { taxDocumentsOfOrder } from "../invoices/tax-documents.server";
import { attachReport, getAdminOrder, isUuid, ORDER_STATUSES, saveInternalNote } from "../orders/order-queries.server";
import { orderView } from "../orders/order-view.server";
import { isMultipart, parseUploadForm, REPORT_UPLOAD_LIMITS, UploadRejected } from "../orders/uploads.server";
import { isPaid } from "../payments/payments.server";
import { refundableAmount, refundsOfOrder, requestRefund } from "../payments/refunds.server";
import { pageHead } from "../seo/page-head.server";
import { formOrEmpty, langParam, notFound } from "../utils/http.server";
import { metaFromLoader } from "../utils/meta";
import { redirectWithToast } from "../utils/toast.server";
import { resilientClientAction } from "../utils/submission-client-action";
import { once, submissionKeyOf } from "../utils/submission-keys.server";
import { ResilientForm } from "../components/forms/resilient-form";

// After a submission that never got through, nothing is re-read (app/utils/submit-failure.ts).
export { shouldRevalidate } from "../utils/submit-failure";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  await requireAdmin(request);
  const order = await getAdminOrder(params.id ?? "");
  if (!order) notFound();
  const t = backofficeText[lang];
  const [taxDocuments, refundPanel] = await Promise.all([taxDocumentsOfOrder(order.id), refundPanelOf(order, lang)]);
  return {
    meta: pageHead(request, { ...t.adminOrder.meta, title: fill(t.adminOrder.title, { id: order.id.slice(0, 8) }) }),
    order: orderView(order, lang, "admin", taxDocuments),
    refundPanel,
    customer: { name: order.customer.fullName, email: order.customer.email },
    internalNote: order.internalNote ?? "",
    paymentFlag: order.paymentFlag ? fill(t.adminOrder.paymentFlag, { flag: order.paymentFlag }) : null,
    statusOptions: ORDER_STATUSES.map((value) => ({ value, label: t.status[value] ?? value })),
    text: t.adminOrder,
    orderText: t.orderPage,
    nav: t.admin.nav,
  };
}

/** A UUID that names the next refund of an order: derived from the order and how many refunds it has. */
function refundRequestKey(orderId: string, refundCount: number) {
  const hex = crypto.createHash("sha256").update(`refund:${orderId}:${refundCount}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The refund card: what was paid and refunded, what is left, the refunds so far. */
async function refundPanelOf(order: { id: string; paymentStatus: Parameters<typeof isPaid>[0]; paidAmount: number | null; amount: number; refundedAmount: number }, lang: Lang): Promise<RefundPanel> {
  const t = backofficeText[lang].adminOrder;
  const [refundable, refunds] = await Promise.all([refundableAmount(order.id), refundsOfOrder(order.id)]);
  const paid = isPaid(order.paymentStatus);
  const money = (fils: number) => formatMoney(fils, lang, "code");
  return {
    summary: paid ? fill(t.refundSummary, { paid: money(order.paidAmount ?? order.amount), refunded: money(order.refundedAmount), refundable: money(refundable) }) : null,
    blocked: !paid ? t.notRefundable : (order.paidAmount ?? order.amount) === 0 ? t.nothingPaid : refundable === 0 ? t.nothingLeft : null,
    maxAed: (refundable / 100).toFixed(2),
    maxHint: fill(t.refundAmountHint, { max: money(refundable) }),
    // The same key until a refund is recorded: the form (keyed by it) keeps what was typed when the
    // page's data is re-read (another person's change, a refused refund) and starts afresh after one.
    requestKey: refundRequestKey(order.id, refunds.length),
    refunds: refunds.map(({ refund, actorName }) => ({
      id: refund.id,
      amount: money(refund.amount),
      status: refund.status,
      statusLabel: t.refundStatus[refund.status] ?? refund.status,
      reason: refund.reason,
      by: actorName ? fill(t.refundBy, { name: actorName }) : t.refundByProvider,
      date: formatDateTime(refund.createdAt, lang),
      failure: refund.failureReason,
    })),
  };
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;

// Four forms post here: status (with an optional history note), internal note, refund, report upload (multipart).
export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const admin = await requireAdminAction(request);
  const orderId = params.id ?? "";
  if (!isUuid(orderId)) notFound();
  const t = backofficeText[lang].adminOrder;
  const back = localizePath(lang, `/admin/orders/${orderId}`);

  if (isMultipart(request)) {
    let parsed;
    try {
      parsed = await parseUploadForm(request, "report", REPORT_UPLOAD_LIMITS);
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
    // Once per submission key: an upload sent again after its answer was lost is not attached twice.
    const { result } = await once(submissionKeyOf(parsed.fields, `report:${orderId}`), (tx) => attachReport({ orderId, fileName: file.fileName, data: file.data, actorId: admin.id }, tx));
    if (!result.ok) {
      if (result.error === "not-found") notFound();
      return redirectWithToast(back, { kind: "error", title: fill(t.reportErrors[result.error]!, { file: file.fileName }) }, { status: 303 });
    }
    return redirectWithToast(back, { kind: "success", title: t.reportUploaded, description: file.fileName }, { status: 303 });
  }

  const form = await formOrEmpty(request);
  const intent = form.get("intent");
  if (intent === "refund") {
    const amount = form.get("amount");
    const reason = form.get("reason");
    const outcome = await requestRefund({ orderId, amount, reason, requestKey: form.get("requestKey"), actorId: admin.id });
    if (!outcome.ok) {
      if (outcome.error === "not-found") notFound();
      const message = fill(t.refundErrors[outcome.error] ?? t.refundFailed, { max: formatMoney(outcome.refundable ?? 0, lang, "code") });
      const reply: RefundReply = { error: message, amount: typeof amount === "string" ? amount.slice(0, 15) : "", reason: typeof reason === "string" ? reason.slice(0, 500) : "" };
      return data({ refund: reply }, { status: outcome.error === "duplicate" || outcome.error === "exceeds" || outcome.error === "nothing-left" ? 409 : 400 });
    }
    const { refund } = outcome;
    if (refund.status === "succeeded") return redirectWithToast(back, { kind: "success", title: t.refundDone, description: fill(t.refundDoneText, { amount: formatMoney(refund.amount, lang, "code") }) }, { status: 303 });
    if (refund.status === "failed") return redirectWithToast(back, { kind: "error", title: t.refundFailed, description: refund.failureReason ?? undefined }, { status: 303 });
    return redirectWithToast(back, { kind: "info", title: t.refundPending, description: t.refundPendingText }, { status: 303 });
  }
  if (intent === "note") {
    const note = String(form.get("note") ?? "").slice(0, 5000);
    if (!(await saveInternalNote({ orderId, note, actorId: admin.id }))) notFound();
    return redirectWithToast(back, { kind: "success", title: t.noteSaved }, { status: 303 });
  }
  form.set("orderId", orderId);
  const { toast } = await updateStatusFromForm(form, admin.id, lang);
  return redirectWithToast(back, toast, { status: 303 });
}

export default function AdminOrderPage() {
  const { order, customer, internalNote, paymentFlag, statusOptions, text, orderText, nav, refundPanel } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { refund?: RefundReply } | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && (navigation.formData?.get("intent") ?? "report") === intent;
  return (
    <Container className="space-y-6 py-10">
      <AdminNav text={nav} />
      <LocalizedLink to="/admin" className="text-sm font-semibold text-navy-700 underline underline-offset-4">
        {text.back}
      </LocalizedLink>
      <OrderHeading order={order} />
      {paymentFlag ? <p className="rounded-lg border-s-4 border-red-700 bg-red-50 p-3 text-sm font-semibold text-red-900">{paymentFlag}</p> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <h2 className="text-lg font-bold text-navy-900">{text.customer}</h2>
            <p className="mt-2 text-sm">
              <span className="font-medium">{customer.name ?? customer.email}</span> · <bdi>{customer.email}</bdi>
            </p>
          </Card>
          <OrderLines order={order} text={orderText} />
          <TaxDocumentList order={order} text={orderText} />
          <DocumentList testId="order-documents" title={text.documentsTitle} empty={text.noDocuments} documents={order.documents} downloadLabel={orderText.download} />
          <DocumentList testId="order-report" title={orderText.reportTitle} empty={text.noDocuments} documents={order.reports} downloadLabel={orderText.download} />
          <OrderCustomerDetails order={order} title={orderText.details} />
        </div>
        <div className="space-y-6" id="edit">
          <RefundCard panel={refundPanel} text={text} reply={actionData?.refund} />
          <Card>
            <h2 className="text-lg font-bold text-navy-900">{text.statusTitle}</h2>
            <ResilientForm method="post" className="mt-3 space-y-3" data-testid="order-status-form">
              <input type="hidden" name="intent" value="status" />
              <SelectField id="order-status" name="status" label={text.statusTitle} options={statusOptions} defaultValue={order.status} key={order.status} />
              <TextAreaField id="status-note" name="note" label={text.statusNote} rows={2} maxLength={1000} />
              <Button type="submit" pending={busy("status")}>
                {text.saveStatus}
              </Button>
            </ResilientForm>
          </Card>
          <Card>
            <h2 className="text-lg font-bold text-navy-900">{text.noteTitle}</h2>
            <ResilientForm method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="note" />
              <TextAreaField id="internal-note" name="note" label={text.noteTitle} hint={text.noteHint} rows={4} maxLength={5000} defaultValue={internalNote} key={internalNote} />
              <Button type="submit" variant="secondary" pending={busy("note")}>
                {text.saveNote}
              </Button>
            </ResilientForm>
          </Card>
          <Card>
            <h2 className="text-lg font-bold text-navy-900">{text.reportTitle}</h2>
            <ResilientForm method="post" encType="multipart/form-data" className="mt-3 space-y-3" data-testid="report-form">
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
            </ResilientForm>
          </Card>
          <OrderHistory order={order} text={orderText} />
        </div>
      </div>
    </Container>
  );
}

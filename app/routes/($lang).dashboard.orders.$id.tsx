import crypto from "node:crypto";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "../auth/session.server";
import { handleCasePost } from "../cases/case-action.server";
import { caseComponentText, threadView, turnaroundView } from "../cases/case-view.server";
import { caseVersion, LIVE_POLL } from "../cases/live.server";
import {
  isClosedForClient,
  loadThread,
  MAX_EXTENSION_DAYS,
  MAX_MESSAGE_LENGTH,
  openRequests,
} from "../cases/messages.server";
import { CaseRequests } from "../components/cases/case-requests";
import { CaseThread, type CaseRefusal } from "../components/cases/case-thread";
import { useLiveUpdates } from "../components/cases/use-live-updates";
import { LocalizedLink } from "../components/layout/localized-link";
import { OrderSessionCredits } from "../components/consultations/session-credits";
import {
  DocumentList,
  OrderCustomerDetails,
  OrderHeading,
  OrderHistory,
  OrderLines,
  TaxDocumentList,
} from "../components/orders/order-details";
import { buttonClasses } from "../components/ui/button";
import { Notice } from "../components/ui/notice";
import { Container } from "../components/ui/section";
import { backofficeText } from "../content/backoffice.server";
import { casesText } from "../content/cases.server";
import { TeamAccessList } from "../components/privacy/team-access-list";
import { privacyText } from "../content/privacy.server";
import { consultationText } from "../content/consultations.server";
import { sessionCreditView } from "../consultations/credits.server";
import { liveBookingsOf } from "../consultations/booking.server";
import { bookedSessionView } from "../consultations/booking-view.server";
import { bookingText } from "../content/booking.server";
import { db } from "../db.server";
import { fill } from "../i18n/fill";
import { formatDateTime } from "../i18n/format";
import { teamAccessToOrder } from "../privacy/access-log.server";
import { localizePath } from "../i18n/lang";
import { findOrderOfUser } from "../orders/orders.server";
import { taxDocumentsOfOrder } from "../invoices/tax-documents.server";
import { getClientOrder } from "../orders/order-details.server";
import { orderView } from "../orders/order-view.server";
import { ACCEPT_ATTRIBUTE } from "../orders/uploads.server";
import { pageHead } from "../seo/page-head.server";
import { langParam, notFound } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { UPLOAD_TIMEOUT_MS } from "../forms/submission";
import { resilientClientAction } from "../forms/submission-client-action";
import { redirectWithToast } from "../forms/toast.server";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

// One of the client's own orders and its conversation with the team. Another user's order (or any
// unknown id) answers 404, never 403, so nobody learns which order ids exist.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const user = await requireUser(request);
  const order = await getClientOrder(params.id ?? "", user.id);
  if (!order) notFound();
  const [thread, open, version, taxDocuments, teamAccess, bookings] = await Promise.all([
    loadThread(order.id, "client"),
    openRequests(order.id),
    caseVersion(order.id, "client"),
    taxDocumentsOfOrder(order.id),
    teamAccessToOrder(order.id),
    liveBookingsOf(db, order.id),
  ]);
  const accessText = privacyText[lang].access;
  const t = backofficeText[lang];
  const closed = isClosedForClient(order.status);
  return {
    meta: pageHead(request, t.orderPage.meta),
    order: orderView(order, lang, "client", taxDocuments),
    text: t.orderPage,
    payNow: t.dashboard.payNow,
    caseText: caseComponentText(lang),
    thread: threadView(thread, { viewer: user, audience: "client", lang }),
    turnaround: turnaroundView(order, lang),
    consultation: {
      credit: sessionCreditView({ ...order, bookedSessions: bookings.length }, lang),
      heading: consultationText[lang].heading,
      booked: await Promise.all(
        bookings.filter((b) => b.state === "booked").map((b) => bookedSessionView(b, lang, order.phone ?? null)),
      ),
      bookedText: {
        title: bookingText[lang].sessionTitle,
        joinVideo: bookingText[lang].joinVideo,
        addToCalendar: bookingText[lang].addToCalendar,
        reschedule: bookingText[lang].reschedule,
        cancel: bookingText[lang].cancel,
      },
    },
    form: closed
      ? null
      : { submissionId: crypto.randomUUID(), accept: ACCEPT_ATTRIBUTE, maxLength: MAX_MESSAGE_LENGTH },
    closedNotice: closed ? fill(casesText[lang].readOnly, { status: t.status[order.status] ?? order.status }) : null,
    requests: {
      // Nothing to ask (or wait for) once the case is over.
      extension: {
        open: !closed && open.has("extension-request"),
        allowed: !closed && order.dueAt !== null && !open.has("extension-request"),
        options: [1, 2, 3, 5, 10, MAX_EXTENSION_DAYS],
      },
      cancellation: {
        open: !closed && open.has("cancellation-request"),
        allowed: order.status === "pending" && !open.has("cancellation-request"),
      },
    },
    live: { url: `/live/orders/${order.id}`, version, ...LIVE_POLL },
    access: {
      title: accessText.title,
      intro: accessText.intro,
      empty: accessText.empty,
      rows: teamAccess.map((entry) => ({
        id: entry.id,
        text: fill(accessText.row, {
          name: `\u2068${entry.name}\u2069`,
          role: accessText.role[entry.role],
          file: `\u2068${entry.fileName}\u2069`,
        }),
        date: formatDateTime(entry.at, lang),
        isoDate: entry.at.toISOString(),
      })),
    },
  };
}

// With JavaScript: a message or request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction({ timeoutMs: UPLOAD_TIMEOUT_MS });
export const meta = metaFromLoader;

// The conversation's posts: a message (with documents), a request for more time, a cancellation.
export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const user = await requireUser(request);
  // Before the body is read: another client's order (or no order) is 404.
  const order = await findOrderOfUser(params.id ?? "", user.id);
  if (!order) notFound();
  const outcome = await handleCasePost({
    request,
    viewer: user,
    orderId: order.id,
    side: "client",
    lang,
    orderStatus: order.status,
  });
  if (outcome.kind === "not-found") notFound();
  if (outcome.kind === "refused")
    return data<CaseRefusal>(
      { intent: outcome.intent, error: outcome.error, values: outcome.values, filesDropped: outcome.filesDropped },
      { status: outcome.status },
    );
  const back =
    localizePath(lang, `/dashboard/orders/${order.id}`) +
    (outcome.messageId ? `#message-${outcome.messageId}` : "#conversation");
  return redirectWithToast(back, outcome.toast, { status: 303 });
}

export default function ClientOrderPage() {
  const {
    order,
    text,
    payNow,
    caseText,
    thread,
    turnaround,
    form,
    closedNotice,
    requests,
    live,
    access,
    consultation,
  } = useLoaderData<typeof loader>();
  const refusal = useActionData() as CaseRefusal | undefined;
  useLiveUpdates(live);
  return (
    <Container className="space-y-6 py-10">
      <LocalizedLink to="/dashboard" className="text-sm font-semibold text-navy-700 underline underline-offset-4">
        {text.back}
      </LocalizedLink>
      <OrderHeading order={order}>
        {order.canPay ? (
          <LocalizedLink to={`/orders/${order.id}/pay`} className={buttonClasses("primary", "sm")}>
            {payNow}
          </LocalizedLink>
        ) : null}
      </OrderHeading>
      {turnaround.expectedBy || turnaround.afterPayment ? (
        <Notice kind="info" title={turnaround.expectedBy ?? turnaround.afterPayment} className="max-w-3xl">
          {turnaround.expectedBy ? turnaround.promised : null}
        </Notice>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <OrderSessionCredits
            credit={consultation.credit}
            heading={consultation.heading}
            booked={consultation.booked}
            bookedText={consultation.bookedText}
          />
          <CaseThread
            thread={thread}
            text={caseText}
            audience="client"
            form={form}
            refusal={refusal}
            closedNotice={closedNotice}
          />
          <CaseRequests view={requests} text={caseText} refusal={refusal} />
          <OrderLines order={order} text={text} />
          <TaxDocumentList order={order} text={text} />
          <DocumentList
            testId="order-report"
            title={text.reportTitle}
            empty={text.noReport}
            documents={order.reports}
            downloadLabel={text.download}
          />
          <DocumentList
            testId="order-documents"
            title={text.documentsTitle}
            empty={text.noDocuments}
            documents={order.documents}
            downloadLabel={text.download}
          />
        </div>
        <div className="min-w-0 space-y-6">
          <OrderHistory order={order} text={text} />
          <OrderCustomerDetails order={order} title={text.details} />
          <TeamAccessList {...access} />
        </div>
      </div>
    </Container>
  );
}

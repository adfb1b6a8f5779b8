import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "../auth/session.server";
import { LocalizedLink } from "../components/layout/localized-link";
import { DocumentList, OrderCustomerDetails, OrderHeading, OrderHistory, OrderLines, TaxDocumentList } from "../components/orders/order-details";
import { buttonClasses } from "../components/ui/button";
import { Container } from "../components/ui/section";
import { backofficeText } from "../content/backoffice.server";
import { taxDocumentsOfOrder } from "../invoices/tax-documents.server";
import { getClientOrder } from "../orders/order-queries.server";
import { orderView } from "../orders/order-view.server";
import { pageHead } from "../seo/page-head.server";
import { langParam, notFound } from "../utils/http.server";
import { metaFromLoader } from "../utils/meta";

// After a submission that never got through, nothing is re-read (app/utils/submit-failure.ts).
export { shouldRevalidate } from "../utils/submit-failure";

// One of the client's own orders. Another user's order (or any unknown id) answers 404, never 403,
// so nobody learns which order ids exist.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const user = await requireUser(request);
  const order = await getClientOrder(params.id ?? "", user.id);
  if (!order) notFound();
  const t = backofficeText[lang];
  return { meta: pageHead(request, t.orderPage.meta), order: orderView(order, lang, "client", await taxDocumentsOfOrder(order.id)), text: t.orderPage, payNow: t.dashboard.payNow };
}

export const meta = metaFromLoader;

export default function ClientOrderPage() {
  const { order, text, payNow } = useLoaderData<typeof loader>();
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
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <OrderLines order={order} text={text} />
          <TaxDocumentList order={order} text={text} />
          <DocumentList testId="order-report" title={text.reportTitle} empty={text.noReport} documents={order.reports} downloadLabel={text.download} />
          <DocumentList testId="order-documents" title={text.documentsTitle} empty={text.noDocuments} documents={order.documents} downloadLabel={text.download} />
        </div>
        <div className="space-y-6">
          <OrderHistory order={order} text={text} />
          <OrderCustomerDetails order={order} title={text.details} />
        </div>
      </div>
    </Container>
  );
}

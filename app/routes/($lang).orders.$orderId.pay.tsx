import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { OrderSummary } from "../components/checkout/order-summary";
import { Button, ButtonLink } from "../components/ui/button";
import { Notice } from "../components/ui/notice";
import { Container } from "../components/ui/section";
import { checkoutText } from "../content/checkout.server";
import { fill } from "../i18n/fill";
import { formatMoney } from "../i18n/format";
import { localizePath, type Lang } from "../i18n/lang";
import { requireUser } from "../auth/session.server";
import { findOrderOfUser, orderItemsOf, shortOrderId } from "../orders/orders.server";
import { isPaid, PaymentsUnavailable, startPayment } from "../payments/payments.server";
import { pageHead } from "../seo/page-head.server";
import { langParam, notFound } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { resilientClientAction } from "../forms/submission-client-action";
import { ResilientForm } from "../components/forms/resilient-form";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

/**
 * Pay later / Pay now: an unpaid order of the signed-in client opens a payment page again. The
 * dashboard links here (GET shows the order and a Pay button; a POST from anywhere starts paying).
 */
async function loadOwnOrder(request: Request, lang: Lang, orderId: string) {
  const auth = checkoutText[lang].auth;
  const user = await requireUser(request, {
    redirectTo: localizePath(lang, `/orders/${orderId}/pay`),
    toast: { kind: "error", title: auth.title, description: auth.message },
  });
  const order = await findOrderOfUser(orderId, user.id);
  if (!order) notFound();
  return order;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const order = await loadOwnOrder(request, lang, params.orderId ?? "");
  const text = checkoutText[lang];
  const items = await orderItemsOf(order.id);
  return {
    meta: pageHead(request, { ...text.meta.pay, noindex: true }),
    text: {
      ...text.pay,
      orderNumber: fill(text.pay.orderNumber, { id: shortOrderId(order.id) }),
      pay: fill(text.form.pay, { total: formatMoney(order.amount, lang) }),
      processing: text.form.processing,
    },
    summaryText: text.summary,
    summary: {
      lines: items.map((item) => ({
        key: item.id,
        serviceName: order.serviceType,
        tierName: item.tierName,
        quantity: item.quantity,
        lineTotal: formatMoney(item.unitPrice * item.quantity, lang),
      })),
      subtotal: formatMoney(order.subtotal, lang),
      discount: order.discount > 0 ? formatMoney(order.discount, lang) : null,
      couponCode: order.couponCode,
      total: formatMoney(order.amount, lang),
    },
    paid: isPaid(order.paymentStatus),
    cancelled: order.status === "cancelled",
    paymentCancelled: new URL(request.url).searchParams.has("cancelled"),
    dashboardHref: localizePath(lang, "/dashboard"),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const order = await loadOwnOrder(request, lang, params.orderId ?? "");
  const errors = checkoutText[lang].errors;
  try {
    const started = await startPayment(order, lang);
    if (started.kind === "redirect") return redirect(started.url, 303);
    // Paid or cancelled meanwhile: the page says which.
    return redirect(localizePath(lang, `/orders/${order.id}/pay`), 303);
  } catch (error) {
    if (!(error instanceof PaymentsUnavailable))
      console.error(`payment start failed for order ${order.id}:`, error instanceof Error ? error.message : error);
    return data(
      {
        paymentError: {
          title: errors.paymentTitle,
          message: error instanceof PaymentsUnavailable ? errors.paymentsUnavailable : errors.paymentMessage,
        },
      },
      { status: 502 },
    );
  }
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function PayOrderPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { paymentError?: { title: string; message: string } } | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-navy-900">{page.text.title}</h1>
      <p className="mt-1 font-mono text-slate-600">{page.text.orderNumber}</p>
      <div className="mt-6 space-y-6">
        {result?.paymentError ? (
          <Notice kind="error" title={result.paymentError.title}>
            {result.paymentError.message}
          </Notice>
        ) : null}
        {page.paymentCancelled && !page.paid && !page.cancelled ? (
          <Notice kind="info" title={page.text.cancelled} />
        ) : null}
        {page.paid ? (
          <Notice kind="success" title={page.text.alreadyPaid} />
        ) : page.cancelled ? (
          <Notice kind="info" title={page.text.cancelledOrder} />
        ) : (
          <p className="text-slate-700">{page.text.intro}</p>
        )}
        <OrderSummary summary={page.summary} text={page.summaryText} />
        <div className="flex flex-wrap items-center gap-3">
          {page.paid || page.cancelled ? null : (
            <ResilientForm method="post">
              <Button type="submit" size="lg" pending={busy}>
                {busy ? page.text.processing : page.text.pay}
              </Button>
            </ResilientForm>
          )}
          <ButtonLink to={page.dashboardHref} variant="secondary">
            {page.text.dashboard}
          </ButtonLink>
        </div>
      </div>
    </Container>
  );
}

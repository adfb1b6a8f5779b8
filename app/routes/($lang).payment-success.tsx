import type { LoaderFunctionArgs } from "@remix-run/node";
import { Await, useLoaderData, useLocation } from "@remix-run/react";
import { Suspense } from "react";
import {
  PaymentResult,
  PaymentSuccessContent,
  VerifyingPayment,
  type VerificationView,
} from "../components/checkout/payment-success";
import { Container } from "../components/ui/section";
import { checkoutText } from "../content/checkout.server";
import { formatDateTime, formatMoney } from "../i18n/format";
import { localizePath } from "../i18n/lang";
import { getUser, requireUser } from "../auth/session.server";
import { findOrderOfUser, shortOrderId } from "../orders/orders.server";
import { isPaid, verifyPayment } from "../payments/payments.server";
import { pageHead } from "../seo/page-head.server";
import { langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

/** How long the loader waits for the verification before streaming it (JavaScript) instead. */
const INLINE_VERIFY_MS = 2500;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const text = checkoutText[lang];
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  const freeOrderId = url.searchParams.get("order");
  const user = await getUser(request);
  const base = {
    meta: pageHead(request, { ...text.meta.success, noindex: true }),
    text: text.success,
    trackHref: localizePath(lang, user ? "/dashboard" : "/client-login"),
  };
  if (freeOrderId && !sessionId) {
    // An order with nothing to pay (a 100 % coupon) was paid at checkout: its owner sees it confirmed.
    const owner =
      user ??
      (await requireUser(request, {
        toast: { kind: "error", title: text.auth.title, description: text.auth.message },
      }));
    const order = await findOrderOfUser(freeOrderId, owner.id);
    const verification: VerificationView =
      order && isPaid(order.paymentStatus)
        ? {
            kind: "paid",
            orderNumber: shortOrderId(order.id),
            amount: formatMoney(order.paidAmount ?? order.amount, lang),
          }
        : { kind: "failed" };
    return { ...base, verification };
  }
  if (!sessionId) return { ...base, verification: null };
  // Verifying needs the order's owner: back here after signing in.
  const owner =
    user ??
    (await requireUser(request, { toast: { kind: "error", title: text.auth.title, description: text.auth.message } }));
  const verification: Promise<VerificationView> = verifyPayment(sessionId, owner.id).then(
    (result): VerificationView =>
      result.kind === "paid"
        ? {
            kind: "paid",
            orderNumber: shortOrderId(result.order.id),
            amount: formatMoney(result.order.paidAmount ?? result.order.amount, lang),
            // The promised turnaround counts from the payment (docs/decisions/068).
            expectedBy: result.order.dueAt ? formatDateTime(result.order.dueAt, lang) : null,
          }
        : { kind: result.kind },
    (): VerificationView => ({ kind: "error" }),
  );
  // Usually the answer is quick: render it in the document (works without JavaScript). If the
  // provider is slow, stream it: 'Verifying Payment...' first, the result when it arrives.
  const settled = await Promise.race([
    verification,
    new Promise<undefined>((resolve) => setTimeout(resolve, INLINE_VERIFY_MS)),
  ]);
  return { ...base, verification: settled ?? verification };
}

export const meta = metaFromLoader;
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function PaymentSuccessPage() {
  const page = useLoaderData<typeof loader>();
  const location = useLocation();
  const verification = page.verification;
  return (
    <Container className="py-10 sm:py-14">
      {verification === null ? (
        <PaymentSuccessContent text={page.text} trackHref={page.trackHref} />
      ) : (
        <Suspense
          fallback={
            <VerifyingPayment
              text={page.text.verifying}
              retryText={page.text.checkAgain}
              retryHref={location.pathname + location.search}
            />
          }
        >
          <Await
            resolve={verification}
            errorElement={<PaymentResult result={{ kind: "error" }} text={page.text} trackHref={page.trackHref} />}
          >
            {(result) => (
              <PaymentResult result={result as VerificationView} text={page.text} trackHref={page.trackHref} />
            )}
          </Await>
        </Suspense>
      )}
    </Container>
  );
}

import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionAnswer } from "../components/forms/use-resilient-form";
import { CheckoutForm, type CheckoutReply } from "../components/checkout/checkout-form";
import { ButtonLink } from "../components/ui/button";
import { Container } from "../components/ui/section";
import { checkoutText } from "../content/checkout.server";
import { localizePath, type Lang } from "../i18n/lang";
import { CHECKOUT_MAX_LENGTHS } from "../orders/checkout-form.server";
import { requireUser } from "../auth/session.server";
import { clearCartHeaders, readCheckoutCart } from "../orders/checkout-context.server";
import { handleCheckout, summaryView } from "../orders/checkout.server";
import { computeTotals } from "../orders/orders.server";
import { ACCEPT_ATTRIBUTE } from "../orders/uploads.server";
import {
  checkoutDefaultsFromWizard,
  clearRequestCheckHandoff,
  QUICK_CHECK,
  readRequestCheckHandoff,
} from "../request-check/request-check.server";
import { pageHead } from "../seo/page-head.server";
import { langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { useLang } from "../root-data";
import { resilientClientAction } from "../forms/submission-client-action";
import { UPLOAD_TIMEOUT_MS } from "../forms/submission";
import { redirectWithToast } from "../forms/toast.server";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

/** Anonymous visitors go to the login page with the spec's notice and a way back here. */
function requireShopper(request: Request, lang: Lang) {
  const text = checkoutText[lang].auth;
  return requireUser(request, {
    redirectTo: localizePath(lang, "/checkout"),
    toast: { kind: "error", title: text.title, description: text.message },
  });
}

/** The wizard's details belong to its quick check: only an order with it takes them. */
function hasQuickCheck(cart: ReadonlyArray<{ serviceType: string; tierId: string }>) {
  return cart.some((line) => line.serviceType === QUICK_CHECK.serviceType && line.tierId === QUICK_CHECK.tierId);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const user = await requireShopper(request, lang);
  const text = checkoutText[lang];
  const cart = await readCheckoutCart(request);
  const totals = await computeTotals(cart, undefined, lang);
  // After the request wizard, its details start the form (and its IDs are kept on the order).
  const wizard = hasQuickCheck(cart) ? await checkoutDefaultsFromWizard(request, lang) : null;
  return {
    meta: pageHead(request, { ...text.meta.checkout, noindex: true }),
    heading: text.heading,
    empty: totals.lines.length === 0 ? text.empty : null,
    form: text.form,
    summaryText: text.summary,
    summary: summaryView(totals, lang),
    defaults: wizard ?? { legalName: user.fullName ?? "", email: user.email, phone: "", description: "" },
    accept: ACCEPT_ATTRIBUTE,
    maxLengths: CHECKOUT_MAX_LENGTHS,
  };
}

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function action({ request, params }: ActionFunctionArgs) {
  const lang = langParam(params);
  const user = await requireShopper(request, lang);
  const cart = await readCheckoutCart(request);
  const handoff = hasQuickCheck(cart) ? await readRequestCheckHandoff(request) : null;
  const extra = handoff
    ? {
        requestReference: handoff.reference,
        emiratesId: handoff.emiratesId,
        ...(handoff.passportNumber ? { passportNumber: handoff.passportNumber } : {}),
      }
    : undefined;
  const outcome = await handleCheckout({ request, userId: user.id, cart, lang, extra });
  if (outcome.kind === "reply") {
    const reply: CheckoutReply = {
      lastResult: outcome.lastResult,
      summary: outcome.summary,
      filesDropped: outcome.filesDropped,
      couponApplied: outcome.couponApplied,
    };
    return data(reply, { status: outcome.status });
  }
  // From here the order exists: the cart has done its job.
  const headers = await clearCartHeaders(request);
  if (handoff) headers.append("Set-Cookie", await clearRequestCheckHandoff());
  headers.append("Set-Cookie", await clearRequestCheckHandoff());
  if (outcome.kind === "pay") return redirect(outcome.url, { status: 303, headers });
  // Nothing to pay (a 100 % coupon): the order is paid already; the success page shows it.
  if (outcome.kind === "paid")
    return redirect(`${localizePath(lang, "/payment-success")}?order=${outcome.orderId}`, { status: 303, headers });
  const errors = checkoutText[lang].errors;
  return redirectWithToast(
    localizePath(lang, `/orders/${outcome.orderId}/pay`),
    {
      kind: "error",
      title: errors.paymentTitle,
      description: outcome.unavailable ? errors.paymentsUnavailable : errors.paymentMessage,
    },
    { status: 303, headers },
  );
}

// With JavaScript: Pay or Apply that does not get through keeps the form with a retry (documents
// on a slow uplink get a longer wait).
export const clientAction = resilientClientAction({ timeoutMs: UPLOAD_TIMEOUT_MS });

export const meta = metaFromLoader;

export default function CheckoutPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionAnswer<CheckoutReply>();
  const lang = useLang();
  return (
    <Container className="py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-navy-900">{page.heading}</h1>
      {page.empty ? (
        <div className="mt-8 rounded-xl border border-dashed border-slate-300 p-10 text-center">
          <h2 className="text-xl font-bold text-navy-900">{page.empty.title}</h2>
          <p className="mt-2 text-slate-600">{page.empty.message}</p>
          <ButtonLink to={localizePath(lang, "/")} className="mt-6">
            {page.empty.browse}
          </ButtonLink>
        </div>
      ) : (
        <div className="mt-8">
          <CheckoutForm
            text={page.form}
            summaryText={page.summaryText}
            initialSummary={page.summary}
            reply={reply}
            defaults={page.defaults}
            accept={page.accept}
            maxLengths={page.maxLengths}
          />
        </div>
      )}
    </Container>
  );
}

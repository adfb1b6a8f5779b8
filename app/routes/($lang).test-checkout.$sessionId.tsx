import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { Badge } from "../components/ui/badge";
import { Button, ButtonLink } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Container } from "../components/ui/section";
import { checkoutText } from "../content/checkout.server";
import { siteName } from "../env.server";
import { fill } from "../i18n/fill";
import { formatMoney } from "../i18n/format";
import { localizePath } from "../i18n/lang";
import { completeTestSession, findTestSession, testSuccessUrl } from "../payments/payments.server";
import { testPaymentsAllowed } from "../payments/providers.server";
import { pageHead } from "../seo/page-head.server";
import { formOrEmpty, langParam, notFound } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";
import { resilientClientAction } from "../forms/submission-client-action";
import { ResilientForm } from "../components/forms/resilient-form";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

/**
 * The built-in test provider's "hosted payment page": stands in for Stripe Checkout where no key
 * is configured (never in production unless ALLOW_TEST_PAYMENTS=true). Pay goes through the same
 * event handling as Stripe's webhook, then on to the success URL, as Stripe would.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const lang = langParam(params);
  if (!testPaymentsAllowed()) notFound();
  const row = await findTestSession(params.sessionId ?? "");
  if (!row) notFound();
  const text = checkoutText[lang].testCheckout;
  return {
    meta: pageHead(request, { ...checkoutText[lang].meta.testCheckout, noindex: true }),
    text: {
      ...text,
      payTo: fill(text.payTo, { site: siteName(lang) }),
      pay: fill(text.pay, { total: formatMoney(row.session.amount, lang) }),
      backToSite: fill(text.backToSite, { site: siteName(lang) }),
    },
    open: row.session.status === "open",
    amount: formatMoney(row.session.amount, lang),
    email: row.order.email ?? "",
    homeHref: localizePath(lang, "/"),
  };
}

export async function action({ params, request }: ActionFunctionArgs) {
  const lang = langParam(params);
  if (!testPaymentsAllowed()) notFound();
  const sessionId = params.sessionId ?? "";
  const row = await findTestSession(sessionId);
  if (!row) notFound();
  const form = await formOrEmpty(request);
  if (form.get("intent") === "cancel")
    return redirect(`${localizePath(lang, `/orders/${row.order.id}/pay`)}?cancelled=1`, 303);
  await completeTestSession(sessionId);
  return redirect(testSuccessUrl(sessionId, lang), 303);
}

// With JavaScript: a request that does not get through leaves the form as it was, with a retry.
export const clientAction = resilientClientAction();
export const meta = metaFromLoader;
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function TestCheckoutPage() {
  const page = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <Container className="py-10 sm:py-16">
      <Card className="mx-auto max-w-md space-y-5 p-6">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-xl font-bold text-navy-900">{page.text.title}</h1>
          <Badge tone="amber">{page.text.badge}</Badge>
        </div>
        <p className="text-sm text-slate-600">{page.text.intro}</p>
        <div className="rounded-lg bg-slate-50 p-4">
          <p className="text-sm text-slate-600">{page.text.payTo}</p>
          <p className="text-3xl font-bold tabular-nums text-navy-900" data-testid="test-amount">
            {page.amount}
          </p>
          {page.email ? <p className="mt-1 text-sm text-slate-600">{page.email}</p> : null}
        </div>
        {page.open ? (
          <ResilientForm method="post" className="space-y-4">
            <div>
              <p className="text-sm font-semibold text-navy-900">{page.text.card}</p>
              <p
                className="mt-1 rounded-lg border border-slate-300 px-3 py-2 font-mono tracking-wider text-slate-800"
                dir="ltr"
              >
                {page.text.cardNumber}
              </p>
            </div>
            <Button
              type="submit"
              name="intent"
              value="pay"
              size="lg"
              className="w-full"
              pending={busy && navigation.formData?.get("intent") === "pay"}
              disabled={busy}
            >
              {page.text.pay}
            </Button>
            <Button
              type="submit"
              name="intent"
              value="cancel"
              variant="ghost"
              className="w-full"
              disabled={busy}
              formNoValidate
            >
              {page.text.cancel}
            </Button>
          </ResilientForm>
        ) : (
          <div className="space-y-4">
            <p className="font-semibold text-navy-900">{page.text.done}</p>
            <ButtonLink to={page.homeHref} variant="secondary">
              {page.text.backToSite}
            </ButtonLink>
          </div>
        )}
      </Card>
    </Container>
  );
}

import type { ReactNode } from "react";
import { ButtonLink, Spinner } from "../ui/button";
import { Card } from "../ui/card";
import { Notice } from "../ui/notice";
import { useLocalizedPath } from "../layout/localized-link";

export type VerificationView =
  | { kind: "paid"; orderNumber: string; amount: string; expectedBy?: string | null }
  | { kind: "failed" }
  | { kind: "error" };

export type PaymentSuccessText = {
  verifying: string;
  checkAgain: string;
  title: string;
  verified: string;
  failedTitle: string;
  failedMessage: string;
  errorTitle: string;
  errorMessage: string;
  intro: string;
  orderNumber: string;
  amount: string;
  expectedBy: string;
  nextTitle: string;
  steps: Array<{ title: string; text: string }>;
  importantTitle: string;
  important: string[];
  home: string;
  track: string;
};

export function VerifyingPayment({
  text,
  retryText,
  retryHref,
}: {
  text: string;
  retryText: string;
  retryHref: string;
}) {
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-16 text-center">
      <Spinner className="size-8 text-navy-700" />
      <p className="text-xl font-semibold text-navy-900">{text}</p>
      {/* Without JavaScript a slow answer cannot stream in: a plain link asks again. */}
      <a href={retryHref} className="text-sm text-navy-700 underline">
        {retryText}
      </a>
    </div>
  );
}

export function PaymentResult({
  result,
  text,
  trackHref,
}: {
  result: VerificationView;
  text: PaymentSuccessText;
  trackHref: string;
}) {
  if (result.kind === "paid") {
    return (
      <PaymentSuccessContent text={text} trackHref={trackHref}>
        <Notice kind="success" title={text.verified}>
          <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
            <div className="flex gap-2">
              <dt>{text.orderNumber}:</dt>
              <dd className="font-mono font-semibold" data-testid="order-number">
                {result.orderNumber}
              </dd>
            </div>
            <div className="flex gap-2">
              <dt>{text.amount}:</dt>
              <dd className="font-semibold">{result.amount}</dd>
            </div>
            {result.expectedBy ? (
              <div className="flex gap-2">
                <dt>{text.expectedBy}:</dt>
                <dd className="font-semibold" data-testid="expected-by">
                  {result.expectedBy}
                </dd>
              </div>
            ) : null}
          </dl>
        </Notice>
      </PaymentSuccessContent>
    );
  }
  return (
    <div className="mx-auto max-w-2xl space-y-6 py-6">
      <h1 className="text-3xl font-bold text-navy-900">
        {result.kind === "failed" ? text.failedTitle : text.errorTitle}
      </h1>
      <Notice kind="error" title={result.kind === "failed" ? text.failedTitle : text.errorTitle}>
        {result.kind === "failed" ? text.failedMessage : text.errorMessage}
      </Notice>
      <Buttons text={text} trackHref={trackHref} />
    </div>
  );
}

export function PaymentSuccessContent({
  text,
  trackHref,
  children,
}: {
  text: PaymentSuccessText;
  trackHref: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div className="text-center">
        <p
          aria-hidden="true"
          className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800"
        >
          ✓
        </p>
        <h1 className="mt-4 text-3xl font-bold text-navy-900">{text.title}</h1>
        <p className="mt-2 text-lg text-slate-700">{text.intro}</p>
      </div>
      {children}
      <section aria-labelledby="next-steps">
        <h2 id="next-steps" className="text-xl font-bold text-navy-900">
          {text.nextTitle}
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {text.steps.map((step, index) => (
            <li key={step.title}>
              <Card className="h-full">
                <p
                  aria-hidden="true"
                  className="flex size-8 items-center justify-center rounded-full bg-navy-900 font-bold text-white"
                >
                  {index + 1}
                </p>
                <h3 className="mt-3 font-semibold text-navy-900">{step.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{step.text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="important-info" className="rounded-xl bg-amber-50 p-5">
        <h2 id="important-info" className="font-bold text-navy-900">
          {text.importantTitle}
        </h2>
        <ul className="mt-2 list-inside list-disc space-y-1 text-slate-800">
          {text.important.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <Buttons text={text} trackHref={trackHref} />
    </div>
  );
}

function Buttons({ text, trackHref }: { text: PaymentSuccessText; trackHref: string }) {
  const localized = useLocalizedPath();
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <ButtonLink to={localized("/")} variant="secondary">
        {text.home}
      </ButtonLink>
      <ButtonLink to={trackHref}>{text.track}</ButtonLink>
    </div>
  );
}

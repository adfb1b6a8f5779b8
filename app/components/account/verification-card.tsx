import { Form, useNavigation } from "@remix-run/react";
import { useLocalizedPath } from "../layout/localized-link";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { CsrfField } from "../ui/csrf-field";

export type VerificationCardText = {
  heading: string;
  verifiedTitle: string;
  verifiedText: string;
  unverifiedTitle: string;
  unverifiedText: string;
  resend: string;
  resending: string;
};

/**
 * Verified or not, with a Resend button (a plain POST form) while the address is unconfirmed.
 * Texts arrive with {email} already filled in.
 */
export function VerificationCard({
  verified,
  text,
  returnTo,
}: {
  verified: boolean;
  text: VerificationCardText;
  returnTo: string;
}) {
  const localize = useLocalizedPath();
  const navigation = useNavigation();
  const action = localize("/verify-email");
  const pending = navigation.state === "submitting" && navigation.formAction === action;
  return (
    <Card
      className={verified ? "border-green-700/40" : "border-amber-500"}
      data-testid="verification-card"
      data-verified={verified}
    >
      <h2 className="sr-only">{text.heading}</h2>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-start gap-3">
          <span aria-hidden="true" className={verified ? "text-2xl text-green-700" : "text-2xl text-amber-600"}>
            {verified ? "✔" : "✉"}
          </span>
          <div>
            <p className="font-semibold text-navy-900">{verified ? text.verifiedTitle : text.unverifiedTitle}</p>
            <p className="text-sm text-slate-700">{verified ? text.verifiedText : text.unverifiedText}</p>
          </div>
        </div>
        {verified ? null : (
          <Form method="post" action={action}>
            <CsrfField />
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="redirectTo" value={returnTo} />
            <Button type="submit" variant="secondary" size="sm" pending={pending}>
              {pending ? text.resending : text.resend}
            </Button>
          </Form>
        )}
      </div>
    </Card>
  );
}

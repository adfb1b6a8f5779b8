import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CsrfField } from "../ui/csrf-field";
import { SubmissionKey } from "../forms/submission-key";
import { useCartSubmit } from "./cart-queue";

/** Where every cart form posts (app/routes/cart.update.tsx). */
export const CART_ACTION = "/cart/update";

/**
 * A form that changes the cart: a plain POST that comes back to this page without JavaScript,
 * a queued, optimistic request with it. `fields` are hidden inputs (intent, serviceType, tierId…).
 */
export function CartForm({
  fields,
  children,
  className,
}: {
  fields: Record<string, string>;
  children: ReactNode;
  className?: string;
}) {
  const location = useLocation();
  const onSubmit = useCartSubmit();
  return (
    <form method="post" action={CART_ACTION} onSubmit={onSubmit} className={className}>
      <CsrfField />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {/* Without JavaScript a double click is applied once; with it each queued change gets its own key. */}
      <SubmissionKey />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

import type { ReactNode } from "react";
import { Button, type ButtonVariant } from "../ui/button";

/**
 * Adds one tier to the cart: a plain form posting to the cart action, which redirects back
 * without JavaScript. The cart feature owns this component (fetcher, optimistic badge).
 */
export function AddToCartForm({ serviceType, tierId, children, variant = "primary", className }: { serviceType: string; tierId: string; children: ReactNode; variant?: ButtonVariant; className?: string }) {
  return (
    <form method="post" action="/cart" className={className}>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="serviceType" value={serviceType} />
      <input type="hidden" name="tierId" value={tierId} />
      <Button type="submit" variant={variant} className="w-full">
        {children}
      </Button>
    </form>
  );
}

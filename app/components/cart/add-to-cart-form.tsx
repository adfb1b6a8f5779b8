import type { ReactNode } from "react";
import type { Speed } from "../../catalogue/speeds";
import { Button, type ButtonVariant } from "../ui/button";
import { CartForm } from "./cart-form";

/**
 * Adds one tier to the cart: a plain form posting to the cart action, which redirects back with
 * the cart panel open without JavaScript; with it, the badge changes at once and a toast confirms.
 */
export function AddToCartForm({
  serviceType,
  tierId,
  speed,
  children,
  variant = "primary",
  className,
}: {
  serviceType: string;
  tierId: string;
  /** The quote's delivery speed; the server prices the line with its multiplier. */
  speed?: Speed;
  children: ReactNode;
  variant?: ButtonVariant;
  className?: string;
}) {
  return (
    <CartForm
      fields={{ intent: "add", serviceType, tierId, ...(speed && speed !== "standard" ? { speed } : {}) }}
      className={className}
    >
      <Button type="submit" variant={variant} className="w-full">
        {children}
      </Button>
    </CartForm>
  );
}

import { clearCartHeaders as clearCart, readCart } from "../cart/cart.server";
import type { CartLineInput } from "./orders.server";

/**
 * What the checkout needs from the cart feature: the cart's lines and the header that empties it
 * (thin re-exports of app/cart/cart.server.ts).
 */
/** The cart's lines (plan list, tier id, quantity) from the cart cookie; prices come from the catalogue. */
export async function readCheckoutCart(request: Request): Promise<CartLineInput[]> {
  return (await readCart(request)).lines;
}

/** Set-Cookie headers that empty the cart. */
export async function clearCartHeaders(_request: Request): Promise<Headers> {
  return clearCart();
}

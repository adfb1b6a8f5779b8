import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { cartActionGet, handleCartAction } from "../cart/cart-action.server";

// The one cart action every cart form posts to (see app/cart/cart-action.server.ts).
export function action({ request }: ActionFunctionArgs) {
  return handleCartAction(request, "en");
}

export function loader({ request }: LoaderFunctionArgs) {
  return cartActionGet(request);
}

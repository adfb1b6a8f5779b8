import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { cartActionGet, handleCartAction } from "../cart/cart-action.server";
import { requestLang } from "../i18n/lang-cookie.server";

// The one cart action every cart form posts to (see app/cart/cart-action.server.ts). The URL has
// no language: a form that names no page goes back to the cart in the remembered language.
export function action({ request }: ActionFunctionArgs) {
  return handleCartAction(request, requestLang(request));
}

export function loader({ request }: LoaderFunctionArgs) {
  return cartActionGet(request);
}

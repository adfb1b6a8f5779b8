import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleCartAction } from "../cart/cart-action.server";
import { CartContents } from "../components/cart/cart-contents";
import { useCartView } from "../components/cart/cart-store";
import { Container } from "../components/ui/section";
import { uiStrings } from "../i18n/ui.server";
import { pageHead } from "../seo/page-head.server";
import { langParam } from "../http/http.server";
import { metaFromLoader } from "../seo/meta";

// After a submission that never got through, nothing is re-read (app/forms/submit-failure.ts).
export { shouldRevalidate } from "../forms/submit-failure";

// The cart as a page: what the header's cart button opens without JavaScript. The cart itself
// comes with the shell's data (root loader).
export function loader({ params, request }: LoaderFunctionArgs) {
  const lang = langParam(params);
  const text = uiStrings[lang].cart;
  return { meta: pageHead(request, { title: text.pageTitle, description: text.pageDescription, noindex: true }) };
}

// Forms that post to the page itself get the one cart action.
export function action({ request, params }: ActionFunctionArgs) {
  return handleCartAction(request, langParam(params));
}

export const meta = metaFromLoader;

export default function CartPage() {
  const cart = useCartView();
  return (
    <Container className="max-w-2xl py-10">
      <CartContents cart={cart} headingLevel="h1" />
    </Container>
  );
}

import type { CartView } from "../../cart/cart-rules";
import type { SubmitFailure } from "../../forms/submission";
import { SubmitFailureNotice } from "../forms/submit-failure-notice";
import { retryCartChanges } from "./cart-queue";
import { fill } from "../../i18n/fill";
import { formatMoney, listComma } from "../../i18n/format";
import { localizePath } from "../../i18n/lang";
import { cn } from "../../utils/cn";
import { useLang, useUi } from "../../root-data";
import { buttonClasses } from "../ui/button";
import { CartForm } from "./cart-form";

/**
 * The cart's lines (tier, service, quantity minus and plus, remove, line price), the total, Proceed
 * to Checkout and Clear cart; 'Your cart is empty' when empty. Shown in the header's panel and on
 * the /cart page. Every control is a small form, so all of it works without JavaScript.
 */
export function CartContents({
  cart,
  headingId,
  headingLevel = "h2",
}: {
  cart: CartView & { pending?: boolean; failure?: SubmitFailure | null };
  headingId?: string;
  headingLevel?: "h1" | "h2";
}) {
  const ui = useUi();
  const lang = useLang();
  const Heading = headingLevel;
  const text = ui.cart;
  return (
    // Busy while queued changes wait for the server (shown already, not yet saved).
    <div className="flex h-full flex-col" data-testid="cart-contents" aria-busy={cart.pending ? true : undefined}>
      <Heading id={headingId} className={cn("font-bold text-navy-900", headingLevel === "h1" ? "text-3xl" : "text-xl")}>
        {text.title}
      </Heading>
      {/* Changes that did not reach the server: still shown, sent again with Try again. */}
      <SubmitFailureNotice
        failure={cart.failure ?? null}
        onRetry={retryCartChanges}
        text={text.offline}
        className="mt-4"
      />
      {cart.count === 0 ? (
        <div className="mt-6 flex-1">
          <p className="text-lg font-semibold text-navy-900">{text.empty}</p>
          <p className="mt-2 text-slate-600">{text.emptyHint}</p>
          <a href={localizePath(lang, "/")} className={buttonClasses("secondary", "md", "mt-6")}>
            {text.browse}
          </a>
        </div>
      ) : (
        <>
          <ul className="mt-4 flex-1 divide-y divide-slate-200" aria-label={text.lines}>
            {cart.items.map((item) => {
              const name = item.speedName
                ? `${item.tierName}${listComma(lang)}${item.speedName} (${item.serviceName})`
                : `${item.tierName} (${item.serviceName})`;
              const line = {
                serviceType: item.serviceType,
                tierId: item.tierId,
                ...(item.speed !== "standard" ? { speed: item.speed } : {}),
              };
              return (
                <li key={item.key} className="py-4" data-cart-line={item.key}>
                  <div className="flex items-start justify-between gap-3">
                    <div>
                      <p className="font-semibold text-navy-900">{item.tierName}</p>
                      {item.speedName ? (
                        <p className="text-sm font-semibold text-navy-700" data-testid="line-speed">
                          {item.speedName}
                        </p>
                      ) : null}
                      <p className="text-sm text-slate-600">{item.serviceName}</p>
                      <p className="text-sm text-slate-600 tabular-nums">
                        {fill(text.each, { price: formatMoney(item.unitPrice, lang) })}
                      </p>
                    </div>
                    <p className="font-semibold text-navy-900 tabular-nums" data-testid="line-total">
                      {formatMoney(item.lineTotal, lang)}
                    </p>
                  </div>
                  <div className="mt-2 flex items-center gap-2">
                    <CartForm fields={{ intent: "decrement", ...line }}>
                      <button
                        type="submit"
                        aria-label={fill(text.decrease, { item: name })}
                        className={buttonClasses("secondary", "sm", "min-w-11")}
                      >
                        <span aria-hidden="true">−</span>
                      </button>
                    </CartForm>
                    {/* The label is visually hidden text (aria-label is not allowed on a span). */}
                    <span className="min-w-8 text-center font-semibold tabular-nums">
                      <span className="sr-only">{text.quantity}: </span>
                      <span data-testid="line-quantity">{item.quantity}</span>
                    </span>
                    <CartForm fields={{ intent: "increment", ...line }}>
                      <button
                        type="submit"
                        aria-label={fill(text.increase, { item: name })}
                        className={buttonClasses("secondary", "sm", "min-w-11")}
                      >
                        <span aria-hidden="true">+</span>
                      </button>
                    </CartForm>
                    <CartForm fields={{ intent: "remove", ...line }} className="ms-auto">
                      <button
                        type="submit"
                        aria-label={fill(text.removeItem, { item: name })}
                        className={buttonClasses("ghost", "sm", "text-red-800")}
                      >
                        {text.remove}
                      </button>
                    </CartForm>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="mt-4 border-t border-slate-200 pt-4">
            <p className="flex items-center justify-between text-lg font-bold text-navy-900">
              <span>{text.total}</span>{" "}
              <span className="tabular-nums" data-testid="cart-total">
                {formatMoney(cart.subtotal, lang)}
              </span>
            </p>
            <a href={localizePath(lang, "/checkout")} className={buttonClasses("primary", "lg", "mt-4 w-full")}>
              {text.checkout}
            </a>
            <CartForm fields={{ intent: "clear" }} className="mt-2">
              <button type="submit" className={buttonClasses("ghost", "md", "w-full")}>
                {text.clear}
              </button>
            </CartForm>
          </div>
        </>
      )}
    </div>
  );
}

import { useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { Suspense, useEffect, useRef, useState } from "react";
import type { CartView } from "../../cart/cart-rules";
import { fill } from "../../i18n/fill";
import { localizePath } from "../../i18n/lang";
import { lazyComponent } from "../../utils/lazy-component";
import { useLang, useUi } from "../../root-data";
import { serverCartPanel } from "./cart-panel-ssr.server";
import { UNSENT_CART_CHANGES, useCartView } from "./cart-store";

type PanelProps = { cart: CartView; closeHref: string; onClose: () => void };

/** Whether this tab holds cart changes not yet confirmed (cart-queue.ts). */
function hasUnsentCartChanges() {
  try {
    return Boolean(sessionStorage.getItem(UNSENT_CART_CHANGES));
  } catch {
    return false;
  }
}

// The panel's code is fetched when the cart is first opened (or the button is hovered or focused),
// keeping it out of every page's first load. On the server it is rendered in the first pass.
const loadPanel = () => import("./cart-panel");
const CartPanel = lazyComponent<PanelProps>(serverCartPanel, loadPanel);

/** The URL without ?cart=open: where closing the panel goes without JavaScript. */
function withoutCartParam(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  params.delete("cart");
  const rest = params.toString();
  return pathname + (rest ? `?${rest}` : "");
}

/**
 * The header's cart button with its item-count badge. Without JavaScript it links to the /cart
 * page; with it, it opens the side panel. The count includes changes still on their way to the
 * server (optimistic).
 */
export function CartButton() {
  const ui = useUi();
  const lang = useLang();
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const cart = useCartView();
  const urlOpen = new URLSearchParams(location.search).get("cart") === "open";
  const [open, setOpen] = useState(urlOpen);
  const buttonRef = useRef<HTMLAnchorElement>(null);
  const closeHref = withoutCartParam(location.pathname, location.search);

  useEffect(() => {
    if (urlOpen) setOpen(true);
  }, [urlOpen]);

  // Changes an earlier page of this tab showed but the server had not confirmed: send them now
  // (cart-queue.ts). Also when the page comes back from the back-forward cache.
  useEffect(() => {
    const resume = () => {
      if (hasUnsentCartChanges()) void import("./cart-queue").then((queue) => queue.resumeCartChanges());
    };
    resume();
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) resume();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  // When the queue of cart changes runs empty, re-read the page's data (a checkout summary, the shell).
  const drained = cart.drained;
  useEffect(() => {
    if (drained > 0) revalidator.revalidate();
    // Only when the queue drains, not when the revalidator object changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drained]);

  // Focus goes back to the button once the dialog is gone (while it is modal the page is inert).
  const returnFocus = useRef(false);
  useEffect(() => {
    if (!open && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);

  function close() {
    returnFocus.current = true;
    setOpen(false);
    if (urlOpen) navigate(closeHref, { replace: true, preventScrollReset: true });
  }

  return (
    <>
      <a
        ref={buttonRef}
        href={localizePath(lang, "/cart")}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        onMouseEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        aria-label={cart.count === 1 ? ui.cart.openCartOne : fill(ui.cart.openCart, { count: cart.count })}
        aria-haspopup="dialog"
        className="relative inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-2 text-navy-900 hover:bg-navy-50"
        data-testid="cart-button"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="9" cy="20" r="1.5" />
          <circle cx="18" cy="20" r="1.5" />
          <path d="M2 3h3l2.7 12.4a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8L21 7H6" />
        </svg>{" "}
        {/* The word is left out where the desktop header is tightest (its name is the aria-label). */}
        <span className="hidden text-sm font-semibold whitespace-nowrap sm:inline lg:hidden xl:inline">
          {ui.cart.cart}
        </span>{" "}
        {/* Space is always reserved for the badge, so a changing count shifts nothing. */}
        <span
          aria-hidden="true"
          className="absolute -top-0.5 end-0 grid min-w-5 place-items-center rounded-full bg-amber-400 px-1 text-xs font-bold text-navy-950 tabular-nums data-[empty=true]:invisible"
          data-empty={cart.count === 0}
          data-testid="cart-count"
        >
          {cart.count}
        </span>
      </a>
      {open ? (
        <Suspense fallback={null}>
          <CartPanel cart={cart} closeHref={closeHref} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

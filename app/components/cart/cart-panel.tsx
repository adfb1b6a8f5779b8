import { useEffect, useRef, type MouseEvent } from "react";
import type { CartView } from "../../cart/cart-rules";
import { useUi } from "../../root-data";
import { buttonClasses } from "../ui/button";
import { CartContents } from "./cart-contents";

/**
 * The cart side panel. Loaded only when the cart is opened (it is not part of the first page's
 * JavaScript). With JavaScript it is a modal <dialog>: focus stays inside, Escape and a click
 * outside close it. Without JavaScript the server renders it open (`?cart=open`, after a cart
 * form) with a Close link back to the page.
 */
export function CartPanel({ cart, closeHref, onClose }: { cart: CartView; closeHref: string; onClose: () => void }) {
  const ui = useUi();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.matches(":modal")) return;
    // Rendered open by the server (no focus trap): reopen it as a modal dialog.
    if (dialog.open) dialog.close();
    dialog.showModal();
  }, []);

  function closeOnBackdrop(event: MouseEvent<HTMLDialogElement>) {
    // A click on the dialog element itself is a click on its backdrop (the content fills the box).
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <>
      <div aria-hidden="true" className="fixed inset-0 z-40 bg-navy-950/50" />
      {/* Keyboard users close it with Escape (cancel) or the Close button; the click handler only serves pointer users. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={ref}
        // Server-rendered open for visitors without JavaScript; in the browser showModal() opens it.
        open={typeof document === "undefined" ? true : undefined}
        aria-labelledby="cart-panel-title"
        onCancel={(event) => {
          event.preventDefault();
          onClose();
        }}
        onClick={closeOnBackdrop}
        className="fixed inset-y-0 start-0 end-auto z-50 m-0 me-auto h-dvh max-h-none w-full max-w-md overflow-y-auto bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-navy-950/50 motion-safe:transition-transform"
        data-testid="cart-panel"
      >
        <div className="flex min-h-full flex-col p-6">
          <div className="mb-2 flex justify-end">
            <a
              href={closeHref}
              onClick={(event) => {
                event.preventDefault();
                onClose();
              }}
              className={buttonClasses("ghost", "sm")}
            >
              <span aria-hidden="true">✕</span> {ui.cart.close}
            </a>
          </div>
          <CartContents cart={cart} headingId="cart-panel-title" />
        </div>
      </dialog>
    </>
  );
}

export default CartPanel;

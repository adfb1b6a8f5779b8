import { useEffect, useMemo, useSyncExternalStore } from "react";
import type { CartView } from "../../cart/cart-rules";
import { useRootData } from "../../root-data";
import type { SubmitFailure } from "../../forms/submit-failure";

/**
 * The cart as the header's badge and the panel show it: the shell's cart (or a newer server
 * answer) with the changes still on their way applied (optimistic). The queue that sends those
 * changes (cart-queue.ts) comes with the code of the first cart form, not with every page: until
 * a change is queued there is nothing to apply, and this view is all a page's first load needs.
 */
export type CartQueueState = {
  /** Applies the changes not confirmed yet (queued, or failed and waiting for a retry) to a cart; null when there are none. */
  applyUnconfirmed: ((base: CartView) => CartView) | null;
  /** Changes are on their way to the server. */
  pending: boolean;
  /** The connection failed: the unsent changes wait for a retry. */
  failure: SubmitFailure | null;
  /** The latest cart a server answer carried, and the shell's cart it was received under. */
  confirmed: { cart: CartView; base: CartView | null } | null;
  /** Counts how often the queue ran empty (the shell re-reads its data then). */
  drained: number;
};

const initial: CartQueueState = { applyUnconfirmed: null, pending: false, failure: null, confirmed: null, drained: 0 };
let state = initial;
let shellCart: CartView | null = null;
const listeners = new Set<() => void>();

/** The queue's news for the views (cart-queue.ts). */
export function publishCartQueue(next: Partial<CartQueueState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const cartQueueState = () => state;

/** The cart the shell's data holds now (a server answer is recorded with it: a newer shell wins). */
export const currentShellCart = () => shellCart;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const emptyCart: CartView = { items: [], count: 0, subtotal: 0 };

/** The cart to show: the shell's (or a newer server answer), with unconfirmed changes applied. */
export function useCartView(): CartView & { pending: boolean; drained: number; failure: SubmitFailure | null } {
  const root = useRootData()?.cart ?? emptyCart;
  const current = useSyncExternalStore(subscribe, cartQueueState, () => initial);
  useEffect(() => {
    shellCart = root;
  }, [root]);
  // Once the shell's data is re-read (a new object), it is the newest truth.
  const base =
    current.confirmed && (current.confirmed.base === root || current.confirmed.base === null)
      ? current.confirmed.cart
      : root;
  return useMemo(
    () => ({
      ...(current.applyUnconfirmed ? current.applyUnconfirmed(base) : base),
      pending: current.pending,
      drained: current.drained,
      failure: current.failure,
    }),
    [base, current],
  );
}

/** The tab's copy of the cart changes the server has not confirmed (written by cart-queue.ts, read by the cart button). */
export const UNSENT_CART_CHANGES = "sanad.cart.unsent";

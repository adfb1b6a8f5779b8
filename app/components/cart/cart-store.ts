import { useEffect, useMemo, useSyncExternalStore, type FormEvent } from "react";
import { applyCartIntent, cartLineKey, intentFromForm, type CartIntent, type CartLine, type CartView } from "../../cart/cart-rules";
import { useRootData, useUi } from "../../utils/root-data";
import type { SubmitFailure } from "../../utils/submission";
import { showToast, type Toast } from "../../utils/toast";

/**
 * With JavaScript, cart forms are sent by script one after another (the cart is one cookie: two
 * requests in flight at once would each write their own version and one change would be lost).
 * Until the server answers, the badge and the panel show the queued changes applied to the last
 * known cart (optimistic); each answer carries the server's cart, which replaces the guess.
 *
 * Each change carries its own submission key. When a request does not get through (no
 * connection, no answer in time) the queue stops: the unsent changes stay shown, the cart says
 * so and offers to send them again, with the same keys, so none is applied twice.
 */
type Job = { id: number; action: string; body: URLSearchParams; intent: CartIntent; failure: string };
type Snapshot = {
  jobs: Job[];
  /** Changes whose request did not get through, waiting for a retry (still shown). */
  failed: Job[];
  failure: SubmitFailure | null;
  /** The latest cart a server answer carried, and the shell's cart it was received under. */
  confirmed: { cart: CartView; base: CartView | null } | null;
  /** Counts how often the queue ran empty (the shell re-reads its data then). */
  drained: number;
};
type ActionAnswer = { ok: boolean; toast?: Toast; cart: CartView };

const initial: Snapshot = { jobs: [], failed: [], failure: null, confirmed: null, drained: 0 };
let snapshot = initial;
let running = false;
let nextId = 0;
let shellCart: CartView | null = null;
const listeners = new Set<() => void>();

function update(next: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

async function run() {
  if (running) return;
  running = true;
  while (snapshot.jobs.length > 0) {
    const job = snapshot.jobs[0]!;
    let answer: ActionAnswer | null = null;
    try {
      // The sender's code comes with the first change (or earlier, when the browser is idle).
      const { sendCartChange } = await import("./cart-sender");
      answer = (await sendCartChange(job.action, job.body)) as ActionAnswer;
    } catch (error) {
      // The connection (or the sender's code could not be fetched): keep this change and the
      // ones after it for a retry.
      const kind = (error as { kind?: unknown } | null)?.kind === "timeout" ? "timeout" : "network";
      update({ jobs: [], failed: [...snapshot.failed, ...snapshot.jobs], failure: { submitFailed: kind } });
      showToast({ kind: "error", title: job.failure, group: "cart" });
      break;
    }
    const rest = snapshot.jobs.filter((queued) => queued.id !== job.id);
    if (answer?.cart) {
      update({ jobs: rest, confirmed: { cart: answer.cart, base: shellCart } });
      if (answer.toast) showToast({ ...answer.toast, group: "cart" });
    } else {
      update({ jobs: rest });
      showToast({ kind: "error", title: job.failure, group: "cart" });
    }
  }
  running = false;
  // The shell's data is re-read once all changes are saved, not over a connection that just failed.
  if (snapshot.failed.length === 0) update({ drained: snapshot.drained + 1 });
}

/** Queues a cart form's submission; false when the form does not hold a valid cart change (let it submit normally). */
export function enqueueCartForm(form: HTMLFormElement, submitter: HTMLElement | null, failure: string): boolean {
  const body = new FormData(form, submitter && (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) ? submitter : null);
  const intent = intentFromForm(body);
  if (!intent) return false;
  body.set("respond", "data");
  // The page's token is for the plain form; each queued change gets a key of its own (cart-sender.ts).
  body.delete("submissionId");
  const params = new URLSearchParams();
  for (const [name, value] of body) if (typeof value === "string") params.append(name, value);
  update({ jobs: [...snapshot.jobs, { id: ++nextId, action: form.action, body: params, intent, failure }] });
  void run();
  return true;
}

/** Sends the changes that did not get through again, in order, with their keys. */
export function retryCartChanges() {
  if (snapshot.failed.length === 0) return;
  update({ jobs: [...snapshot.failed, ...snapshot.jobs], failed: [], failure: null });
  void run();
}

/** The onSubmit of every cart form: with JavaScript the change is queued and applied at once. */
export function useCartSubmit() {
  const ui = useUi();
  return (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (enqueueCartForm(event.currentTarget, submitter, ui.cart.offline)) event.preventDefault();
  };
}

function applyJobs(base: CartView, jobs: readonly Job[]): CartView {
  if (jobs.length === 0) return base;
  let lines: CartLine[] = base.items.map((item) => ({ serviceType: item.serviceType, tierId: item.tierId, speed: item.speed, quantity: item.quantity }));
  for (const job of jobs) lines = applyCartIntent(lines, job.intent).lines;
  const known = new Map(base.items.map((item) => [item.key, item]));
  const items: CartView["items"] = [];
  let count = 0;
  for (const line of lines) {
    count += line.quantity;
    const item = known.get(cartLineKey(line.serviceType, line.tierId, line.speed));
    // A package not yet in the cart counts in the badge at once; its line appears with the answer.
    if (item) items.push({ ...item, quantity: line.quantity, lineTotal: item.unitPrice * line.quantity });
  }
  return { items, count, subtotal: items.reduce((sum, item) => sum + item.lineTotal, 0) };
}

const emptyCart: CartView = { items: [], count: 0, subtotal: 0 };

/** The cart to show: the shell's (or a newer server answer), with queued changes applied. */
export function useCartView(): CartView & { pending: boolean; drained: number; failure: SubmitFailure | null } {
  const root = useRootData()?.cart ?? emptyCart;
  const state = useSyncExternalStore(subscribe, () => snapshot, () => initial);
  useEffect(() => {
    shellCart = root;
  }, [root]);
  // Once the shell's data is re-read (a new object), it is the newest truth.
  const base = state.confirmed && (state.confirmed.base === root || state.confirmed.base === null) ? state.confirmed.cart : root;
  return useMemo(
    () => ({ ...applyJobs(base, [...state.failed, ...state.jobs]), pending: state.jobs.length > 0, drained: state.drained, failure: state.failure }),
    [base, state.jobs, state.failed, state.failure, state.drained],
  );
}

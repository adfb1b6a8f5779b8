import type { FormEvent } from "react";
import {
  applyCartIntent,
  cartLineKey,
  intentFromForm,
  type CartIntent,
  type CartLine,
  type CartView,
} from "../../cart/cart-rules";
import { useUi } from "../../root-data";
import { showToast, type Toast } from "../../forms/toast";
import { newSubmissionKey } from "../../forms/send-form";
import { cartQueueState, currentShellCart, publishCartQueue, UNSENT_CART_CHANGES } from "./cart-store";
import { sendCartChange } from "./cart-sender";

/**
 * With JavaScript, cart forms are sent by script one after another (the cart is one cookie: two
 * requests in flight at once would each write their own version and one change would be lost).
 * Until the server answers, the badge and the panel show the queued changes applied to the last
 * known cart (optimistic, through cart-store.ts); each answer carries the server's cart, which
 * replaces the guess. This module comes with the cart forms (cart-form.tsx), not with the page.
 *
 * Each change carries its own submission key. When a request does not get through (no
 * connection, no answer in time) the queue stops: the unsent changes stay shown, the cart says
 * so and offers to send them again, with the same keys, so none is applied twice.
 *
 * A change shown as accepted survives leaving the page: its request goes out at once (the sender
 * comes with this module, no code to download first) with `keepalive`, so a navigation does not
 * cancel it; and the queue is also kept in the tab's sessionStorage, with the changes confirmed in
 * the last few seconds (a page load that started just before the answer carried the old cart
 * cookie). The next page of the tab (a full load, the back button) sends them again with the same
 * keys (`resumeCartChanges`, started by the cart button): applied once either way, and the answer
 * brings the page the server's cart.
 */
type Job = { id: number; action: string; body: URLSearchParams; intent: CartIntent; failure: string; resync?: boolean };
type StoredJob = { action: string; body: string; intent: CartIntent; failure: string; confirmedAt?: number };

/** How long a confirmed change is kept for the next page of the tab to send again. */
const RESYNC_MS = 10_000;
/** Changes the server confirmed lately: the next page asks for them again (it may carry an older cookie). */
let recent: Array<{ job: Job; at: number }> = [];

type ActionAnswer = { ok: boolean; toast?: Toast; cart: CartView };

let jobs: Job[] = [];
/** Changes whose request did not get through, waiting for a retry (still shown). */
let failed: Job[] = [];
let running = false;
let nextId = 0;

/** Tells the views what is queued, along with any other news, and keeps the tab's copy of it. */
function publish(next: Parameters<typeof publishCartQueue>[0] = {}) {
  // A change sent again only to bring the server's cart is not shown twice.
  const unconfirmed = [...failed, ...jobs].filter((job) => !job.resync);
  publishCartQueue({
    ...next,
    pending: jobs.length > 0,
    applyUnconfirmed: unconfirmed.length ? (base) => applyJobs(base, unconfirmed) : null,
  });
  store();
}

function store() {
  const now = Date.now();
  recent = recent.filter((entry) => now - entry.at < RESYNC_MS);
  const stored: StoredJob[] = [
    ...recent.map(({ job, at }) => ({
      action: job.action,
      body: job.body.toString(),
      intent: job.intent,
      failure: job.failure,
      confirmedAt: at,
    })),
    ...[...failed, ...jobs].map(({ action, body, intent, failure }) => ({
      action,
      body: body.toString(),
      intent,
      failure,
    })),
  ];
  try {
    if (stored.length === 0) sessionStorage.removeItem(UNSENT_CART_CHANGES);
    else sessionStorage.setItem(UNSENT_CART_CHANGES, JSON.stringify(stored));
  } catch {
    // Storage switched off or full: the keepalive request alone carries the change.
  }
}

async function run() {
  if (running) return;
  running = true;
  while (jobs.length > 0) {
    const job = jobs[0]!;
    let answer: ActionAnswer | null = null;
    try {
      answer = (await sendCartChange(job.action, job.body)) as ActionAnswer;
    } catch (error) {
      // The connection (or the sender's code could not be fetched): keep this change and the
      // ones after it for a retry.
      const kind = (error as { kind?: unknown } | null)?.kind === "timeout" ? "timeout" : "network";
      failed = [...failed, ...jobs];
      jobs = [];
      publish({ failure: { submitFailed: kind } });
      showToast({ kind: "error", title: job.failure, group: "cart" });
      break;
    }
    jobs = jobs.filter((queued) => queued.id !== job.id);
    if (answer?.cart && !job.resync)
      recent = [...recent.filter((entry) => entry.job.id !== job.id), { job, at: Date.now() }];
    if (answer?.cart) {
      publish({ confirmed: { cart: answer.cart, base: currentShellCart() } });
      if (answer.toast) showToast({ ...answer.toast, group: "cart" });
    } else {
      publish();
      showToast({ kind: "error", title: job.failure, group: "cart" });
    }
  }
  running = false;
  // The shell's data is re-read once all changes are saved, not over a connection that just failed.
  if (failed.length === 0) publish({ drained: cartQueueState().drained + 1 });
}

/** Queues a cart form's submission; false when the form does not hold a valid cart change (let it submit normally). */
export function enqueueCartForm(form: HTMLFormElement, submitter: HTMLElement | null, failure: string): boolean {
  const body = new FormData(
    form,
    submitter && (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) ? submitter : null,
  );
  const intent = intentFromForm(body);
  if (!intent) return false;
  body.set("respond", "data");
  // The page's token is for the plain form; each queued change gets a key of its own, now, so the
  // tab's copy carries it too.
  body.set("submissionId", newSubmissionKey());
  const params = new URLSearchParams();
  for (const [name, value] of body) if (typeof value === "string") params.append(name, value);
  jobs = [...jobs, { id: ++nextId, action: form.action, body: params, intent, failure }];
  publish();
  void run();
  return true;
}

/**
 * On a new page of the tab: sends again, in order and with their keys, the changes a page left
 * before the server confirmed them. A change the server had is not applied twice.
 */
export function resumeCartChanges() {
  let stored: StoredJob[] = [];
  try {
    stored = JSON.parse(sessionStorage.getItem(UNSENT_CART_CHANGES) ?? "[]") as StoredJob[];
  } catch {
    stored = [];
  }
  const known = new Set(
    [...jobs, ...failed, ...recent.map((entry) => entry.job)].map((job) => job.body.get("submissionId")),
  );
  const now = Date.now();
  const resumed = stored
    .filter((job) => typeof job?.action === "string" && typeof job.body === "string" && job.intent)
    .filter((job) => job.confirmedAt === undefined || (now - job.confirmedAt >= 0 && now - job.confirmedAt < RESYNC_MS))
    .map((job): Job => ({
      id: ++nextId,
      action: job.action,
      body: new URLSearchParams(job.body),
      intent: job.intent,
      failure: job.failure,
      resync: job.confirmedAt !== undefined,
    }))
    .filter((job) => !known.has(job.body.get("submissionId")));
  if (resumed.length === 0) return;
  jobs = [...resumed, ...jobs];
  publish();
  void run();
}

/** Sends the changes that did not get through again, in order, with their keys. */
export function retryCartChanges() {
  if (failed.length === 0) return;
  jobs = [...failed, ...jobs];
  failed = [];
  publish({ failure: null });
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

function applyJobs(base: CartView, queued: readonly Job[]): CartView {
  let lines: CartLine[] = base.items.map((item) => ({
    serviceType: item.serviceType,
    tierId: item.tierId,
    speed: item.speed,
    quantity: item.quantity,
  }));
  for (const job of queued) lines = applyCartIntent(lines, job.intent).lines;
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

import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the request log and metrics learn while a request is handled: the route pattern and the
 * signed-in user's id. Held in AsyncLocalStorage so the session code (in the Remix build) can say
 * who is signed in without the edge reading cookies twice. One store on globalThis: server.ts and
 * the Remix build are two bundles.
 */
export type RequestFacts = { userId?: string; route?: string; memo?: Map<string, Promise<unknown>> };

const storeKey = Symbol.for("sanad.request-facts");
function store(): AsyncLocalStorage<RequestFacts> {
  const g = globalThis as { [storeKey]?: AsyncLocalStorage<RequestFacts> };
  g[storeKey] ??= new AsyncLocalStorage<RequestFacts>();
  return g[storeKey];
}

export function runWithRequestFacts<T>(facts: RequestFacts, fn: () => T): T {
  return store().run(facts, fn);
}

/** The session code: this request is signed in as `userId` (logged; never the token). */
export function noteSignedInUser(userId: string) {
  const facts = store().getStore();
  if (facts) facts.userId = userId;
}

/**
 * One answer per request for `key`: Remix gives each loader of a page its own Request object, so
 * what several loaders ask about the same request (the session) is read once through this.
 * Outside a request (tests, jobs) it simply computes.
 */
export function oncePerRequest<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const facts = store().getStore();
  if (!facts) return compute();
  facts.memo ??= new Map();
  let pending = facts.memo.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = compute();
    facts.memo.set(key, pending);
  }
  return pending;
}

import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The real wait of a request refused by a limit, whichever route refused it: the rate limiter
 * notes how long its window still runs, and the answer's headers (app/http/response-headers.server.ts)
 * turn that into `Retry-After` on the 429. So every 429 says the wait of the limit that refused
 * it (an hour window near its start says about an hour, not a default).
 */
type Scope = { seconds: number | undefined };

// server.ts and the Remix build are two bundles, each with its own copy of this module: one store
// on globalThis, so the limiter (in the Remix build) and the headers (in server.ts) share it.
const storeKey = Symbol.for("sanad.refusal-wait");
const holder = globalThis as { [storeKey]?: AsyncLocalStorage<Scope> };
const scopes = (holder[storeKey] ??= new AsyncLocalStorage<Scope>());

/** Runs the rest of a request's handling with its own record of refusals. */
export function withRefusalWait<T>(run: (scope: Scope) => T): T {
  const scope: Scope = { seconds: undefined };
  return scopes.run(scope, () => run(scope));
}

/** A limit refused this request for `seconds`; the longest of several wins. */
export function noteRefusalWait(seconds: number) {
  const scope = scopes.getStore();
  if (scope) scope.seconds = Math.max(scope.seconds ?? 0, Math.ceil(seconds));
}

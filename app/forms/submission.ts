/**
 * The one way an enhanced form survives a bad connection (see docs/decisions/038-…).
 *
 * With JavaScript, Remix sends a form through the route's `clientAction`. Every route with an
 * enhanced form exports `resilientClientAction()` (submission-client-action.ts, apart so pages
 * do not load it before they need it): when the request cannot reach the server or no
 * answer comes within the timeout, the action answers `{ submitFailed }` (HTTP 503 for the
 * router, so no loader is re-run over the same bad connection) instead of throwing, and the page,
 * the form and what was typed stay; the form shows the failure notice with a retry
 * (useResilientForm). What the server itself answers, errors included, passes unchanged: a real
 * server error still reaches the error boundary.
 *
 * A retry carries the same submission key (root data `formToken`, see SubmissionKey), so an
 * action that stored the first attempt after all answers the retry with that first result.
 */

/** Longest wait for a form's answer before the visitor is offered a retry. */
export const SUBMIT_TIMEOUT_MS = 20_000;
/** Forms that carry files (the checkout) on a slow uplink. */
export const UPLOAD_TIMEOUT_MS = 120_000;

import type { SubmitFailureKind } from "./submit-failure";

export { isSubmitFailure, type SubmitFailure, type SubmitFailureKind } from "./submit-failure";

/** The failure thrown by sendForm (forms that call fetch themselves: the cart, the assistant). */
export class SubmitFailureError extends Error {
  constructor(readonly kind: SubmitFailureKind) {
    super(kind === "timeout" ? "no answer in time" : "the request did not reach the server");
    this.name = "SubmitFailureError";
  }
}

/**
 * True for a failure of the connection rather than an answer of ours: fetch rejects with a
 * TypeError when the connection fails ("Failed to fetch", "Load failed", "NetworkError…"), and
 * Remix cannot decode a body that is not its own (a proxy's 502 page, a body cut off midway).
 */
export function isTransportFailure(error: unknown): boolean {
  if (error instanceof SubmitFailureError) return true;
  if (error instanceof TypeError) return true;
  return error instanceof Error && /turbo-stream|No response body/i.test(error.message);
}

import type { ClientActionFunctionArgs } from "@remix-run/react";

/**
 * The one way an enhanced form survives a bad connection (see docs/decisions/038-…).
 *
 * With JavaScript, Remix sends a form through the route's `clientAction`. Every route with an
 * enhanced form exports `resilientClientAction()`: when the request cannot reach the server or no
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

export type SubmitFailureKind = "network" | "timeout";
export type SubmitFailure = { submitFailed: SubmitFailureKind };

export function isSubmitFailure(value: unknown): value is SubmitFailure {
  return typeof value === "object" && value !== null && ((value as SubmitFailure).submitFailed === "network" || (value as SubmitFailure).submitFailed === "timeout");
}

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

function timeout(ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SubmitFailureError("timeout")), ms);
  });
  return { promise, clear: () => clearTimeout(timer) };
}

/**
 * The clientAction of a route with an enhanced form. On a timeout the request is left to finish
 * on its own (Remix owns it); its answer is dropped, and the retry meets the stored result.
 */
export function resilientClientAction(options: { timeoutMs?: number } = {}) {
  const timeoutMs = options.timeoutMs ?? SUBMIT_TIMEOUT_MS;
  return async function clientAction({ serverAction, request }: ClientActionFunctionArgs) {
    const limit = timeout(timeoutMs);
    const answer = serverAction();
    // A late failure of an abandoned request has no one to tell.
    answer.catch(() => undefined);
    try {
      return await Promise.race([answer, limit.promise]);
    } catch (error) {
      // The router cancelled it (another submission, a navigation): not ours to report.
      if (request.signal.aborted) throw error;
      if (!isTransportFailure(error)) throw error;
      return submitFailureResponse(error instanceof SubmitFailureError ? error.kind : "network");
    } finally {
      limit.clear();
    }
  };
}

/** A Response (not data): its 503 status tells the router not to re-run loaders after it. */
function submitFailureResponse(kind: SubmitFailureKind) {
  const failure: SubmitFailure = { submitFailed: kind };
  return Response.json(failure, { status: 503, headers: { "Cache-Control": "no-store" } });
}

/**
 * fetch for forms that send themselves (the cart's queue, the assistant's stream): the same
 * timeout, and connection failures as SubmitFailureError. The timeout covers the wait for the
 * answer's headers; a stream's reader applies its own limit.
 */
export async function sendForm(url: string, init: RequestInit & { timeoutMs?: number }): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), init.timeoutMs ?? SUBMIT_TIMEOUT_MS);
  const outer = init.signal;
  outer?.addEventListener("abort", () => controller.abort(), { once: true });
  try {
    return await fetch(url, { ...init, credentials: "same-origin", signal: controller.signal });
  } catch (error) {
    if (outer?.aborted) throw error;
    if (controller.signal.aborted) throw new SubmitFailureError("timeout");
    throw isTransportFailure(error) ? new SubmitFailureError("network") : error;
  } finally {
    clearTimeout(timer);
  }
}

/** A fresh submission key (a UUID) for a form that sends several submissions per page (the chat, the cart). */
export function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Outside a secure context randomUUID is missing; getRandomValues is not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

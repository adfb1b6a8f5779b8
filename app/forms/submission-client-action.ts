import type { ClientActionFunctionArgs } from "@remix-run/react";
import {
  isTransportFailure,
  SUBMIT_TIMEOUT_MS,
  SubmitFailureError,
  type SubmitFailure,
  type SubmitFailureKind,
} from "./submission";

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

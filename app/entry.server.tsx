import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderHtmlStream } from "./http/render-html.server";
import { closingTagsLast } from "./http/document-end.server";
import { NonceProvider } from "./http/nonce";
import { lowPriorityModulePreloads } from "./http/script-priority.server";

const STREAM_TIMEOUT_MS = 10_000;

export const streamTimeout = STREAM_TIMEOUT_MS;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  let status = responseStatusCode;
  // Crawlers get the whole document at once; browsers get the shell first, then streamed parts.
  const body = await renderHtmlStream(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={STREAM_TIMEOUT_MS} />
    </NonceProvider>,
    {
      nonce,
      waitForAll: isbot(request.headers.get("user-agent") ?? ""),
      timeoutMs: STREAM_TIMEOUT_MS + 1000,
      onError(error, { shellRendered }) {
        status = 500;
        // Errors after the shell are streamed as error boundaries; log them once.
        if (shellRendered)
          console.error(`render error id=${loadContext.requestId} ${new URL(request.url).pathname}:`, error);
      },
    },
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  forwardRetryAfter(status, responseHeaders, remixContext);
  return new Response(body.pipeThrough(lowPriorityModulePreloads()).pipeThrough(closingTagsLast()), {
    headers: responseHeaders,
    status,
  });
}

/**
 * Remix passes only cookies from loaders and actions on to a page, so a form answered with a 429
 * (or a loader's thrown 503) would lose the Retry-After it set: carry it over.
 */
function forwardRetryAfter(status: number, headers: Headers, { staticHandlerContext: context }: EntryContext) {
  if ((status !== 429 && status !== 503) || headers.has("Retry-After")) return;
  const given = [...Object.values(context.actionHeaders ?? {}), ...Object.values(context.loaderHeaders ?? {})]
    .map((h) => h.get("Retry-After"))
    .find(Boolean);
  if (given) headers.set("Retry-After", given);
}

/** Logs unexpected server errors with the request id shown on the error page; aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted requests and 4xx answers (not found, method not allowed) are not server errors.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const id = (context as AppLoadContext | undefined)?.requestId ?? "unknown";
  console.error(
    `error id=${id} ${request.method} ${new URL(request.url).pathname}:`,
    error instanceof Error ? (error.stack ?? error.message) : error,
  );
};

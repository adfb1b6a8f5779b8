import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, type AppLoadContext, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { closingTagsLast } from "./utils/document-end.server";
import { NonceProvider } from "./utils/nonce";
import { lowPriorityModulePreloads } from "./utils/script-priority.server";

const STREAM_TIMEOUT_MS = 10_000;

export const streamTimeout = STREAM_TIMEOUT_MS;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  // Crawlers get the whole document at once; browsers get the shell first, then streamed parts.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={STREAM_TIMEOUT_MS} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body.pipe(lowPriorityModulePreloads()).pipe(closingTagsLast())), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are streamed as error boundaries; log them once.
          if (shellRendered) console.error(`render error id=${loadContext.requestId}:`, error);
        },
      },
    );
    setTimeout(abort, STREAM_TIMEOUT_MS + 1000);
  });
}

/** Logs unexpected server errors with the request id shown on the error page; aborted requests are not errors. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // Aborted requests and 4xx answers (not found, method not allowed) are not server errors.
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const id = (context as AppLoadContext | undefined)?.requestId ?? "unknown";
  console.error(`error id=${id} ${request.method} ${new URL(request.url).pathname}:`, error instanceof Error ? (error.stack ?? error.message) : error);
};

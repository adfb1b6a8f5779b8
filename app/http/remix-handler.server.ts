import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { once } from "node:events";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { createPageCache, type CachedAnswer, type VisitorRequest } from "./page-cache.server";
import { gatedRequest } from "./request-gate.server";
import { batchReader } from "../utils/stream-batches.server";

/**
 * Remix's request handler for Express, as @remix-run/express does it, except that the request is
 * built from what the request gate let through (app/http/request-gate.server.ts): its normalised,
 * cleaned URL and its bounded, cleaned body, never the raw socket.
 */
export function remixRequestHandler({
  build,
  mode,
  getLoadContext,
  pageCache = true,
  sharedSecret,
}: {
  build: ServerBuild;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** Serve anonymous pages from the shared page cache (app/http/page-cache.server.ts). */
  pageCache?: boolean;
  /** What every instance shares (the session secret): the same page bytes from each (decision 103). */
  sharedSecret?: string;
}) {
  const handle = createRequestHandler(build, mode);
  const cache = pageCache
    ? createPageCache({ render: handle, buildVersion: build.assets.version, sharedSecret })
    : null;
  const handler = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const context = getLoadContext(req, res);
      const cached = cache ? await cache.respond(visitorRequest(req, res), context) : null;
      if (cached) {
        if (!res.headersSent) sendCached(res, cached);
        return;
      }
      const request = remixRequest(req, res);
      const response = await handle(request, context);
      // The gate answered meanwhile (an upload crossed its limit): drop the application's answer.
      if (res.headersSent) {
        await response.body?.cancel().catch(() => {});
        return;
      }
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
  return Object.assign(handler, {
    /** A held shared page answered at the server's door (app/http/shared-page-door.server.ts), or null. */
    answerAtTheDoor: (request: VisitorRequest): CachedAnswer | null => cache?.answerAtTheDoor(request) ?? null,
  });
}

/** The page cache's view of the request: the gate's URL and the headers, without building a fetch Request. */
function visitorRequest(req: ExpressRequest, res: ExpressResponse): VisitorRequest {
  const gated = gateOf(res);
  return {
    method: req.method,
    url: gated.url,
    headers: {
      get(name: string) {
        const lower = name.toLowerCase();
        if (lower in gated.headers) return gated.headers[lower] ?? null;
        const value = req.headers[lower];
        return Array.isArray(value) ? value.join(", ") : (value ?? null);
      },
    },
  };
}

function sendCached(res: ExpressResponse, answer: CachedAnswer) {
  res.status(answer.status);
  for (const [name, value] of answer.headers) res.append(name, value);
  // A shared page has no nonce: its policy allows exactly its own inline scripts, by their hashes
  // (the same policy for every visitor, so a CDN may keep it with the page).
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy === "string")
    res.setHeader(
      "Content-Security-Policy",
      policy.replace(/\s*'nonce-[^']*'/, answer.scriptHashes.length > 0 ? ` ${answer.scriptHashes.join(" ")}` : ""),
    );
  res.end(answer.body ?? undefined);
  if (res.statusCode === answer.status) answer.keepSentHeaders?.(res.getHeaders());
}

/** What the request gate let through; every request handled here went through it. */
function gateOf(res: ExpressResponse) {
  const gated = gatedRequest(res);
  if (!gated) throw new Error("the request gate did not run for this request");
  return gated;
}

function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const gated = gateOf(res);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  for (const [name, value] of Object.entries(gated.headers)) {
    if (value === null) headers.delete(name);
    else headers.set(name, value);
  }
  // Abort loaders and actions once no answer can be written (closed before finishing).
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = (gated.body ?? new Uint8Array(0)) as BodyInit;
    if (gated.body instanceof ReadableStream) init.duplex = "half";
  }
  return new Request(gated.url.href, init);
}

async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeBody(response.body, res);
  else res.end();
}

/**
 * Writes a response body at the pace the client takes it (unlike Remix's writer, which queues all
 * of it in memory): after a write the socket's buffer cannot take, the next chunk is read only on
 * 'drain'. A connection that closes cancels the body, so a streamed export stops reading
 * (docs/decisions/083). Chunks already waiting are written together and flushed when no more is
 * waiting, so compression neither holds streamed HTML back nor compresses and sends each small
 * piece on its own (decision 104).
 */
async function writeBody(body: ReadableStream<Uint8Array>, res: ExpressResponse & { flush?: () => void }) {
  const reader = body.getReader();
  const nextBatch = batchReader(reader);
  const closed = once(res, "close").then(() => undefined);
  try {
    for (;;) {
      if (res.destroyed || res.writableEnded) {
        await reader.cancel();
        return;
      }
      const batch = await nextBatch();
      if (!batch) {
        res.end();
        return;
      }
      const room = res.write(batch.bytes);
      if (batch.ended) {
        res.end();
        return;
      }
      res.flush?.();
      if (!room) await Promise.race([once(res, "drain"), closed]);
    }
  } catch (error) {
    res.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}

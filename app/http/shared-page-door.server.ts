import type { IncomingMessage, ServerResponse } from "node:http";
import type { CachedAnswer, VisitorRequest } from "./page-cache.server";

/**
 * The door of the server for shared anonymous pages (docs/decisions/104-shared-pages-at-the-door.md).
 *
 * A page the cache holds, already sent whole once in the request's encoding, is answered here from
 * the raw request: no Express, no policy or header steps, no gate, no fetch Request. Those steps
 * ran for the first answer of that very page and their headers were recorded with it, so the answer
 * is the same bytes and headers the full way gives. Anything else (a query string, a path that is
 * not plain, a body, a cookie that may change the page, a page not yet held) goes the usual way.
 */

/** Plain paths only: what the gate and the canonical redirects leave as they are, or leave to a cache miss. */
const PLAIN_PATH = /^\/[a-z0-9\-/]{0,200}$/i;

export type DoorAnswerer = (request: VisitorRequest) => CachedAnswer | null;

/** Headers read from the raw request as the cache reads them (joined when repeated). */
function headersOf(req: IncomingMessage): VisitorRequest["headers"] {
  return {
    get(name: string) {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    },
  };
}

/** The held page for this request, or null when the request must go the usual way. */
export function doorAnswer(req: IncomingMessage, answerAtTheDoor: DoorAnswerer): CachedAnswer | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  const path = req.url;
  if (path === undefined || !PLAIN_PATH.test(path)) return null;
  // A GET with a body is odd enough to take the full way (the gate reads and bounds it).
  if (req.headers["transfer-encoding"] !== undefined) return null;
  const length = req.headers["content-length"];
  if (length !== undefined && length !== "0") return null;
  return answerAtTheDoor({ method: req.method, url: new URL(path, "http://door.invalid"), headers: headersOf(req) });
}

/** Writes a door answer: status, the recorded headers plus this answer's own, the bytes. */
export function writeDoorAnswer(res: ServerResponse, answer: CachedAnswer, ownHeaders: Array<[string, string]>) {
  const flat: string[] = [];
  for (const [name, value] of answer.headers) flat.push(name, value);
  for (const [name, value] of ownHeaders) flat.push(name, value);
  res.writeHead(answer.status, flat);
  res.end(answer.body ?? undefined);
}

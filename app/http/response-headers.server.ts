import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { RETRY_AFTER_UNAVAILABLE_SECONDS } from "./database-outage.server";
import { withRefusalWait } from "./refusal-wait.server";
import { gatedRequest } from "./request-gate.server";
import { isPrivatePath } from "./request-url.server";

/** Browser features the site never uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";

/** Seconds a client should wait after a 429 that named no time of its own and no limit noted (none does today). */
export const RETRY_AFTER_TOO_MANY_SECONDS = 60;

/**
 * Headers every answer from the application gets, set just before they are sent (whatever wrote
 * the answer: a route, Remix's error boundary, the request gate, the error handler):
 * - `Cache-Control: private, no-store` on every answer that depends on who asks: the visitor sent
 *   the session cookie, the answer sets a cookie, or the path is a signed-in or one-time page;
 * - `Retry-After` on every 429 and 503 that has none: for a 429 the real wait of the limit that
 *   refused the request (app/http/refusal-wait.server.ts), whichever route answered;
 * - an absolute `Location` on every redirect: a path becomes an address on `siteUrl`, so text
 *   browsers such as lynx follow it without stopping on "Location URL is not absolute"
 *   (docs/decisions/079-text-browsers.md).
 */
export function responseHeaderRules(options: { siteUrl: string }) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    withRefusalWait((refusal) => {
      beforeHeaders(res, () => {
        const location = res.getHeader("Location");
        if (typeof location === "string")
          res.setHeader("Location", absoluteLocation(location, new URL(req.originalUrl, options.siteUrl).href));
        if (dependsOnVisitor(req, res)) {
          const current = String(res.getHeader("Cache-Control") ?? "");
          // no-transform keeps compression off streamed answers (the assistant's events).
          res.setHeader(
            "Cache-Control",
            /no-transform/i.test(current) ? "private, no-store, no-transform" : "private, no-store",
          );
        }
        if (res.statusCode === 429 && !res.hasHeader("Retry-After"))
          res.setHeader("Retry-After", String(refusal.seconds ?? RETRY_AFTER_TOO_MANY_SECONDS));
        if (res.statusCode === 503 && !res.hasHeader("Retry-After"))
          res.setHeader("Retry-After", String(RETRY_AFTER_UNAVAILABLE_SECONDS));
      });
      next();
    });
  };
}

/**
 * A redirect target as an absolute address: a path ("/cart", "?step=2") is resolved against
 * the request's address on the site's public origin; a full address is kept as it is.
 */
export function absoluteLocation(location: string, requestAddress: string): string {
  if (/^[a-z][a-z\d+.-]*:/i.test(location)) return location;
  try {
    return new URL(location, requestAddress).href;
  } catch {
    return location;
  }
}

function dependsOnVisitor(req: Request, res: Response) {
  if (/(^|;\s*)__session=/.test(req.get("cookie") ?? "")) return true;
  if (res.hasHeader("Set-Cookie")) return true;
  return isPrivatePath(gatedRequest(res)?.url.pathname ?? req.path);
}

export { isPrivatePath };

/** Runs `listener` once, right before the status line and headers are written. */
export function beforeHeaders(res: ServerResponse, listener: () => void) {
  const writeHead = res.writeHead;
  let done = false;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!done) {
      done = true;
      if (typeof args[0] === "number") this.statusCode = args[0];
      listener();
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}

import type { NextFunction, Request, Response } from "express";
import { bodyRule } from "./body-limits.server";
import { CSRF_FIELD, isVisitorFormToken, visitorFormToken } from "./csrf.server";
import { confirmationPage, sendPlainPage, type PlainPageKind } from "./plain-page.server";
import {
  discardUnreadBody,
  firstMultipartToken,
  formFields,
  isMultipartType,
  readWhole,
  requestBodyStream,
} from "./request-body.server";
import { isPrivatePath, pathLang, requestUrl, routePathOf } from "./request-url.server";
import { originVerdict } from "./same-origin.server";

/** What the gate lets through to the application (app/http/remix-handler.server.ts builds the request from it). */
export type GatedRequest = {
  /** The URL as the application sees it: dot segments resolved, query string cleaned. */
  url: URL;
  /** The body: read whole and cleaned, or a counted stream (uploads). */
  body?: Uint8Array | ReadableStream<Uint8Array>;
  /** Headers that change with the body (type and length after cleaning); null removes one. */
  headers: Record<string, string | null>;
};

export function gatedRequest(res: Response): GatedRequest | undefined {
  return res.locals.gated as GatedRequest | undefined;
}

/**
 * Every request bound for the application passes here first (docs/decisions/031 and 032):
 * 1. its URL is normalised as routing sees it, and refused (400) when its path holds characters no
 *    path of ours has; the query string passes the input boundary (app/http/input-text.server.ts);
 * 2. a state-changing request from another site is refused (403) before a byte of its body is read;
 * 3. the body is bounded by its route's limit (app/http/body-limits.server.ts), declared or not:
 *    413 as soon as the limit is crossed. Forms are read whole (they are small) and pass the input
 *    boundary; uploads are streamed to the route's own parser;
 * 4. a request that says nothing of where it comes from (no Origin, no Referer: lynx, stripped
 *    headers) must carry the visitor's form token (app/http/csrf.server.ts); without it, an
 *    anonymous form is confirmed on a private page that carries the token (decision 091), and
 *    anything else is refused (403).
 * Routes then read an ordinary, bounded, clean request.
 */
export function requestGate({ siteUrl }: { siteUrl: string }) {
  return (req: Request, res: Response, next: NextFunction) => {
    gate(req, res, siteUrl).then((pass) => (pass ? next() : undefined), next);
  };
}

async function gate(req: Request, res: Response, siteUrl: string): Promise<boolean> {
  let stopReading = () => {};
  // Once answered, nothing reads the body any more (a route may answer without reading an
  // upload), and what the client still sends is read and dropped for a bounded while.
  res.on("finish", () => {
    stopReading();
    discardUnreadBody(req);
  });
  const addressedTo = requestOrigin(req, siteUrl);
  const url = requestUrl(addressedTo, req.originalUrl);
  if (!url) return refuse(req, res, 400, "badRequest");
  const gated: GatedRequest = { url, headers: {} };
  res.locals.gated = gated;
  if (req.method === "GET" || req.method === "HEAD") return true;

  const rule = bodyRule(routePathOf(url.pathname));
  const verdict =
    rule.raw || req.method === "OPTIONS"
      ? "same-origin"
      : originVerdict({
          origin: req.get("origin"),
          referer: req.get("referer"),
          secFetchSite: req.get("sec-fetch-site"),
          requestOrigin: addressedTo,
          siteUrl,
        });
  if (verdict === "cross-site") return refuse(req, res, 403, "crossSite");
  Object.assign(gated.headers, decidedOriginHeaders(url, verdict));

  const contentType = req.get("content-type") ?? "";
  const upload = rule.upload !== undefined && isMultipartType(contentType);
  const limit = upload ? rule.upload! : rule.form;
  // An upload's parser refuses a declared length over its total itself, with the form's own
  // message and without reading the body; every other body over its limit is refused here.
  const declared = Number(req.get("content-length") ?? "NaN");
  if (declared > limit && !upload) return refuse(req, res, 413, "tooLarge");
  const { stream, stop } = requestBodyStream(req, limit, () => {
    if (!res.headersSent) refuse(req, res, 413, "tooLarge");
  });
  stopReading = stop;

  if (upload) {
    // Streamed on to the route's parser; the token, when needed, is the first part of the form.
    if (verdict === "unknown") {
      const { token, replay } = await firstMultipartToken(stream, contentType);
      if (res.headersSent) return false;
      if (!isVisitorFormToken(req.get("cookie"), token)) {
        await replay.cancel();
        return refuse(req, res, 403, "missingToken");
      }
      gated.body = replay;
    } else {
      gated.body = stream;
    }
    return true;
  }

  const body = await readWhole(stream);
  if (body === null || res.headersSent) return false;
  gated.headers["transfer-encoding"] = null;
  if (rule.raw) {
    gated.body = body;
    gated.headers["content-length"] = String(body.byteLength);
    return true;
  }
  const fields = await formFields(body, contentType);
  if (verdict === "unknown" && !isVisitorFormToken(req.get("cookie"), fields?.get(CSRF_FIELD))) {
    // Shared pages carry no token (decision 091): an anonymous form from one, sent by a browser
    // that names no origin (lynx, w3m), is confirmed on a private page that carries the token.
    // Signed-in visitors and account forms never get this step: their pages carry the token.
    if (fields && !hasSessionCookie(req.get("cookie")) && !isPrivatePath(url.pathname))
      return askToConfirm(req, res, url, fields);
    return refuse(req, res, 403, "missingToken");
  }
  if (fields) {
    // The token has done its work here; routes never see it (nor echo it into a page or a cookie).
    fields.delete(CSRF_FIELD);
    const encoded = Buffer.from(fields.toString());
    gated.body = encoded;
    gated.headers["content-type"] = "application/x-www-form-urlencoded;charset=UTF-8";
    gated.headers["content-length"] = String(encoded.byteLength);
  } else {
    gated.body = body;
    gated.headers["content-length"] = String(body.byteLength);
  }
  return true;
}

/** The session cookie (app/auth/session.server.ts): a signed-in visitor, or one signing in. */
function hasSessionCookie(cookies: string | undefined) {
  return /(^|;\s*)__session=/.test(cookies ?? "");
}

/**
 * The confirmation step: nothing was done; a private page (403, never stored) holds the same
 * fields and the visitor's form token, so one press of its button sends the form with the token.
 * Another site can make such a browser send a form here, but not press this button.
 */
function askToConfirm(req: Request, res: Response, url: URL, fields: URLSearchParams): false {
  const { token, setCookie } = visitorFormToken(req.get("cookie"));
  if (setCookie) res.append("Set-Cookie", setCookie);
  fields.delete(CSRF_FIELD);
  res.status(403).setHeader("Cache-Control", "private, no-store");
  res
    .type("html")
    .send(confirmationPage(pathLang(url.pathname), url.pathname + url.search, [[CSRF_FIELD, token], ...fields]));
  return false;
}

function refuse(req: Request, res: Response, status: number, kind: PlainPageKind): false {
  // A visitor without the form cookie gets one with the refusal, so sending the form again works.
  if (kind === "missingToken") {
    const { setCookie } = visitorFormToken(req.get("cookie"));
    if (setCookie) res.append("Set-Cookie", setCookie);
  }
  sendPlainPage(req, res, status, kind);
  return false;
}

/**
 * The origin a request was addressed to, from trusted headers only: `X-Forwarded-Host` (and
 * `X-Forwarded-Proto`, through `req.protocol`) when the `trust proxy` setting (TRUST_PROXY) trusts
 * the hop it came from, else `Host`. Host and port come from the same header. A missing or
 * malformed host stands for the configured site.
 */
export function requestOrigin(req: Request, siteUrl: string) {
  const forwarded = req.get("X-Forwarded-Host")?.split(",")[0]?.trim();
  const trustsProxy = req.app.get("trust proxy fn") as
    ((address: string | undefined, hop: number) => boolean) | undefined;
  const host = forwarded && trustsProxy?.(req.socket.remoteAddress, 0) ? forwarded : req.get("host");
  if (host && /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host)) {
    try {
      return new URL(`${req.protocol}://${host}`).origin;
    } catch {
      // not a host: the configured site below
    }
  }
  return new URL(siteUrl).origin;
}

/**
 * What the application is told about a state-changing request's origin once the gate has decided
 * it may pass. Remix v2 aborts an action (an empty 500) whose `Origin` host differs from its
 * `X-Forwarded-Host` or `Host` (`throwIfPotentialCSRFAttack` in @remix-run/server-runtime), which
 * a proxy that rewrites Host, an untrusted X-Forwarded-Host or `Origin: null` all cause although
 * the request is ours. The decision is made here, once; the request Remix gets states it
 * consistently: Host is the host of the URL it is given, no X-Forwarded-Host, and Origin that
 * URL's origin when the request came from our site, none when it named none (the form token decided).
 */
export function decidedOriginHeaders(url: URL, verdict: "same-origin" | "unknown"): Record<string, string | null> {
  return { host: url.host, "x-forwarded-host": null, origin: verdict === "same-origin" ? url.origin : null };
}

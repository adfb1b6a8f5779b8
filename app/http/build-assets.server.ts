import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

/**
 * The fingerprinted build output (public/build), served from memory with the copies compressed at
 * build time (scripts/precompress-assets.js, docs/decisions/090): brotli or gzip as the browser
 * accepts, never compressed per request. A file under one name never changes, so browsers and CDNs
 * keep it a year (`immutable`); each encoding has its own strong ETag and `Vary: Accept-Encoding`
 * tells a shared cache the answer depends on it.
 */

export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

export type Encoding = "br" | "gzip" | "identity";

type Representation = { body: Buffer; etag: string };
type Asset = {
  contentType: string;
  lastModified: string;
  representations: Partial<Record<Encoding, Representation>> & { identity: Representation };
};

const SIBLING_SUFFIX: Record<Exclude<Encoding, "identity">, string> = { br: ".br", gzip: ".gz" };

/**
 * The coding to send for an Accept-Encoding header: brotli, then gzip, among those the header
 * accepts (q > 0, by name or by `*`), else none. A header that accepts none of what we hold, even
 * `identity;q=0` or `*;q=0`, gets the plain bytes (RFC 9110 §12.5.3 lets a server send them), and
 * so does a header we cannot read.
 */
export function chooseEncoding(header: string | undefined | null, available: ReadonlySet<Encoding>): Encoding {
  if (!header) return "identity";
  const weights = new Map<string, number>();
  for (const item of header.split(",")) {
    const [rawName, ...params] = item.split(";");
    const name = rawName!.trim().toLowerCase();
    if (!/^[a-z0-9*!#$%&'+.^_`|~-]+$/.test(name)) continue;
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*(.*?)\s*$/i.exec(param);
      // A weight that is not one (q=abc, q=2) makes the item unreadable: it is ignored.
      if (match) weight = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(match[1]!) ? Number(match[1]) : NaN;
    }
    if (Number.isNaN(weight)) continue;
    weights.set(name === "x-gzip" ? "gzip" : name, weight);
  }
  const wildcard = weights.get("*");
  const weightOf = (coding: string) => weights.get(coding) ?? wildcard ?? 0;
  let best: Encoding = "identity";
  let bestWeight = 0;
  for (const coding of ["br", "gzip"] as const) {
    const weight = weightOf(coding);
    if (available.has(coding) && weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/** If-None-Match names this tag (or `*`), compared weakly as RFC 9110 asks for GET and HEAD. */
export function ifNoneMatchHolds(header: string | undefined, etag: string) {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === bare;
  });
}

/** Express middleware for `/build`: GET and HEAD of files under `folder`; anything else there is a 404 or 405. */
export function buildAssets(folder: string) {
  const root = path.resolve(folder);
  // Fingerprinted files never change while the process runs: each is read once, on first request.
  const assets = new Map<string, Promise<Asset | null>>();

  async function load(file: string, type: string): Promise<Asset | null> {
    let stat;
    try {
      stat = await fs.stat(file);
    } catch {
      return null;
    }
    if (!stat.isFile()) return null;
    const identity = await fs.readFile(file);
    const hash = crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 22);
    const asset: Asset = {
      contentType: type,
      lastModified: stat.mtime.toUTCString(),
      representations: { identity: { body: identity, etag: `"${hash}"` } },
    };
    for (const coding of ["br", "gzip"] as const) {
      const body = await fs.readFile(file + SIBLING_SUFFIX[coding]).catch(() => null);
      if (body) asset.representations[coding] = { body, etag: `"${hash}-${coding}"` };
    }
    return asset;
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      let relative: string;
      try {
        relative = decodeURIComponent(req.path);
      } catch {
        return next(Object.assign(new Error("bad asset path"), { status: 400 }));
      }
      const file = path.join(root, relative);
      // Only files inside the folder, and not the compressed copies themselves (they are encodings of a file, not files).
      if (relative.includes("\0") || !file.startsWith(root + path.sep) || /\.(br|gz)$/.test(file)) {
        return next(Object.assign(new Error("not found"), { status: 404 }));
      }
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.setHeader("Allow", "GET, HEAD");
        return next(Object.assign(new Error("method not allowed"), { status: 405 }));
      }
      let pending = assets.get(file);
      if (!pending) {
        pending = load(file, contentTypeOf(res, file));
        assets.set(file, pending);
      }
      const asset = await pending;
      if (!asset) {
        // Not remembered: made-up addresses must not grow the map.
        assets.delete(file);
        return next(Object.assign(new Error("not found"), { status: 404 }));
      }
      const available = new Set(Object.keys(asset.representations) as Encoding[]);
      const coding = chooseEncoding(req.headers["accept-encoding"], available);
      const representation = asset.representations[coding]!;
      res.setHeader("Content-Type", asset.contentType);
      res.setHeader("Cache-Control", IMMUTABLE_CACHE_CONTROL);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("ETag", representation.etag);
      res.setHeader("Last-Modified", asset.lastModified);
      if (coding !== "identity") res.setHeader("Content-Encoding", coding);
      const ifNoneMatch = req.headers["if-none-match"];
      const notModified =
        ifNoneMatch !== undefined
          ? ifNoneMatchHolds(ifNoneMatch, representation.etag)
          : notModifiedSince(req.headers["if-modified-since"], asset.lastModified);
      if (notModified) {
        res.removeHeader("Content-Encoding");
        res.status(304).end();
        return;
      }
      res.setHeader("Content-Length", String(representation.body.length));
      res.status(200).end(req.method === "HEAD" ? undefined : representation.body);
    } catch (error) {
      next(error);
    }
  };
}

function contentTypeOf(res: Response, file: string) {
  // Express's own table (with a charset for text), as express.static used.
  res.type(path.extname(file) || "application/octet-stream");
  const type = String(res.getHeader("Content-Type"));
  res.removeHeader("Content-Type");
  return type;
}

function notModifiedSince(header: string | undefined, lastModified: string) {
  if (!header) return false;
  const since = Date.parse(header);
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

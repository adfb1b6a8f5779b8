import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { AppLoadContext } from "@remix-run/node";
import { isbot } from "isbot";
import { langFromPath } from "../i18n/lang";
import {
  LANG_COOKIE,
  langCookieHeader,
  pageLanguage,
  rememberedLang,
  type RequestHeaders,
} from "../i18n/lang-cookie.server";
import { chooseEncoding, ifNoneMatchHolds, type Encoding } from "./build-assets.server";
import { FORM_TOKEN_COOKIES } from "./csrf.server";
import { isPrivatePath } from "./response-headers.server";
import { recordPageCache } from "../observability/metrics.server";

/**
 * The anonymous page cache (docs/decisions/054-anonymous-page-cache.md, 091-shared-anonymous-pages.md).
 *
 * Almost every visitor is anonymous and sees the same bytes for a page, a language and a language
 * suggestion. The first such request renders the page once; later ones get the very same bytes,
 * compressed once (brotli and gzip), with a strong ETag and headers that let a CDN keep them:
 * no loader, no React render, no compression per request. The shared page carries nothing of one
 * visitor or one response: no CSP nonce (its inline scripts are allowed by their sha256 hashes,
 * computed here once), no form token (its forms are sent without one; a browser that says nothing
 * of where a form comes from confirms it on a private page, decision 091), no request id, and one
 * submission key for the page.
 *
 * A request is served from here only when it carries nothing that could change the page: GET or
 * HEAD, no query string, not a signed-in or one-time page, and no cookie but the form-token id and
 * the remembered language (which is part of the key). A rendered page is kept only when it is a
 * 200 or 404 HTML page that set no cookie and did not ask to stay private. The cache lives in the
 * process and is keyed by the build's fingerprint (in the ETag): a new build is a new process and
 * new tags, so no old page is served with new assets; entries also expire after a few minutes.
 */

const BOT_USER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

/** Cookies that never change a page: the form-token id (shared pages carry no token) and the remembered language (in the key). */
const NEUTRAL_COOKIES = new Set<string>([...FORM_TOKEN_COOKIES, LANG_COOKIE]);

/** How long a browser or CDN may use a shared page without asking, and serve it stale while it asks. */
export const SHARED_PAGE_MAX_AGE_SECONDS = 60;
export const SHARED_PAGE_STALE_SECONDS = 300;
export const SHARED_PAGE_CACHE_CONTROL = `public, max-age=${SHARED_PAGE_MAX_AGE_SECONDS}, stale-while-revalidate=${SHARED_PAGE_STALE_SECONDS}`;
/** What selects a shared page besides its address: the encoding, the remembered and suggested language, crawler or browser. */
export const SHARED_PAGE_VARY = "Accept-Encoding, Cookie, Accept-Language, User-Agent";

type Template = {
  kind: "page";
  status: number;
  headers: [string, string][];
  /** The page's bytes in each encoding, each with its strong tag. */
  bodies: Record<Encoding, { bytes: Buffer; etag: string }>;
  /** `'sha256-…'` of each inline script, in the page's order: the script-src the page needs. */
  scriptHashes: string[];
  bytes: number;
  expiresAt: number;
  /**
   * The headers the whole server sent with this page in each compressed encoding (the edge's own
   * headers included: policy, permissions, HSTS), recorded from the first answer through every
   * step, so later answers can be written at the door without passing those steps again.
   */
  sent: Partial<Record<"br" | "gzip", Array<[string, string]>>>;
};
/** A page that cannot be shared (a redirect, a file, a private answer): rendered as usual until it expires. */
type NotShared = { kind: "not-shared"; bytes: number; expiresAt: number };
type Entry = Template | NotShared;
/** What a not-shared entry counts for in the bound (its key is counted too). */
const NOT_SHARED_BYTES = 200;

export type PageCacheOptions = {
  /** Renders a request with a load context (Remix's request handler). */
  render: (request: Request, context: AppLoadContext) => Promise<Response>;
  /** The build's fingerprint (Remix's assets version): part of every tag, so a new build never confirms an old page. */
  buildVersion?: string;
  /**
   * A secret every instance of the deployment shares (the session secret): the page's submission
   * key is derived from it, so every instance renders the same bytes for a page (decision 103).
   * Without it, a random key per rendering (one process alone).
   */
  sharedSecret?: string;
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
};

/**
 * What the cache reads of a visitor's request: no fetch Request is built for an answer from the
 * cache (the server's own request objects are most of what such an answer costs).
 */
export type VisitorRequest = RequestHeaders & { method: string; url: URL };

/** An answer from the cache, written as it is; `scriptHashes` replace the policy's nonce. */
export type CachedAnswer = {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer | null;
  scriptHashes: string[];
  /** Given once the answer is written: the headers it went out with, kept for answers at the door. */
  keepSentHeaders?: (sent: Record<string, number | string | string[] | undefined>) => void;
};

/** Headers of one answer only, never repeated from a recorded answer. */
const PER_ANSWER_HEADERS = new Set([
  "x-request-id",
  "connection",
  "keep-alive",
  "date",
  "content-length",
  "transfer-encoding",
]);

const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);

/** A page compressed once, at the highest settings, off the main thread (zlib's pool). */
async function compressPage(bytes: Buffer) {
  const [br, gzip] = await Promise.all([
    brotliAsync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: zlib.constants.Z_BEST_COMPRESSION, memLevel: 9 }),
  ]);
  return { br, gzip };
}

/**
 * The sha256 sources of a document's inline scripts (those the browser runs: no `src`, and no
 * type or a script type; JSON-LD data blocks are not run and need none). Hashes cover the text
 * between the tags exactly as sent.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1]!;
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.toLowerCase();
    if (type !== undefined && type !== "module" && type !== "text/javascript" && type !== "application/javascript")
      continue;
    const source = `'sha256-${crypto.createHash("sha256").update(match[2]!, "utf8").digest("base64")}'`;
    if (!hashes.includes(source)) hashes.push(source);
  }
  return hashes;
}

/**
 * The submission key of a shared page: the same in every instance of one build for one page and
 * time window (a keyed hash, shaped as the UUID forms carry), a new one each window as a cached
 * page gets a new one when it is rendered again.
 */
export function sharedFormToken(secret: string, buildVersion: string, key: string, window: number) {
  const hex = crypto
    .createHmac("sha256", secret)
    .update(`page-submission-key\0${buildVersion}\0${window}\0${key}`)
    .digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function createPageCache({
  render,
  buildVersion = "dev",
  sharedSecret,
  maxBytes = 24 * 1024 * 1024,
  ttlMs = 5 * 60_000,
  now = Date.now,
}: PageCacheOptions) {
  // Random per process, so no page text can contain it by chance: the nonce attribute the
  // template is rendered with, removed from the shared page (its scripts go by their hashes).
  const noncePlaceholder = `pcnonce${crypto.randomBytes(12).toString("hex")}`;
  // Pages found, and the not-found pages of addresses that are no page: those have their own
  // share, so requests for any number of made-up addresses cannot push the site's pages out.
  const pages = boundedMap<Entry>(maxBytes - Math.floor(maxBytes / 8));
  const notFound = boundedMap<Entry>(Math.floor(maxBytes / 8));
  const rendering = new Map<string, Promise<Entry | null>>();

  function remember(key: string, entry: Entry) {
    pages.delete(key);
    notFound.delete(key);
    (entry.kind === "page" && entry.status === 404 ? notFound : pages).set(key, entry, entry.bytes + key.length * 2);
  }

  function lookup(key: string): Entry | undefined {
    const entry = pages.get(key) ?? notFound.get(key);
    if (!entry || entry.expiresAt > now()) return entry;
    pages.delete(key);
    notFound.delete(key);
    return undefined;
  }

  async function renderTemplate(
    key: string,
    url: URL,
    variant: Variant,
    context: AppLoadContext,
  ): Promise<Entry | null> {
    const headers = new Headers({
      Accept: "text/html",
      "User-Agent": variant.bot ? BOT_USER_AGENT : BROWSER_USER_AGENT,
    });
    if (variant.remembered) headers.set("Cookie", `${LANG_COOKIE}=${variant.remembered}`);
    if (variant.suggest) headers.set("Accept-Language", variant.suggest);
    // Not tied to the visitor's connection: others may be waiting for the same page.
    const request = new Request(url.href, { method: "GET", headers });
    // With a shared secret, pages live in windows of the clock that every instance agrees on: each
    // window has its own submission key, and a page rendered in one expires at its end, so two
    // instances never hold different bytes for one page (decision 103).
    const window = Math.floor(now() / ttlMs);
    const formToken = sharedSecret ? sharedFormToken(sharedSecret, buildVersion, key, window) : crypto.randomUUID();
    const response = await render(request, {
      ...context,
      cspNonce: noncePlaceholder,
      requestId: "",
      // One submission key for the page (a submission is its key and what was sent, decision 054); no form token.
      pageTemplate: { formToken, csrfToken: "" },
    });
    const expiresAt = sharedSecret ? (window + 1) * ttlMs : now() + ttlMs;
    // An outage or an error is not a property of the page: render normally, try again next time.
    if (response.status >= 500) {
      await response.body?.cancel().catch(() => {});
      return null;
    }
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    const shareable =
      (response.status === 200 || response.status === 404) &&
      /^text\/html\b/i.test(response.headers.get("Content-Type") ?? "") &&
      !response.headers.has("Set-Cookie") &&
      !/private|no-store|no-cache/i.test(cacheControl);
    if (!shareable) {
      await response.body?.cancel().catch(() => {});
      return { kind: "not-shared", bytes: NOT_SHARED_BYTES, expiresAt };
    }
    const rendered = await response.text();
    // A page rendered without the nonce is not the shell's page; one that holds it elsewhere than
    // in a nonce attribute would hand it out: never share either.
    const withoutNonce = rendered.split(` nonce="${noncePlaceholder}"`).join("");
    if (withoutNonce === rendered || withoutNonce.includes(noncePlaceholder))
      return { kind: "not-shared", bytes: NOT_SHARED_BYTES, expiresAt };
    const identity = Buffer.from(withoutNonce, "utf8");
    const { br, gzip } = await compressPage(identity);
    // The build's fingerprint and the bytes: the same page of the same build has the same tag in every process.
    const tag = crypto
      .createHash("sha256")
      .update(`${buildVersion}\0`)
      .update(identity)
      .digest("base64url")
      .slice(0, 22);
    const kept = [...response.headers].filter(
      ([name]) => !/^(content-length|set-cookie|etag|cache-control|vary|content-encoding)$/i.test(name),
    );
    return {
      kind: "page",
      status: response.status,
      headers: kept,
      bodies: {
        identity: { bytes: identity, etag: `"${tag}"` },
        br: { bytes: br, etag: `"${tag}-br"` },
        gzip: { bytes: gzip, etag: `"${tag}-gzip"` },
      },
      scriptHashes: inlineScriptHashes(withoutNonce),
      bytes: identity.length + br.length + gzip.length,
      expiresAt,
      sent: {},
    };
  }

  /** The page for a key: from memory, or rendered once however many visitors ask at the same moment. */
  async function templateFor(key: string, url: URL, variant: Variant, context: AppLoadContext) {
    const stored = lookup(key);
    if (stored) {
      if (stored.kind === "page") recordPageCache("hit");
      return stored;
    }
    let pending = rendering.get(key);
    if (!pending) {
      recordPageCache("miss");
      pending = renderTemplate(key, url, variant, context)
        .then((entry) => {
          if (entry) remember(key, entry);
          return entry;
        })
        // A page that failed to render is no answer for anyone: each request renders as usual.
        .catch(() => null)
        .finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  const ALL_ENCODINGS: ReadonlySet<Encoding> = new Set<Encoding>(["br", "gzip", "identity"]);

  return {
    /**
     * The answer from the cache for this request, or null when it must be rendered as usual
     * (the request or the page is not shareable).
     */
    async respond(request: VisitorRequest, context: AppLoadContext): Promise<CachedAnswer | null> {
      const url = request.url;
      const variant = shareableVariant(request);
      if (!variant) return null;
      const template = await templateFor(keyOf(variant, url), url, variant, context);
      if (!template || template.kind !== "page") return null;

      const coding = chooseEncoding(request.headers.get("Accept-Encoding"), ALL_ENCODINGS);
      const body = template.bodies[coding];
      const headers: Array<[string, string]> = [...template.headers];
      for (const cookie of variant.setCookies) headers.push(["Set-Cookie", cookie]);
      // An answer that remembers a language sets a cookie: it stays the visitor's (responseHeaderRules makes it private, no-store).
      headers.push(
        ["Cache-Control", variant.setCookies.length > 0 ? "private, no-cache" : SHARED_PAGE_CACHE_CONTROL],
        ["Vary", SHARED_PAGE_VARY],
        ["ETag", body.etag],
      );
      if (coding !== "identity") headers.push(["Content-Encoding", coding]);
      if (template.status === 200 && ifNoneMatchHolds(request.headers.get("If-None-Match") ?? undefined, body.etag)) {
        return {
          status: 304,
          headers: headers.filter(([name]) => name !== "Content-Encoding"),
          body: null,
          scriptHashes: template.scriptHashes,
        };
      }
      headers.push(["Content-Length", String(body.bytes.length)]);
      const answer: CachedAnswer = {
        status: template.status,
        headers,
        body: request.method === "HEAD" ? null : body.bytes,
        scriptHashes: template.scriptHashes,
      };
      // A full compressed answer that sets nothing for this visitor is every such visitor's answer:
      // its headers as sent are kept for the door (an identity answer may still be compressed on the way).
      if (
        request.method === "GET" &&
        coding !== "identity" &&
        variant.setCookies.length === 0 &&
        !template.sent[coding]
      ) {
        answer.keepSentHeaders = (sent) => {
          if (sent["set-cookie"] !== undefined || String(sent["content-encoding"] ?? "") !== coding) return;
          const kept: Array<[string, string]> = [];
          for (const [name, value] of Object.entries(sent)) {
            if (value === undefined || PER_ANSWER_HEADERS.has(name)) continue;
            for (const item of Array.isArray(value) ? value : [value]) kept.push([name, String(item)]);
          }
          template.sent[coding] = kept;
        };
      }
      return answer;
    },
    /**
     * The answer for this request if the page is held and has been sent whole once in the
     * request's encoding: written at the door, before any other step of the server (each of those
     * steps already ran for this very page, and their headers are repeated). Null otherwise: the
     * request takes the usual way. Never renders.
     */
    answerAtTheDoor(request: VisitorRequest): CachedAnswer | null {
      const variant = shareableVariant(request);
      if (!variant || variant.setCookies.length > 0) return null;
      const entry = lookup(keyOf(variant, request.url));
      if (!entry || entry.kind !== "page") return null;
      const coding = chooseEncoding(request.headers.get("Accept-Encoding"), ALL_ENCODINGS);
      if (coding === "identity") return null;
      const sent = entry.sent[coding];
      if (!sent) return null;
      recordPageCache("hit");
      const body = entry.bodies[coding];
      if (entry.status === 200 && ifNoneMatchHolds(request.headers.get("If-None-Match") ?? undefined, body.etag)) {
        return {
          status: 304,
          headers: sent.filter(([name]) => name !== "content-encoding"),
          body: null,
          scriptHashes: entry.scriptHashes,
        };
      }
      return {
        status: entry.status,
        headers: [...sent, ["content-length", String(body.bytes.length)]],
        body: request.method === "HEAD" ? null : body.bytes,
        scriptHashes: entry.scriptHashes,
      };
    },
    /** For tests and the benchmark: what is held. */
    stats: () => ({ entries: pages.size() + notFound.size(), bytes: pages.bytes() + notFound.bytes() }),
  };
}

/** A map that keeps at most `maxBytes` (as its callers count them), forgetting the least recently used first. */
function boundedMap<T>(maxBytes: number) {
  // A Map keeps insertion order: re-inserting on use makes its first key the least recently used.
  const items = new Map<string, { value: T; bytes: number }>();
  let total = 0;
  const remove = (key: string) => {
    const old = items.get(key);
    if (!old) return;
    items.delete(key);
    total -= old.bytes;
  };
  return {
    get(key: string): T | undefined {
      const item = items.get(key);
      if (!item) return undefined;
      items.delete(key);
      items.set(key, item);
      return item.value;
    },
    set(key: string, value: T, bytes: number) {
      remove(key);
      // One page never takes more than a quarter of the room.
      if (bytes > maxBytes / 4) return;
      items.set(key, { value, bytes });
      total += bytes;
      for (const [oldest, old] of items) {
        if (total <= maxBytes) break;
        items.delete(oldest);
        total -= old.bytes;
      }
    },
    delete: remove,
    size: () => items.size,
    bytes: () => total,
  };
}

function keyOf(variant: Variant, url: URL) {
  return `${variant.bot ? "bot" : "browser"}|${variant.remembered ?? "-"}|${variant.suggest ?? "-"}|${url.pathname}`;
}

type Variant = { bot: boolean; remembered: "en" | "ar" | null; suggest: "en" | "ar" | null; setCookies: string[] };

/** What selects a shared page for this request, or null when the request may change the page. */
function shareableVariant(request: VisitorRequest): Variant | null {
  const url = request.url;
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  if (url.search !== "" || isPrivatePath(url.pathname)) return null;
  if (request.headers.get("Authorization") !== null) return null;
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    if (name && !NEUTRAL_COOKIES.has(name)) return null;
  }
  const language = pageLanguage(request, langFromPath(url.pathname));
  return {
    bot: isbot(request.headers.get("User-Agent") ?? ""),
    remembered: rememberedLang(request),
    suggest: language.suggest,
    setCookies: language.remember ? [langCookieHeader(language.remember)] : [],
  };
}

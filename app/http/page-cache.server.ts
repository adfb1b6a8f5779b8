import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { isbot } from "isbot";
import { langFromPath } from "../i18n/lang";
import { LANG_COOKIE, rememberedLang, type RequestHeaders } from "../i18n/lang-cookie.server";
import { visitorShellValues } from "../shell.server";
import { FORM_TOKEN_COOKIES } from "./csrf.server";
import { isPrivatePath } from "./response-headers.server";
import { recordPageCache } from "../observability/metrics.server";

/**
 * The anonymous page cache (docs/decisions/054-anonymous-page-cache.md).
 *
 * Almost every visitor is anonymous and sees the same bytes for a page, a language and a language
 * suggestion. The first such request renders the page once as a template, with placeholders for
 * what differs per response (CSP nonce, request id, submission key, the visitor's form token);
 * later ones get the template with their own values put in: no loader, no React render.
 *
 * A request is served from here only when it carries nothing that could change the page: GET or
 * HEAD, no query string, not a signed-in or one-time page, and no cookie but the form-token id and
 * the remembered language (which is part of the key). A rendered page is kept only when it is a
 * 200 or 404 HTML page that set no cookie and did not ask to stay private. The cache lives in the
 * process: a new build or configuration is a new process, so it can never serve a stale price;
 * entries also expire after a few minutes, so nothing that depends on the clock stays old for long.
 */

/** Per-response values, filled into a template for every visitor. */
type Slot = "cspNonce" | "requestId" | "formToken" | "csrfToken";
const SLOTS: Slot[] = ["cspNonce", "requestId", "formToken", "csrfToken"];

/** Cookies that never change a page: the form-token id (its token is a slot) and the remembered language (in the key). */
const NEUTRAL_COOKIES = new Set<string>([...FORM_TOKEN_COOKIES, LANG_COOKIE]);

const BOT_USER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const BROWSER_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

type Template = {
  kind: "page";
  status: number;
  headers: [string, string][];
  /** The page's bytes split at its placeholders: parts[0] slot[0] parts[1] … parts[n]. Bytes, not
   * strings: a response is then a concatenation, with no text to check and encode each time. */
  parts: Buffer[];
  slots: Slot[];
  /** A hash of the template's bytes: the same page, build and configuration give the same hash. */
  hash: string;
  bytes: number;
  expiresAt: number;
};
/** A page that cannot be shared (a redirect, a file, a private answer): rendered as usual until it expires. */
type NotShared = { kind: "not-shared"; bytes: number; expiresAt: number };
type Entry = Template | NotShared;
/** What a not-shared entry counts for in the bound (its key is counted too). */
const NOT_SHARED_BYTES = 200;

export type PageCacheOptions = {
  /** Renders a request with a load context (Remix's request handler). */
  render: (request: Request, context: AppLoadContext) => Promise<Response>;
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
};

/**
 * What the cache reads of a visitor's request: no fetch Request is built for an answer from the
 * cache (the server's own request objects are most of what such an answer costs).
 */
export type VisitorRequest = RequestHeaders & { method: string; url: URL };

/** An answer from the cache, written as it is. */
export type CachedAnswer = { status: number; headers: Array<[string, string]>; body: Buffer | null };

export function createPageCache({ render, maxBytes = 24 * 1024 * 1024, ttlMs = 5 * 60_000, now = Date.now }: PageCacheOptions) {
  // Random per process, so no page text can contain one by chance and no visitor can guess them.
  const placeholders: Record<Slot, string> = {
    cspNonce: `pcnonce${crypto.randomBytes(12).toString("hex")}`,
    requestId: `pcrequest${crypto.randomBytes(12).toString("hex")}`,
    formToken: `pcform${crypto.randomBytes(12).toString("hex")}`,
    csrfToken: `pccsrf${crypto.randomBytes(12).toString("hex")}`,
  };
  const slotOf = new Map(SLOTS.map((slot) => [placeholders[slot], slot]));
  const placeholderPattern = new RegExp(`(${SLOTS.map((slot) => placeholders[slot]).join("|")})`);
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

  async function renderTemplate(url: URL, variant: Variant, context: AppLoadContext): Promise<Entry | null> {
    const headers = new Headers({ Accept: "text/html", "User-Agent": variant.bot ? BOT_USER_AGENT : BROWSER_USER_AGENT });
    if (variant.remembered) headers.set("Cookie", `${LANG_COOKIE}=${variant.remembered}`);
    if (variant.suggest) headers.set("Accept-Language", variant.suggest);
    // Not tied to the visitor's connection: others may be waiting for the same template.
    const request = new Request(url.href, { method: "GET", headers });
    const response = await render(request, {
      ...context,
      cspNonce: placeholders.cspNonce,
      requestId: placeholders.requestId,
      pageTemplate: { formToken: placeholders.formToken, csrfToken: placeholders.csrfToken },
    });
    const expiresAt = now() + ttlMs;
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
    const html = await response.text();
    const pieces = html.split(placeholderPattern);
    const parts: Buffer[] = [];
    const slots: Slot[] = [];
    pieces.forEach((piece, index) => (index % 2 === 0 ? parts.push(Buffer.from(piece, "utf8")) : slots.push(slotOf.get(piece)!)));
    // A page without its nonce would be a page whose scripts cannot run: never share that.
    if (!slots.includes("cspNonce")) return { kind: "not-shared", bytes: NOT_SHARED_BYTES, expiresAt };
    const kept = [...response.headers].filter(([name]) => !/^(content-length|set-cookie|etag|cache-control|vary)$/i.test(name));
    return {
      kind: "page",
      status: response.status,
      headers: kept,
      parts,
      slots,
      // Placeholders hashed by their names: every process of one build gives a page the same tag.
      hash: crypto.createHash("sha256").update(pieces.map((piece, index) => (index % 2 === 0 ? piece : `\0${slotOf.get(piece)}\0`)).join("")).digest("base64url").slice(0, 22),
      bytes: parts.reduce((sum, part) => sum + part.length, 0),
      expiresAt,
    };
  }

  /** The template for a key: from memory, or rendered once however many visitors ask at the same moment. */
  async function templateFor(key: string, url: URL, variant: Variant, context: AppLoadContext) {
    const stored = lookup(key);
    if (stored) {
      if (stored.kind === "page") recordPageCache("hit");
      return stored;
    }
    let pending = rendering.get(key);
    if (!pending) {
      recordPageCache("miss");
      pending = renderTemplate(url, variant, context)
        .then((entry) => {
          if (entry) remember(key, entry);
          return entry;
        })
        // A template that failed to render is no answer for anyone: each request renders as usual.
        .catch(() => null)
        .finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  }

  return {
    /**
     * The answer from the cache for this request, or null when it must be rendered as usual
     * (the request or the page is not shareable).
     */
    async respond(request: VisitorRequest, context: AppLoadContext): Promise<CachedAnswer | null> {
      const url = request.url;
      const variant = shareableVariant(request);
      if (!variant) return null;
      const key = `${variant.bot ? "bot" : "browser"}|${variant.remembered ?? "-"}|${variant.suggest ?? "-"}|${url.pathname}`;
      const template = await templateFor(key, url, variant, context);
      if (!template || template.kind !== "page") return null;

      const values: Record<Slot, string> = { cspNonce: context.cspNonce, requestId: context.requestId, formToken: crypto.randomUUID(), csrfToken: variant.csrfToken };
      const headers: Array<[string, string]> = [...template.headers];
      for (const cookie of variant.setCookies) headers.push(["Set-Cookie", cookie]);
      // The visitor's browser may keep the page and ask again with If-None-Match; a shared cache
      // never keeps it (per-visitor form token, per-response nonce).
      headers.push(["Cache-Control", "private, no-cache"], ["Vary", "Cookie, Accept-Language, User-Agent"]);
      // The same page for the same visitor's form token: a browser's copy carries a token that still works.
      const etag = `W/"${template.hash}.${crypto.createHash("sha256").update(variant.csrfToken).digest("base64url").slice(0, 10)}"`;
      headers.push(["ETag", etag]);
      if (template.status === 200 && matchesEtag(request.headers.get("If-None-Match"), etag)) return { status: 304, headers, body: null };
      if (request.method === "HEAD") return { status: template.status, headers, body: null };
      // The values are ASCII (base64, hex, a UUID): their bytes are their characters.
      const chunks: Buffer[] = [template.parts[0]!];
      for (let index = 0; index < template.slots.length; index++) chunks.push(Buffer.from(values[template.slots[index]!], "latin1"), template.parts[index + 1]!);
      return { status: template.status, headers, body: Buffer.concat(chunks) };
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

type Variant = { bot: boolean; remembered: "en" | "ar" | null; suggest: "en" | "ar" | null; csrfToken: string; setCookies: string[] };

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
  const visitor = visitorShellValues(request, langFromPath(url.pathname));
  return { bot: isbot(request.headers.get("User-Agent") ?? ""), remembered: rememberedLang(request), suggest: visitor.suggest, csrfToken: visitor.csrfToken, setCookies: visitor.setCookies };
}

/** If-None-Match holds this entity tag (or *), compared weakly as RFC 9110 asks for GET. */
function matchesEtag(header: string | null, etag: string) {
  if (!header) return false;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === bare;
  });
}

/**
 * Where a state-changing request says it comes from:
 * - "same-origin": its `Origin` (or, when a browser sends none, its `Referer`, or a
 *   `Sec-Fetch-Site: same-origin`) names our configured site (`SITE_URL`) or the origin the request
 *   was sent to as the trusted proxy headers tell it (`requestOrigin` in the request gate: the raw
 *   `Host` unless `TRUST_PROXY` trusts an `X-Forwarded-Host`);
 * - "cross-site": it names another origin, or `Sec-Fetch-Site` says cross-site or same-site;
 * - "unknown": it names none (no Origin or Origin "null", no Referer): text browsers such as lynx,
 *   privacy settings and extensions that strip the Referer. Such a request is accepted only with
 *   the visitor's form token (app/http/csrf.server.ts).
 * Browsers set these headers themselves and pages cannot forge them; a client that can (a script
 * outside a browser) carries no visitor's cookies, which is what cross-site forgery abuses.
 */
export type OriginVerdict = "same-origin" | "cross-site" | "unknown";

export function originVerdict(input: {
  origin: string | undefined;
  referer: string | undefined;
  secFetchSite: string | undefined;
  /** The origin the request was addressed to (scheme, host and port), from trusted headers only. */
  requestOrigin: string | undefined;
  siteUrl: string;
}): OriginVerdict {
  const fetchSite = input.secFetchSite?.toLowerCase();
  if (fetchSite === "cross-site" || fetchSite === "same-site") return "cross-site";
  const allowed = new Set<string>([new URL(input.siteUrl).origin.toLowerCase()]);
  if (input.requestOrigin) allowed.add(input.requestOrigin.toLowerCase());
  // "null" is what browsers send from sandboxed documents and after cross-origin redirects: no answer.
  if (input.origin && input.origin !== "null")
    return allowed.has(input.origin.toLowerCase()) ? "same-origin" : "cross-site";
  if (fetchSite === "same-origin") return "same-origin";
  const refererOrigin = originOf(input.referer);
  if (refererOrigin) return allowed.has(refererOrigin.toLowerCase()) ? "same-origin" : "cross-site";
  return "unknown";
}

function originOf(url: string | undefined) {
  if (!url) return undefined;
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

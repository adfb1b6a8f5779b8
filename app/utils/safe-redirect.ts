/**
 * The one check for every redirect target taken from input (a form's redirectTo or returnTo, a
 * query parameter, the page a form says it was sent from, a Referer): the target reduced to a path
 * on this site, or `fallback`. Refused: anything that is not a path ("https://…", "javascript:…",
 * "evil.example"), protocol-relative paths ("//evil.example"), backslashes (browsers read "/\\x"
 * as "//x"), control characters ("/\t/evil.example" is "//evil.example" to a browser, which drops
 * tabs and line breaks from URLs), and the same tricks percent-encoded ("/%2F%2Fevil.example",
 * "/%09/evil.example", "/%5Cevil.example"), or encodings that do not decode.
 */
export function safeRedirectPath<Fallback extends string | undefined>(target: unknown, fallback: Fallback): string | Fallback {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  for (const form of [target, decoded]) {
    if (!form.startsWith("/") || form.startsWith("//") || form.includes("\\") || hasControlCharacter(form)) return fallback;
  }
  const base = "http://internal.invalid";
  try {
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The path and query of a same-host Referer (through safeRedirectPath), for forms posted without a redirect field. */
export function refererPath(request: Request): string | undefined {
  const referer = request.headers.get("Referer");
  const host = request.headers.get("Host");
  if (!referer || !host) return undefined;
  try {
    const url = new URL(referer);
    return url.host.toLowerCase() === host.toLowerCase() ? safeRedirectPath(url.pathname + url.search, undefined) : undefined;
  } catch {
    return undefined;
  }
}

function hasControlCharacter(value: string) {
  return /\p{Cc}|[\u2028\u2029]/u.test(value);
}

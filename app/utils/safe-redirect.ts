/**
 * A redirect target a visitor's form may name, reduced to a path on this site, or `fallback`.
 * Refuses absolute and protocol-relative URLs ("//evil.example"), backslash tricks ("/\evil"),
 * control characters and anything that would resolve to another origin.
 */
export function safeRedirectPath(target: unknown, fallback: string): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.includes("\\") || hasControlCharacter(target)) return fallback;
  const base = "http://internal.invalid";
  try {
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The path and query of a same-host Referer, for forms posted without a redirect field. */
export function refererPath(request: Request): string | undefined {
  const referer = request.headers.get("Referer");
  const host = request.headers.get("Host");
  if (!referer || !host) return undefined;
  try {
    const url = new URL(referer);
    return url.host.toLowerCase() === host.toLowerCase() ? url.pathname + url.search : undefined;
  } catch {
    return undefined;
  }
}

function hasControlCharacter(value: string) {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * The one check for every redirect target taken from input (a form's redirectTo or returnTo, a
 * query parameter, the page a form says it was sent from, a Referer): the target reduced to a path
 * on this site, or `fallback`.
 *
 * The target is first normalised the way a browser and our router read it (WHATWG URL parsing:
 * dot segments `/./`, `/../`, `%2e`, backslashes as slashes, tabs and line breaks dropped), and the
 * checks apply to that result, which is what is sent: "/.//evil.example" becomes "//evil.example"
 * only after parsing, so a check before it lets it through. Refused: anything that is not a path
 * ("https://…", "javascript:…", "evil.example"), a result that is protocol-relative
 * ("//evil.example"), holds a backslash or a control character, or is any of these once
 * percent-decoded ("/%2F%2Fevil.example", "/%5Cevil.example"), and encodings that do not decode.
 */
export function safeRedirectPath<Fallback extends string | undefined>(
  target: unknown,
  fallback: Fallback,
): string | Fallback {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return fallback;
  if (!isPlainPath(target)) return fallback;
  const normalised = normalisedPath(target);
  if (normalised === undefined) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(normalised);
  } catch {
    return fallback;
  }
  if (!isPlainPath(normalised) || !isPlainPath(decoded)) return fallback;
  // A second reading must change nothing, or the browser would read something other than what was checked.
  if (normalisedPath(normalised) !== normalised) return fallback;
  return normalised;
}

const BASE = "http://internal.invalid";

/** The path, query and fragment as the URL parser resolves them against this site; undefined when it leaves the site. */
function normalisedPath(target: string): string | undefined {
  try {
    const url = new URL(target, BASE);
    if (url.origin !== BASE) return undefined;
    return url.pathname + url.search + url.hash;
  } catch {
    return undefined;
  }
}

/** A single leading slash, no second one after it, no backslash, no control character. */
function isPlainPath(value: string) {
  return value.startsWith("/") && !value.startsWith("//") && !value.includes("\\") && !hasControlCharacter(value);
}

/** The path and query of a same-host Referer (through safeRedirectPath), for forms posted without a redirect field. */
export function refererPath(request: Request): string | undefined {
  const referer = request.headers.get("Referer");
  const host = request.headers.get("Host");
  if (!referer || !host) return undefined;
  try {
    const url = new URL(referer);
    return url.host.toLowerCase() === host.toLowerCase()
      ? safeRedirectPath(url.pathname + url.search, undefined)
      : undefined;
  } catch {
    return undefined;
  }
}

function hasControlCharacter(value: string) {
  return /\p{Cc}|[\u2028\u2029]/u.test(value);
}

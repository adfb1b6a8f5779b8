import { cleanSearchParams, isCleanInputText } from "./input-text.server";

/**
 * The URL of a request as the application sees it: dot segments resolved the way Remix resolves
 * them when it matches routes (so "/webhooks/../dashboard/settings" is "/dashboard/settings" for
 * every check too), the query string passed through the input boundary. `null` when the path
 * cannot be a page of ours: not a path, percent-escapes that are not UTF-8, or characters no path
 * of ours holds (control characters, NUL).
 */
export function requestUrl(origin: string, target: string): URL | null {
  if (!target.startsWith("/")) return null;
  let url: URL;
  try {
    // Concatenated, not resolved against a base: "//host/x" must stay a path, as it does for Remix.
    url = new URL(`${origin}${target}`);
  } catch {
    return null;
  }
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (!isCleanInputText(path) || /[\t\n\r]/.test(path)) return null;
  const cleaned = cleanSearchParams(url.searchParams);
  if (cleaned) url.search = cleaned.toString();
  return url;
}

/**
 * The route a path is for, in one spelling: without the /ar prefix, without the ".data" of
 * Remix's data requests ("/_root.data" is the home page), without a trailing slash, lower case
 * (route matching ignores case).
 */
export function routePathOf(pathname: string): string {
  let path = pathname.toLowerCase();
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path === "/_root") path = "/";
  if (path === "/ar" || path === "/ar/_root") path = "/";
  else if (path.startsWith("/ar/")) path = path.slice(3);
  if (path.length > 1) path = path.replace(/\/+$/, "") || "/";
  return path;
}

/** The language of a response to this path: Arabic under /ar, else English. */
export function pathLang(pathname: string): "en" | "ar" {
  return /^\/ar(\/|$)/i.test(pathname) ? "ar" : "en";
}

/** Pages and files that exist only for a signed-in visitor, hold an account form, or carry a one-time secret in their address. */
const PRIVATE_ROUTES =
  /^\/(dashboard|admin|checkout|orders|documents|payment-success|test-checkout|client-login|password-reset|verify-email|setup|dev)(\/|$)/;

/** A signed-in, account or one-time page (any language): never stored by a cache, never served from one. */
export function isPrivatePath(pathname: string) {
  return PRIVATE_ROUTES.test(routePathOf(pathname));
}

import crypto from "node:crypto";
import { getEnv } from "../env.server";

export { CSRF_FIELD } from "./csrf";

/**
 * The per-visitor form token (docs/decisions/031-form-tokens-for-browsers-without-origin.md).
 *
 * A visitor gets a random id in a cookie of its own (HttpOnly, SameSite=Lax, for the browser
 * session; Secure and `__Host-` prefixed in production, so a sibling subdomain cannot plant one).
 * The token is an HMAC of that id under SESSION_SECRET: one opaque string, the same on every page
 * for the whole visit, which the root loader hands to every form. Another site can neither read the cookie nor
 * compute the HMAC, so a forged form cannot carry a token that matches the victim's cookie. It is
 * checked only for requests that say nothing about where they come from (no Origin, no Referer).
 */
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Secure like every cookie of ours in production (and on any https site); `__Host-` needs Secure. */
function secure() {
  const env = getEnv();
  return env.isProduction || env.SITE_URL.startsWith("https:");
}

/** The visitor-id cookie's names: `__Host-csrf` where cookies are Secure, `csrf` on a plain-http development site. */
export const FORM_TOKEN_COOKIES = ["__Host-csrf", "csrf"] as const;

function cookieName() {
  return FORM_TOKEN_COOKIES[secure() ? 0 : 1];
}

function tokenFor(visitorId: string, secret: string) {
  return crypto.createHmac("sha256", secret).update(`form-token\0${visitorId}`).digest("base64url");
}

/** The visitor id from a Cookie header, if it holds a well-formed one. */
function visitorIdFrom(cookieHeader: string | null | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  const name = cookieName();
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    if (ID_PATTERN.test(value)) return value;
  }
  return undefined;
}

function cookieHeader(visitorId: string) {
  return `${cookieName()}=${visitorId}; Path=/; HttpOnly; SameSite=Lax${secure() ? "; Secure" : ""}`;
}

/**
 * The visitor's form token, and the Set-Cookie header that gives a new visitor its id (null when
 * the request already carries one).
 */
export function visitorFormToken(cookies: string | null | undefined): { token: string; setCookie: string | null } {
  const existing = visitorIdFrom(cookies);
  const visitorId = existing ?? crypto.randomBytes(32).toString("base64url");
  return {
    token: tokenFor(visitorId, getEnv().SESSION_SECRET[0]!),
    setCookie: existing ? null : cookieHeader(visitorId),
  };
}

/** True when `token` is the form token of the visitor whose cookies these are (any current secret). */
export function isVisitorFormToken(cookies: string | null | undefined, token: unknown): boolean {
  const visitorId = visitorIdFrom(cookies);
  if (!visitorId || typeof token !== "string" || token.length !== 43) return false;
  const given = Buffer.from(token);
  return getEnv().SESSION_SECRET.some((secret) => {
    const expected = Buffer.from(tokenFor(visitorId, secret));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
}

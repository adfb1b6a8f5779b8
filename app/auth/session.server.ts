import { createCookieSessionStorage, redirect, type Session } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { users, type User, type UserRole } from "../../db/schema";
import { db } from "../db.server";
import { getEnv } from "../env.server";
import { langFromPath, localizePath, type Lang } from "../i18n/lang";
import { safeRedirectPath } from "../utils/safe-redirect";
import type { Toast } from "../utils/toast";
import { toastHeaders } from "../utils/toast.server";

/** The signed-in user as the rest of the app sees it (never the password hash). */
export type SessionUser = {
  id: string;
  email: string;
  fullName: string | null;
  role: UserRole;
  emailVerified: boolean;
  lang: Lang;
};

/** issuedAt: when the user signed in (ms since 1970); the server, not only the browser, ends the session after the maximum age. */
type SessionData = { userId: string; version: number; issuedAt: number };

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 14;

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | undefined;
function sessionStorage() {
  const env = getEnv();
  // Signed (HMAC with SESSION_SECRET; several secrets rotate), so an edited or forged cookie reads as empty.
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.isProduction,
      secrets: env.SESSION_SECRET,
      maxAge: SESSION_MAX_AGE_SECONDS,
    },
  });
  return storage;
}

function getSession(request: Request): Promise<Session<SessionData>> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

export function toSessionUser(user: User): SessionUser {
  return { id: user.id, email: user.email, fullName: user.fullName, role: user.role, emailVerified: user.emailConfirmedAt !== null, lang: user.lang };
}

// The root loader and the route's loader both ask for the user of the same request: one query.
const userOfRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user, or null. A session whose version is older than the user's (the password
 * changed since), older than the maximum age, or whose user no longer exists counts as signed out.
 */
export function getUser(request: Request): Promise<SessionUser | null> {
  let pending = userOfRequest.get(request);
  if (!pending) {
    pending = readUser(request);
    userOfRequest.set(request, pending);
  }
  return pending;
}

async function readUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  const version = session.get("version");
  const issuedAt = session.get("issuedAt");
  if (typeof userId !== "string" || typeof version !== "number" || !isUuid(userId)) return null;
  // A copied cookie outlives the browser's expiry: the signed sign-in time decides. A cookie
  // without one (made before this check existed) counts as expired: one more sign-in.
  if (typeof issuedAt !== "number" || Date.now() - issuedAt > SESSION_MAX_AGE_SECONDS * 1000 || issuedAt > Date.now() + 60_000) return null;
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.sessionVersion !== version) return null;
  return toSessionUser(user);
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

const signInToast: Record<Lang, Toast> = {
  en: { kind: "info", title: "Please sign in", description: "Sign in to your account to continue." },
  ar: { kind: "info", title: "يرجى تسجيل الدخول", description: "سجّل الدخول إلى حسابك للمتابعة." },
};

export type RequireUserOptions = {
  /** Where to return after signing in; defaults to the requested page. Must be a path on this site. */
  redirectTo?: string;
  /**
   * The notice shown on the login page, e.g. the checkout's
   * `{ kind: "error", title: "Authentication Required", description: "Please log in to complete your order." }`.
   */
  toast?: Toast;
  /** The language of the login page; defaults to the URL's. Routes without a language prefix pass `requestLang(request)`. */
  lang?: Lang;
};

/**
 * The signed-in user; anonymous visitors are redirected (thrown response) to the login page in the
 * page's language with `?redirectTo=` and a notice. Use in every protected loader and action.
 */
export async function requireUser(request: Request, options: RequireUserOptions = {}): Promise<SessionUser> {
  const user = await getUser(request);
  if (user) return user;
  const url = new URL(request.url);
  const lang = options.lang ?? langFromPath(url.pathname);
  const back = safeRedirectPath(options.redirectTo ?? url.pathname + url.search, "/");
  const headers = await toastHeaders(options.toast ?? signInToast[lang]);
  // A stale or forged cookie is dropped on the way.
  if (request.headers.get("Cookie")?.includes("__session=")) headers.append("Set-Cookie", await sessionStorage().destroySession(await getSession(request)));
  throw redirect(`${localizePath(lang, "/client-login")}?redirectTo=${encodeURIComponent(back)}`, { headers });
}

/** An admin; anonymous visitors go to the login page, signed-in clients to their dashboard. */
export async function requireAdmin(request: Request, options: RequireUserOptions = {}): Promise<SessionUser> {
  const user = await requireUser(request, options);
  if (user.role !== "admin") throw redirect(localizePath(langFromPath(new URL(request.url).pathname), "/dashboard"));
  return user;
}

/** Signs `user` in (a fresh cookie with their current session version) and redirects. */
export async function createUserSession({ user, redirectTo, toast }: { user: Pick<User, "id" | "sessionVersion">; redirectTo: string; toast?: Toast }) {
  const session = await sessionStorage().getSession();
  session.set("userId", user.id);
  session.set("version", user.sessionVersion);
  session.set("issuedAt", Date.now());
  const headers = toast ? await toastHeaders(toast) : new Headers();
  headers.append("Set-Cookie", await sessionStorage().commitSession(session));
  return redirect(redirectTo, { headers });
}

/** The Set-Cookie value that signs the browser out. */
export async function signOutCookie(request: Request) {
  return sessionStorage().destroySession(await getSession(request));
}

/** Signs out and redirects (to the home page in the request's language unless told otherwise). */
export async function logout(request: Request, { redirectTo, toast }: { redirectTo?: string; toast?: Toast } = {}) {
  const headers = toast ? await toastHeaders(toast) : new Headers();
  headers.append("Set-Cookie", await signOutCookie(request));
  return redirect(redirectTo ?? localizePath(langFromPath(new URL(request.url).pathname), "/"), { headers });
}

import crypto from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { and, desc, eq, getTableColumns, gt, lt, ne, sql } from "drizzle-orm";
import { sessions, users, type SessionStage, type User, type UserRole } from "../../db/schema";
import { db, preparedQuery, type Queryable } from "../db.server";
import { getEnv } from "../env.server";
import { langFromPath, localizePath, type Lang } from "../i18n/lang";
import { safeRedirectPath } from "../utils/safe-redirect";
import type { Toast } from "../forms/toast";
import { toastHeaders } from "../forms/toast.server";
import { issueDeviceCookie } from "./device-cookies.server";
import { requiresTwoFactor } from "./roles";
import { noteSignedInUser, oncePerRequest } from "../observability/request-context.server";

/** The signed-in user as the rest of the app sees it (never the password hash or a secret). */
export type SessionUser = {
  id: string;
  email: string;
  fullName: string | null;
  role: UserRole;
  emailVerified: boolean;
  lang: Lang;
  twoFactorEnabled: boolean;
};

/** A signed-in session lasts 14 days from sign-in; the cookie expires with it. */
export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 14;
/** Half-way sessions (code awaited, address unconfirmed) are short. */
const STAGE_LIFETIME_SECONDS: Record<SessionStage, number> = {
  active: SESSION_MAX_AGE_SECONDS,
  "second-factor": 10 * 60,
  unverified: 30 * 60,
};
/** last_seen_at is written at most this often per session: reads stay reads. */
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

const SESSION_COOKIE = "__session";
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

let cookies: { session: ReturnType<typeof createCookie> } | undefined;
function cookieJar() {
  const env = getEnv();
  const base = {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secure: env.isProduction,
    secrets: env.SESSION_SECRET,
  };
  // Signed (HMAC with SESSION_SECRET; several secrets rotate): an edited or forged value reads as nothing.
  cookies ??= {
    session: createCookie(SESSION_COOKIE, { ...base, maxAge: SESSION_MAX_AGE_SECONDS }),
  };
  return cookies;
}

const hashSessionToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** The session token in the request's cookie, or null. No cookie: no work at all (anonymous pages never reach the database). */
async function tokenOf(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${SESSION_COOKIE}=`)) return null;
  try {
    const value: unknown = await cookieJar().session.parse(header);
    return typeof value === "string" && TOKEN_PATTERN.test(value) ? value : null;
  } catch {
    return null;
  }
}

export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    role: user.role,
    emailVerified: user.emailConfirmedAt !== null,
    lang: user.lang,
    twoFactorEnabled: user.totpEnabledAt !== null,
  };
}

type CurrentSession = { sessionId: string; stage: SessionStage; user: User };

// The root loader and the route's loader both ask about the same request: one query. Remix gives
// each loader its own Request object, so a page's loaders share the read through the request's
// store; a form's action and the loaders after it read again (the action may sign in or out).
const sessionOfRequest = new WeakMap<Request, Promise<CurrentSession | null>>();
const SESSION_READ = "session";

/** The unexpired session row named by the request's cookie, with its user: one indexed read. */
function currentSession(request: Request): Promise<CurrentSession | null> {
  let pending = sessionOfRequest.get(request);
  if (!pending) {
    pending =
      request.method === "GET" || request.method === "HEAD"
        ? oncePerRequest(`${SESSION_READ}|${request.headers.get("Cookie") ?? ""}`, () => readSession(request))
        : readSession(request);
    sessionOfRequest.set(request, pending);
  }
  return pending;
}

// The session's user without the two-factor secrets: they are read (and decrypted) only where a
// code is checked, so a missing data key never stands between a signed-in user and every page.
const { totpSecret: _secret, totpPendingSecret: _pending, ...sessionUserColumns } = getTableColumns(users);

// Every signed-in request runs this read: its SQL is built once, not per request. Unnamed (drizzle
// then asks the driver for an unnamed statement, as for every other query): a named server-side
// statement measured slower under load on PostgreSQL.
const sessionRead = preparedQuery((database) =>
  database
    .select({
      sessionId: sessions.id,
      stage: sessions.stage,
      lastSeenAt: sessions.lastSeenAt,
      user: sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("tokenHash")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1)
    .prepare(undefined as unknown as string),
);

async function readSession(request: Request): Promise<CurrentSession | null> {
  const token = await tokenOf(request);
  if (!token) return null;
  const now = new Date();
  // An ISO string: the drivers take a placeholder as it is, and a timestamptz reads it exactly.
  const [row] = await sessionRead().execute({ tokenHash: hashSessionToken(token), now: now.toISOString() });
  if (!row) return null;
  if (row.stage === "active") noteSignedInUser(row.user.id);
  if (row.stage === "active" && now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    stage: row.stage,
    user: { ...row.user, totpSecret: null, totpPendingSecret: null },
  };
}

/** The signed-in user, or null (no cookie, a forged or unknown one, an ended or expired session, or one still half-way). */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const session = await currentSession(request);
  return session?.stage === "active" ? toSessionUser(session.user) : null;
}

/** The id of the request's signed-in session (to mark "this device" and keep it when ending the others). */
export async function getSessionId(request: Request): Promise<string | null> {
  const session = await currentSession(request);
  return session?.stage === "active" ? session.sessionId : null;
}

/** A half-way session of `stage` (password right, code awaited or address unconfirmed) with its user, or null. */
export async function getPendingSession(request: Request, stage: Exclude<SessionStage, "active">) {
  const session = await currentSession(request);
  return session?.stage === stage ? { sessionId: session.sessionId, user: session.user } : null;
}

const signInToast: Record<Lang, Toast> = {
  en: { kind: "info", title: "Please sign in", description: "Sign in to your account to continue." },
  ar: { kind: "info", title: "يرجى تسجيل الدخول", description: "سجّل الدخول إلى حسابك للمتابعة." },
};

const enrolToast: Record<Lang, Toast> = {
  en: {
    kind: "info",
    title: "Two-factor authentication required",
    description: "Set up two-factor authentication to continue.",
  },
  ar: { kind: "info", title: "التحقق بخطوتين مطلوب", description: "فعّل التحقق بخطوتين للمتابعة." },
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
  /** Only for the enrolment page itself: a staff account without two-factor sign-in may open it. */
  allowWithoutTwoFactor?: boolean;
};

/** Where a staff account without two-factor sign-in is sent before anything else. */
export const TWO_FACTOR_SETUP_PATH = "/dashboard/settings/two-factor";

/**
 * The signed-in user; anonymous visitors are redirected (thrown response) to the login page in the
 * page's language with `?redirectTo=` and a notice. Staff without two-factor sign-in are taken to
 * its enrolment first. Use in every protected loader and action.
 */
export async function requireUser(request: Request, options: RequireUserOptions = {}): Promise<SessionUser> {
  const user = await getUser(request);
  const url = new URL(request.url);
  const lang = options.lang ?? langFromPath(url.pathname);
  if (user) {
    if (!options.allowWithoutTwoFactor && requiresTwoFactor(user.role) && !user.twoFactorEnabled) {
      throw redirect(localizePath(lang, TWO_FACTOR_SETUP_PATH), { headers: await toastHeaders(enrolToast[lang]) });
    }
    return user;
  }
  const back = safeRedirectPath(options.redirectTo ?? url.pathname + url.search, "/");
  const headers = await toastHeaders(options.toast ?? signInToast[lang]);
  // A stale, ended or forged cookie is dropped on the way (a half-way sign-in is kept: its code may still come).
  if (request.headers.get("Cookie")?.includes(`${SESSION_COOKIE}=`) && !(await currentSession(request)))
    headers.append("Set-Cookie", await signOutCookie());
  throw redirect(`${localizePath(lang, "/client-login")}?redirectTo=${encodeURIComponent(back)}`, { headers });
}

/** An admin; anonymous visitors go to the login page, signed-in clients to their dashboard. */
export async function requireAdmin(request: Request, options: RequireUserOptions = {}): Promise<SessionUser> {
  const user = await requireUser(request, options);
  if (user.role !== "admin") throw redirect(localizePath(langFromPath(new URL(request.url).pathname), "/dashboard"));
  return user;
}

export type StartSession = {
  user: Pick<User, "id" | "email">;
  /** The request that signs in: its old session (if any) ends, its user agent names the device. */
  request: Request;
  clientAddress: string;
  stage?: SessionStage;
};

/**
 * Starts a session: a new random token in a new row, the old session of this browser deleted
 * (a new sign-in never keeps an old id: no fixation, no switching into someone else's session).
 * Returns the Set-Cookie values.
 */
export async function startSession({
  user,
  request,
  clientAddress,
  stage = "active",
}: StartSession): Promise<string[]> {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  const oldToken = await tokenOf(request);
  await db.transaction(async (tx) => {
    if (oldToken) await tx.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(oldToken)));
    await tx.insert(sessions).values({
      userId: user.id,
      tokenHash: hashSessionToken(token),
      stage,
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
      clientAddress: clientAddress.slice(0, 100),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + STAGE_LIFETIME_SECONDS[stage] * 1000),
    });
  });
  const setCookies = [await cookieJar().session.serialize(token, { maxAge: STAGE_LIFETIME_SECONDS[stage] })];
  // A full sign-in makes this browser a trusted client of the account (device cookies).
  const device = stage === "active" ? await issueDeviceCookie(request, user) : null;
  if (device) setCookies.push(device);
  return setCookies;
}

/** Signs `user` in (a new session row and cookie) and redirects. */
export async function createUserSession({
  redirectTo,
  toast,
  ...start
}: StartSession & { redirectTo: string; toast?: Toast }) {
  const headers = toast ? await toastHeaders(toast) : new Headers();
  for (const cookie of await startSession(start)) headers.append("Set-Cookie", cookie);
  return redirect(redirectTo, { headers });
}

/** The Set-Cookie value that clears the session cookie. */
export function signOutCookie() {
  return cookieJar().session.serialize("", { maxAge: 0 });
}

/** Ends the request's session on the server (the row is deleted) and returns the cookie that clears it in the browser. */
export async function endRequestSession(request: Request) {
  const token = await tokenOf(request);
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashSessionToken(token)));
  return signOutCookie();
}

/** Signs out and redirects (to the home page in the request's language unless told otherwise). */
export async function logout(request: Request, { redirectTo, toast }: { redirectTo?: string; toast?: Toast } = {}) {
  const headers = toast ? await toastHeaders(toast) : new Headers();
  headers.append("Set-Cookie", await endRequestSession(request));
  return redirect(redirectTo ?? localizePath(langFromPath(new URL(request.url).pathname), "/"), { headers });
}

/** The account's signed-in sessions, most recently seen first. */
export async function listSessions(userId: string, now = new Date()) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      clientAddress: sessions.clientAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.stage, "active"), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
}

/** Ends one session of the account (never another account's: both ids must match). Whether one ended. */
export async function endSession(userId: string, sessionId: string) {
  if (!isUuid(sessionId)) return false;
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of the account but `keepSessionId` (all of them when it is null). */
export async function endOtherSessions(userId: string, keepSessionId: string | null, tx: Queryable = db) {
  const ended = await tx
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  return ended.length;
}

/** Deletes expired sessions (run by the job runner). */
export async function deleteExpiredSessions(now = new Date()) {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

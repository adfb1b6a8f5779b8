import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { authTokens, recoveryCodes, users, type User } from "../../db/schema";
import { db, type Queryable } from "../db.server";
import type { Lang } from "../i18n/lang";
import { queueMail } from "../mail/outbox.server";
import { accountMail, siteLink } from "./emails.server";
import { takeAttempt } from "../http/rate-limit.server";
import { decoyHash, hashPassword, verifyPassword } from "./password.server";
import { endOtherSessions } from "./session.server";
import { consumeToken, findAnyToken, findValidToken, issueToken, revokeTokens } from "./tokens.server";

/** Resends of the verification e-mail allowed per user in any 24 hours (the first e-mail is not one). */
export const VERIFICATION_RESENDS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string, tx: Queryable = db) {
  const [user] = await tx
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user ?? null;
}

export async function findUserById(id: string, tx: Queryable = db) {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

/**
 * The user whose e-mail and password match, or null. An unknown e-mail still costs one password
 * hash, so the answer time does not tell whether an account exists.
 */
export async function verifyCredentials(email: string, password: string): Promise<User | null> {
  const user = await findUserByEmail(email);
  // A closed account signs in no more: answered like an unknown address (app/privacy/account-closure.server.ts).
  if (!user || user.closedAt) {
    await verifyPassword(password, await decoyHash());
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

const verifyLink = (lang: Lang, token: string) => siteLink(lang, `/verify-email?token=${token}`);
const resetLink = (lang: Lang, token: string) => siteLink(lang, `/password-reset?token=${token}`);

function isUniqueViolation(error: unknown) {
  const code =
    (error as { code?: string; cause?: { code?: string } } | null)?.code ??
    (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === "23505";
}

/**
 * Registers an account and queues its verification e-mail. For an address that already has an
 * account, nothing is created and that address gets a note instead: the visitor sees the same
 * answer either way, so registration cannot be used to find out who is a client.
 */
export async function registerAccount({
  name,
  email,
  password,
  lang,
  now = new Date(),
}: {
  name: string;
  email: string;
  password: string;
  lang: Lang;
  now?: Date;
}): Promise<{ created: boolean }> {
  const address = normalizeEmail(email);
  // Hashed before the transaction (about 100 ms) for both outcomes: same timing, short transaction.
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const existing = await findUserByEmail(address, tx);
      if (existing) {
        await queueMail(
          tx,
          accountMail("account-exists", {
            to: existing.email,
            name: existing.fullName,
            lang,
            url: siteLink(lang, "/password-reset"),
          }),
        );
        return { created: false };
      }
      const [user] = await tx
        .insert(users)
        .values({ email: address, passwordHash, fullName: name.trim(), lang, createdAt: now, updatedAt: now })
        .returning();
      const token = await issueToken(tx, { userId: user!.id, purpose: "verify-email", now });
      await queueMail(
        tx,
        accountMail("verify-email", { to: address, name: user!.fullName, lang, url: verifyLink(lang, token) }),
      );
      return { created: true };
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the second is the "already exists" case.
    if (isUniqueViolation(error)) return { created: false };
    throw error;
  }
}

export type ResendResult =
  { status: "sent" } | { status: "already-verified" } | { status: "limit"; retryAfterSeconds: number };

/** Sends a fresh verification link, at most VERIFICATION_RESENDS_PER_DAY times in 24 hours. */
export async function resendVerification(userId: string, lang: Lang, now = new Date()): Promise<ResendResult> {
  return db.transaction(async (tx) => {
    // Row lock: two resends racing cannot both pass the count.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) return { status: "limit", retryAfterSeconds: DAY_MS / 1000 };
    if (user.emailConfirmedAt) return { status: "already-verified" };
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const recent = await tx
      .select({ createdAt: authTokens.createdAt })
      .from(authTokens)
      .where(
        and(eq(authTokens.userId, userId), eq(authTokens.purpose, "verify-email"), gt(authTokens.createdAt, dayAgo)),
      )
      .orderBy(asc(authTokens.createdAt));
    // The link sent at registration is among them while the account is younger than a day.
    const resends = recent.length - (user.createdAt > dayAgo ? 1 : 0);
    if (resends >= VERIFICATION_RESENDS_PER_DAY) {
      // Allowed again when the oldest counted link is a day old.
      const oldestCounted = recent[recent.length - VERIFICATION_RESENDS_PER_DAY]!.createdAt;
      return {
        status: "limit",
        retryAfterSeconds: Math.max(1, Math.ceil((oldestCounted.getTime() + DAY_MS - now.getTime()) / 1000)),
      };
    }
    const token = await issueToken(tx, { userId, purpose: "verify-email", now });
    await queueMail(
      tx,
      accountMail("verify-email", { to: user.email, name: user.fullName, lang, url: verifyLink(lang, token) }),
    );
    if (user.lang !== lang) await tx.update(users).set({ lang }).where(eq(users.id, userId));
    return { status: "sent" };
  });
}

/**
 * Confirms the e-mail of the link's account (single use) and does nothing else: nobody is signed
 * in. Any session the account had ends (none should exist: sign-in waits for this), so whoever
 * registered with someone else's address has nothing open once its owner confirms it.
 * Returns the user, or null for a bad link.
 */
export async function verifyEmail(token: unknown, now = new Date()): Promise<User | null> {
  return db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, "verify-email", now);
    if (!row?.userId) return null;
    await revokeTokens(tx, row.userId, "verify-email", now);
    await endOtherSessions(row.userId, null, tx);
    const [user] = await tx
      .update(users)
      .set({
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, row.userId))
      .returning();
    return user ?? null;
  });
}

/**
 * The account a verification link is for, while the link is unused and in date and the address
 * unconfirmed: opening the link changes nothing (docs/decisions/076). Null otherwise.
 */
export async function accountOfVerificationLink(token: unknown, now = new Date()): Promise<User | null> {
  const row = await findValidToken(db, token, "verify-email", now);
  if (!row?.userId) return null;
  const user = await findUserById(row.userId);
  return user && user.emailConfirmedAt === null ? user : null;
}

export type ConfirmWithPasswordResult =
  | { status: "confirmed"; user: User }
  | { status: "wrong-password" }
  | { status: "invalid" }
  | { status: "limit"; retryAfterSeconds: number };

/**
 * Confirms the address of a verification link for whoever also knows the account's password (the
 * person who registered it). Wrong passwords are limited per account like sign-ins; the person who
 * received the mail without registering cannot confirm someone else's account in their name.
 */
export async function confirmWithPassword(
  token: unknown,
  password: unknown,
  now = new Date(),
): Promise<ConfirmWithPasswordResult> {
  const user = await accountOfVerificationLink(token, now);
  if (!user) return { status: "invalid" };
  const attempt = await takeAttempt([{ rule: VERIFICATION_PASSWORD_FAILURES, subject: user.id }], now);
  if (!attempt.allowed) return { status: "limit", retryAfterSeconds: attempt.retryAfterSeconds };
  if (
    typeof password !== "string" ||
    password.length === 0 ||
    password.length > 1000 ||
    !(await verifyPassword(password, user.passwordHash))
  )
    return { status: "wrong-password" };
  await attempt.release();
  const confirmed = await verifyEmail(token, now);
  return confirmed ? { status: "confirmed", user: confirmed } : { status: "invalid" };
}

/** Wrong passwords on the verification page per account and 15 minutes. */
export const VERIFICATION_PASSWORD_FAILURES = { name: "verify-password", limit: 5, windowSeconds: 15 * 60 } as const;

/**
 * "This wasn't me": the address's owner got a verification mail for an account they did not
 * create. The unconfirmed account, its password, sessions and links are deleted, so nobody holds
 * an account in their name; the owner may register the address themselves later. Only an
 * unconfirmed account with nothing else attached (it could never sign in, so it has no orders).
 */
export async function removeUnconfirmedAccount(token: unknown, now = new Date()): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const row = await consumeToken(tx, token, "verify-email", now);
      if (!row?.userId) return false;
      const removed = await tx
        .delete(users)
        .where(and(eq(users.id, row.userId), isNull(users.emailConfirmedAt)))
        .returning({ id: users.id });
      return removed.length > 0;
    });
  } catch (error) {
    console.error(
      `unconfirmed account could not be removed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}

/**
 * Whether a verification link that no longer works belongs to an address that is verified anyway
 * (mail scanners sometimes open links before the recipient does).
 */
export async function isVerifiedThroughUsedLink(token: unknown) {
  const row = await findAnyToken(db, token, "verify-email");
  if (!row?.userId || !row.usedAt) return false;
  const user = await findUserById(row.userId);
  return Boolean(user?.emailConfirmedAt);
}

/**
 * Queues a reset link when the address has an account; does nothing visible otherwise. The mail
 * is in `lang`, the language of the page the reset was asked from (else the account's).
 */
export async function requestPasswordReset(email: string, lang?: Lang, now = new Date()) {
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(email, tx);
    if (!user || user.closedAt) return;
    const mailLang = lang ?? user.lang;
    const token = await issueToken(tx, { userId: user.id, purpose: "reset-password", now });
    await queueMail(
      tx,
      accountMail("reset-password", {
        to: user.email,
        name: user.fullName,
        lang: mailLang,
        url: resetLink(mailLang, token),
      }),
    );
  });
}

/** The account a reset link belongs to while the link is still usable (the form is shown only then). */
export async function userOfResetToken(token: unknown, now = new Date()) {
  const row = await findValidToken(db, token, "reset-password", now);
  return row?.userId ? findUserById(row.userId) : null;
}

/**
 * Sets a new password through a reset link (single use) and ends every session of the account;
 * the link also proves the e-mail, so an unverified address becomes verified. Returns the updated
 * user, or null for a bad link.
 */
export async function resetPassword(token: unknown, password: string, now = new Date()): Promise<User | null> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await consumeToken(tx, token, "reset-password", now);
    if (!row?.userId) return null;
    await revokeTokens(tx, row.userId, "reset-password", now);
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, row.userId))
      .returning();
    await endOtherSessions(row.userId, null, tx);
    return user ?? null;
  });
}

export type ChangePasswordResult = { ok: true; user: User } | { ok: false; reason: "wrong-password" | "same-password" };

/** Changes the password after checking the current one; every session but `keepSessionId` (this browser's) ends. */
export async function changePassword(
  userId: string,
  currentPassword: string,
  newPassword: string,
  { now = new Date(), lang, keepSessionId = null }: { now?: Date; lang?: Lang; keepSessionId?: string | null } = {},
): Promise<ChangePasswordResult> {
  const user = await findUserById(userId);
  if (!user || !(await verifyPassword(currentPassword, user.passwordHash)))
    return { ok: false, reason: "wrong-password" };
  if (currentPassword === newPassword) return { ok: false, reason: "same-password" };
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    await endOtherSessions(userId, keepSessionId, tx);
    await revokeTokens(tx, userId, "reset-password", now);
    await queueMail(
      tx,
      accountMail("password-changed", {
        to: updated!.email,
        name: updated!.fullName,
        lang: lang ?? updated!.lang,
        url: siteLink(lang ?? updated!.lang, "/password-reset"),
      }),
    );
    return { ok: true as const, user: updated! };
  });
}

export async function updateFullName(userId: string, fullName: string, lang?: Lang) {
  await db
    .update(users)
    .set({ fullName: fullName.trim(), ...(lang ? { lang } : {}), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Remembers the language the user last used: their e-mails are written in it. */
export async function rememberLanguage(userId: string, lang: Lang) {
  await db
    .update(users)
    .set({ lang })
    .where(and(eq(users.id, userId), sql`${users.lang} <> ${lang}`));
}

/**
 * Creates an admin account, or promotes the existing account of that e-mail and sets its password
 * (its sessions end). The address counts as verified: an operator vouches for it. The admin signs
 * in with a second factor, set up at the first sign-in (requireUser takes them there).
 */
export async function createOrPromoteAdmin(
  {
    email,
    password,
    name,
    resetTwoFactor = false,
  }: { email: string; password: string; name?: string | null; resetTwoFactor?: boolean },
  tx: Queryable = db,
) {
  const address = normalizeEmail(email);
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(address, tx);
  const now = new Date();
  if (existing) {
    const [user] = await tx
      .update(users)
      .set({
        role: "admin",
        passwordHash,
        emailConfirmedAt: existing.emailConfirmedAt ?? now,
        // An operator's way back in for an admin who lost both phone and recovery codes: set it up again at the next sign-in.
        ...(resetTwoFactor
          ? { totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpPendingSecret: null }
          : {}),
        ...(name ? { fullName: name.trim() } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, existing.id))
      .returning();
    await endOtherSessions(existing.id, null, tx);
    if (resetTwoFactor) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, existing.id));
    return { user: user!, created: false };
  }
  const [user] = await tx
    .insert(users)
    .values({ email: address, passwordHash, fullName: name?.trim() || null, role: "admin", emailConfirmedAt: now })
    .returning();
  return { user: user!, created: true };
}

export async function adminExists(tx: Queryable = db) {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  return Boolean(row);
}

import crypto from "node:crypto";
import { and, count, eq, isNull, or, lt, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";
import { encryptText } from "../../db/encryption";
import { recoveryCodes, users } from "../../db/schema";
import { db, type Queryable } from "../db.server";
import { getEnv } from "../env.server";
import { takeAttempt, type RateLimitRule } from "../http/rate-limit.server";

// TOTP as RFC 6238 and every authenticator app expects it: SHA-1, 6 digits, 30-second steps.
// A code of the step before or after the server's is accepted too (clocks drift, typing takes time).
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;

/**
 * Wrong codes allowed per window, like wrong passwords: per account and client address (slows the
 * one guessing) and per account (caps guessing from many addresses). The second is generous so
 * someone who has the password cannot easily keep the owner's own codes out.
 */
export const CODE_FAILURES_PER_ACCOUNT_AND_ADDRESS: RateLimitRule = {
  name: "totp-account-ip",
  limit: 5,
  windowSeconds: 15 * 60,
};
export const CODE_FAILURES_PER_ACCOUNT: RateLimitRule = { name: "totp-account", limit: 15, windowSeconds: 15 * 60 };

function totp(secret: string, label = "") {
  return new TOTP({
    issuer: getEnv().SITE_NAME,
    label,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** What someone typed in a code field: an authenticator code, a recovery code, or neither. */
export type SecondFactorInput = { kind: "totp"; code: string } | { kind: "recovery"; code: string };

/** Reads a typed code leniently (spaces, a missing hyphen, capitals); anything else is null, never an error. */
export function parseSecondFactorInput(value: unknown): SecondFactorInput | null {
  if (typeof value !== "string" || value.length > 64) return null;
  const compact = value.replace(/[\s\u200e\u200f]/g, "").toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  const recovery = /^([a-z0-9]{5})-?([a-z0-9]{5})$/.exec(compact);
  return recovery ? { kind: "recovery", code: `${recovery[1]}-${recovery[2]}` } : null;
}

/** The time step whose code `code` is (within the window around `now`), or null. */
function stepOfCode(secret: string, code: string, now: Date): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
function newRecoveryCode() {
  const chars = Array.from(crypto.randomBytes(10), (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join(
    "",
  );
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const hashRecoveryCode = (code: string) => crypto.createHash("sha256").update(code).digest("hex");

/** Ten new recovery codes replace any the account had; only their hashes are kept. Returns the codes to show once. */
async function replaceRecoveryCodes(tx: Queryable, userId: string, now: Date) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), createdAt: now })));
  return codes;
}

export type Enrolment = { secret: string; uri: string; qrSvgDataUrl: string };

/**
 * The secret to enrol with, kept until a code confirms it (reloading the page shows the same one,
 * so an app that already scanned it keeps working). Its otpauth:// URI as a QR code (SVG made on
 * the server: the page needs no JavaScript) and as text.
 */
export async function beginEnrolment(user: { id: string; email: string }): Promise<Enrolment> {
  const [row] = await db.select({ pending: users.totpPendingSecret }).from(users).where(eq(users.id, user.id));
  let secret = row?.pending ?? null;
  if (!secret) {
    secret = new Secret({ size: 20 }).base32;
    // Two tabs opening the page at once agree on one secret: the first write wins.
    const [stored] = await db
      .update(users)
      // The raw SQL bypasses the column's encryption: the secret is encrypted here.
      .set({
        totpPendingSecret: sql`coalesce(${users.totpPendingSecret}, ${encryptText(secret, "users.totp_pending_secret")})`,
      })
      .where(eq(users.id, user.id))
      .returning({ pending: users.totpPendingSecret });
    secret = stored?.pending ?? secret;
  }
  const uri = totp(secret, user.email).toString();
  const svg = renderSVG(uri, { border: 2, pixelSize: 6 });
  return { secret, uri, qrSvgDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

export type CodeResult = "ok" | "wrong" | "used" | "throttled";
export type LimitedCodeResult = { result: CodeResult; retryAfterSeconds: number };

/**
 * Counts a code attempt against the limits before it is checked (atomically: parallel guesses
 * cannot pass together), then runs `check`. A right code gives its places back.
 */
async function limited(
  userId: string,
  clientAddress: string,
  check: () => Promise<Exclude<CodeResult, "throttled">>,
): Promise<LimitedCodeResult> {
  const attempt = await takeAttempt([
    { rule: CODE_FAILURES_PER_ACCOUNT_AND_ADDRESS, subject: `${userId}|${clientAddress}` },
    { rule: CODE_FAILURES_PER_ACCOUNT, subject: userId },
  ]);
  if (!attempt.allowed) return { result: "throttled", retryAfterSeconds: attempt.retryAfterSeconds };
  const result = await check();
  if (result === "ok") await attempt.release();
  return { result, retryAfterSeconds: 0 };
}

/**
 * Switches two-factor sign-in on when `code` matches the pending secret: the secret becomes the
 * account's, the code's step counts as used, and ten recovery codes are made (returned once).
 */
export async function confirmEnrolment(
  userId: string,
  input: SecondFactorInput | null,
  clientAddress: string,
  now = new Date(),
): Promise<LimitedCodeResult & { recoveryCodes?: string[] }> {
  let codes: string[] | undefined;
  const outcome = await limited(userId, clientAddress, async () => {
    if (input?.kind !== "totp") return "wrong";
    return db.transaction(async (tx) => {
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
      if (!user?.totpPendingSecret || user.totpEnabledAt) return "wrong";
      const step = stepOfCode(user.totpPendingSecret, input.code, now);
      if (step === null) return "wrong";
      await tx
        .update(users)
        .set({
          totpSecret: user.totpPendingSecret,
          totpPendingSecret: null,
          totpEnabledAt: now,
          totpLastStep: step,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      codes = await replaceRecoveryCodes(tx, userId, now);
      return "ok";
    });
  });
  return { ...outcome, recoveryCodes: codes };
}

/**
 * Checks a code of an account with two-factor sign-in: an authenticator code of a step not used
 * before (one conditional UPDATE: the same code sent twice, even at once, passes once), or an
 * unused recovery code (used up by one conditional UPDATE too).
 */
export async function checkSecondFactor(
  userId: string,
  input: SecondFactorInput | null,
  clientAddress: string,
  now = new Date(),
): Promise<LimitedCodeResult> {
  return limited(userId, clientAddress, async () => {
    if (!input) return "wrong";
    if (input.kind === "recovery") {
      const [used] = await db
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, hashRecoveryCode(input.code)),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id });
      if (used) return "ok";
      const [spent] = await db
        .select({ id: recoveryCodes.id })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashRecoveryCode(input.code))));
      return spent ? "used" : "wrong";
    }
    const [user] = await db
      .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!user?.secret || !user.enabledAt) return "wrong";
    const step = stepOfCode(user.secret, input.code, now);
    if (step === null) return "wrong";
    const [accepted] = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return accepted ? "ok" : "used";
  });
}

/** New recovery codes (the old ones stop working), after a right code. */
export async function renewRecoveryCodes(
  userId: string,
  input: SecondFactorInput | null,
  clientAddress: string,
  now = new Date(),
) {
  const checked = await checkSecondFactor(userId, input, clientAddress, now);
  if (checked.result !== "ok") return { ...checked, recoveryCodes: undefined };
  return { ...checked, recoveryCodes: await db.transaction((tx) => replaceRecoveryCodes(tx, userId, now)) };
}

/** Switches two-factor sign-in off (clients only: the route checks the role), after a right code. */
export async function turnOffTwoFactor(
  userId: string,
  input: SecondFactorInput | null,
  clientAddress: string,
  now = new Date(),
) {
  const checked = await checkSecondFactor(userId, input, clientAddress, now);
  if (checked.result !== "ok") return checked;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpPendingSecret: null, updatedAt: now })
      .where(eq(users.id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  });
  return checked;
}

/** How many recovery codes the account has left. */
export async function unusedRecoveryCodes(userId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.value ?? 0);
}

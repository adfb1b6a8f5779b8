import crypto from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { authTokens, type AuthTokenPurpose } from "../../db/schema";
import type { Queryable } from "../db.server";

/** How long each kind of one-time link stays valid. */
export const TOKEN_LIFETIME_MS: Record<AuthTokenPurpose, number> = {
  "verify-email": 24 * 60 * 60 * 1000,
  "reset-password": 60 * 60 * 1000,
  "admin-setup": 24 * 60 * 60 * 1000,
};

/** Only this digest is stored: a database leak gives no usable link. */
export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** A new random token (256 bits, URL-safe); its hash is stored with the purpose and expiry. */
export async function issueToken(
  tx: Queryable,
  { userId, purpose, now = new Date() }: { userId: string | null; purpose: AuthTokenPurpose; now?: Date },
) {
  const token = crypto.randomBytes(32).toString("base64url");
  await tx.insert(authTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    createdAt: now,
  });
  return token;
}

const looksLikeToken = (token: unknown): token is string =>
  typeof token === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(token);

/** The unused, unexpired token row for `token` and `purpose`, without using it up. */
export async function findValidToken(tx: Queryable, token: unknown, purpose: AuthTokenPurpose, now = new Date()) {
  if (!looksLikeToken(token)) return null;
  const [row] = await tx
    .select()
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Uses the token up, exactly once: the update only matches an unused, unexpired row, so two
 * requests racing with the same link cannot both succeed. Returns the row, or null.
 */
export async function consumeToken(tx: Queryable, token: unknown, purpose: AuthTokenPurpose, now = new Date()) {
  if (!looksLikeToken(token)) return null;
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Any token row for `token` (used or expired too), to tell the visitor why a link failed. */
export async function findAnyToken(tx: Queryable, token: unknown, purpose: AuthTokenPurpose) {
  if (!looksLikeToken(token)) return null;
  const [row] = await tx
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

/** Ends every other open link of this purpose for the user (e.g. older reset links after a reset). */
export async function revokeTokens(tx: Queryable, userId: string, purpose: AuthTokenPurpose, now = new Date()) {
  await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

import { and, eq, lt, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import { db } from "../db.server";

export type RateLimitRule = {
  /** Names the limit, e.g. "login-ip". */
  name: string;
  /** Allowed hits per window. */
  limit: number;
  windowSeconds: number;
};

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Counts one hit for `subject` under `rule` and says whether it is within the limit. Fixed windows
 * kept in the database, so every app instance shares the same count.
 */
export async function hitRateLimit(rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const expiresAt = new Date(windowStart.getTime() + windowMs);
  const key = `${rule.name}:${subject.slice(0, 200)}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1, expiresAt })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

/**
 * Whether `subject` is still within the limit, without counting a hit (for limits that count only
 * failures, such as wrong passwords: check first, hit on failure).
 */
export async function peekRateLimit(rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const expiresAt = new Date(windowStart.getTime() + windowMs);
  const key = `${rule.name}:${subject.slice(0, 200)}`;
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
  const count = row?.count ?? 0;
  return {
    allowed: count < rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Deletes windows that have ended. */
export async function pruneRateLimits(now = new Date()) {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now));
}

import { and, eq, lt, sql } from "drizzle-orm";
import { rateLimits } from "../../db/schema";
import { db } from "../db.server";
import { noteRefusalWait } from "./refusal-wait.server";

export type RateLimitRule = {
  /** Names the limit, e.g. "login-ip". */
  name: string;
  /** Allowed hits per window. */
  limit: number;
  windowSeconds: number;
};

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

type Counted = RateLimitResult & { key: string; windowStart: Date };

/**
 * One statement counts and reads the new total (INSERT … ON CONFLICT … DO UPDATE … RETURNING):
 * however many requests race, each gets its own number, so at most `limit` of them are allowed.
 */
async function count(rule: RateLimitRule, subject: string, now: Date): Promise<Counted> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const expiresAt = new Date(windowStart.getTime() + windowMs);
  const key = `${rule.name}:${subject.slice(0, 200)}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1, expiresAt })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const total = row?.count ?? 1;
  return {
    key,
    windowStart,
    allowed: total <= rule.limit,
    remaining: Math.max(0, rule.limit - total),
    retryAfterSeconds: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Counts one hit for `subject` under `rule` and says whether it is within the limit (fixed windows shared by every instance). */
export async function hitRateLimit(rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitResult> {
  const { key: _key, windowStart: _windowStart, ...result } = await count(rule, subject, now);
  if (!result.allowed) noteRefusalWait(result.retryAfterSeconds);
  return result;
}

async function uncount({ key, windowStart }: { key: string; windowStart: Date }) {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
}

export type Attempt = {
  /** False when any limit was already reached: nothing was counted and the attempt must not be evaluated. */
  allowed: boolean;
  /** Seconds until every refusing limit has room again. */
  retryAfterSeconds: number;
  /** The attempt did not count (e.g. the password was right): gives its places back. */
  release(): Promise<void>;
};

/**
 * For limits on failures (wrong passwords, wrong codes): takes a place under every rule *before*
 * the attempt is evaluated, atomically, so parallel requests cannot all pass a check and exceed
 * the limit together. Over a limit, every place taken is given back (a refused attempt is not a
 * failure) and `allowed` is false. The caller keeps the places of a failure and calls `release()`
 * after a success.
 */
export async function takeAttempt(
  rules: Array<{ rule: RateLimitRule; subject: string }>,
  now = new Date(),
): Promise<Attempt> {
  const taken = await Promise.all(rules.map(({ rule, subject }) => count(rule, subject, now)));
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await Promise.all(taken.map(uncount));
  };
  const refused = taken.filter((result) => !result.allowed);
  if (refused.length === 0) return { allowed: true, retryAfterSeconds: 0, release };
  await release();
  const retryAfterSeconds = Math.max(...refused.map((result) => result.retryAfterSeconds));
  noteRefusalWait(retryAfterSeconds);
  return { allowed: false, retryAfterSeconds, release: async () => {} };
}

/** Deletes windows that have ended. */
export async function pruneRateLimits(now = new Date()) {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now));
}

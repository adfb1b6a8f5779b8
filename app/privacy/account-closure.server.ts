import { and, asc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { authTokens, orders, refunds, sessions, users } from "../../db/schema";
import { verifyPassword } from "../auth/password.server";
import { checkSecondFactor, parseSecondFactorInput } from "../auth/two-factor.server";
import { privacyText } from "../content/privacy.server";
import { db } from "../db.server";
import type { Lang } from "../i18n/lang";
import { renderEmail } from "../mail/layout.server";
import { queueMail } from "../mail/outbox.server";
import { hitRateLimit, type RateLimitRule } from "../http/rate-limit.server";
import { recordAccess } from "./access-log.server";
import { retentionCutoff } from "./retention";

/** Wrong passwords or codes on the closure form, per account: like sign-in, so it is no guessing oracle. */
export const CLOSURE_ATTEMPTS: RateLimitRule = { name: "account-closure", limit: 10, windowSeconds: 15 * 60 };

export type ClosureRefusal =
  | {
      reason: "not-client" | "password-required" | "wrong-password" | "code-required" | "wrong-code" | "refund-pending";
    }
  | { reason: "open-cases"; orders: string[] }
  | { reason: "throttled"; retryAfterSeconds: number };

type Closer = {
  id: string;
  email: string;
  fullName: string | null;
  role: "client" | "staff" | "admin";
  twoFactorEnabled: boolean;
};

/** The account's cases that are not over (an unpaid order awaiting payment counts: it may still be paid). */
async function openCases(userId: string) {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, ["pending", "processing"])))
    .orderBy(asc(orders.createdAt));
  return rows.map((row) => row.id.slice(0, 8).toUpperCase());
}

/**
 * Closes the account of `user` after the password (and the second factor, when on) is confirmed:
 * signing in ends at once (every session, every pending link), the closure is recorded, a
 * confirmation mail is queued; the closure job removes the profile, documents and messages within
 * the published period (app/privacy/retention-jobs.server.ts). Refused while a case is open or a refund is on its way.
 */
export async function closeAccount(
  user: Closer,
  input: { password: unknown; code: unknown },
  { lang, clientAddress, now = new Date() }: { lang: Lang; clientAddress: string; now?: Date },
): Promise<{ ok: true } | ({ ok: false } & ClosureRefusal)> {
  // Team accounts are closed by an admin (their role is changed), not from this form.
  if (user.role !== "client") return { ok: false, reason: "not-client" };
  const password = typeof input.password === "string" ? input.password : "";
  if (!password) return { ok: false, reason: "password-required" };
  if (user.twoFactorEnabled && !(typeof input.code === "string" && input.code.trim()))
    return { ok: false, reason: "code-required" };
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row) return { ok: false, reason: "wrong-password" };
  if (!(await verifyPassword(password, row.passwordHash))) {
    const limit = await hitRateLimit(CLOSURE_ATTEMPTS, user.id);
    return limit.allowed
      ? { ok: false, reason: "wrong-password" }
      : { ok: false, reason: "throttled", retryAfterSeconds: limit.retryAfterSeconds };
  }
  if (user.twoFactorEnabled) {
    const checked = await checkSecondFactor(user.id, parseSecondFactorInput(input.code), clientAddress, now);
    if (checked.result === "throttled")
      return { ok: false, reason: "throttled", retryAfterSeconds: checked.retryAfterSeconds };
    if (checked.result !== "ok") return { ok: false, reason: "wrong-code" };
  }
  const open = await openCases(user.id);
  if (open.length) return { ok: false, reason: "open-cases", orders: open };
  const [pendingRefund] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(orders.userId, user.id), eq(refunds.status, "pending")))
    .limit(1);
  if (pendingRefund) return { ok: false, reason: "refund-pending" };

  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ closedAt: now, updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.closedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(authTokens).where(eq(authTokens.userId, user.id));
    await recordAccess({ action: "account-closure", actor: user, subjectUserId: user.id, clientAddress }, tx);
    const t = privacyText[lang].closure.mail;
    await queueMail(tx, {
      to: user.email,
      kind: "account-closed",
      ...renderEmail({ subject: t.subject, greeting: t.greeting, paragraphs: [t.body] }, lang),
    });
  });
  return { ok: true };
}

/** Closed accounts whose profile is not removed yet, oldest first, with when the job removes it (admins see them). */
export async function pendingClosures(now = new Date()) {
  const rows = await db
    .select({ id: users.id, email: users.email, closedAt: users.closedAt })
    .from(users)
    .where(and(isNotNull(users.closedAt), isNull(users.anonymisedAt)))
    .orderBy(asc(users.closedAt))
    .limit(200);
  const period = now.getTime() - retentionCutoff("closed-accounts", now).getTime();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    closedAt: row.closedAt!,
    dueBy: new Date(row.closedAt!.getTime() + period),
  }));
}

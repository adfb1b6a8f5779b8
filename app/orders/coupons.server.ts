import { and, eq, sql } from "drizzle-orm";
import { coupons, type Coupon } from "../../db/schema";
import { db, type Queryable } from "../db.server";

/** Codes are compared upper-cased, without surrounding spaces. */
export function normalizeCouponCode(code: string) {
  return code.trim().toUpperCase();
}

/** The discount a coupon gives on a subtotal (fils): never more than the subtotal, never negative. */
export function couponDiscount(coupon: Pick<Coupon, "kind" | "value">, subtotal: number): number {
  if (subtotal <= 0) return 0;
  const raw = coupon.kind === "percent" ? Math.round((subtotal * coupon.value) / 100) : coupon.value;
  return Math.max(0, Math.min(subtotal, raw));
}

/** Whether a coupon can be used now: active, not expired, redemptions left. */
export function isCouponUsable(coupon: Coupon, now = new Date()) {
  if (!coupon.active) return false;
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return false;
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return false;
  return true;
}

/** The usable coupon with this code, or undefined (unknown, inactive, expired or used up). */
export async function findUsableCoupon(code: string, now = new Date(), tx: Queryable = db): Promise<Coupon | undefined> {
  const normalized = normalizeCouponCode(code);
  if (!normalized) return undefined;
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, normalized)).limit(1);
  return coupon && isCouponUsable(coupon, now) ? coupon : undefined;
}

/**
 * Counts one redemption, when a payment succeeds. Counted even past the maximum (the client has
 * paid with the discount they were shown); the maximum stops new orders from using it.
 */
export async function redeemCoupon(tx: Queryable, code: string) {
  await tx
    .update(coupons)
    .set({ redemptions: sql`${coupons.redemptions} + 1` })
    .where(and(eq(coupons.code, normalizeCouponCode(code))));
}

/** Inserts a coupon as given (the seed and tests; admins use app/admin/coupons.server.ts). */
export async function insertCoupon(
  values: { code: string; kind: "percent" | "fixed"; value: number; active?: boolean; expiresAt?: Date | null; maxRedemptions?: number | null; createdBy?: string | null },
  tx: Queryable = db,
) {
  const [coupon] = await tx
    .insert(coupons)
    .values({ ...values, code: normalizeCouponCode(values.code) })
    .returning();
  return coupon!;
}

/** The demo coupon seeded outside production: 10% off. */
export const DEMO_COUPON = { code: "WELCOME10", kind: "percent" as const, value: 10 };

/** Adds the demo coupon when it is missing. */
export async function seedDemoCoupon(tx: Queryable = db) {
  const [existing] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, DEMO_COUPON.code)).limit(1);
  if (!existing) await insertCoupon(DEMO_COUPON, tx);
}

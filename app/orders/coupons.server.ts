import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { couponRedemptions, coupons, type Coupon } from "../../db/schema";
import { db, type Queryable, type Transaction } from "../db.server";

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

/** Uses that count against the limits: reserved by an open order, or paid. */
const COUNTING = ["reserved", "paid"] as const;

export type CouponUses = { total: number; byClient: number };

/** How many uses a coupon has (reserved and paid), and how many of them are this client's. */
export async function couponUses(
  couponId: string,
  userId: string | null,
  tx: Queryable = db,
  exceptOrderId?: string,
): Promise<CouponUses> {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      byClient: userId
        ? sql<number>`(count(*) filter (where ${couponRedemptions.userId} = ${userId}))::int`
        : sql<number>`0`,
    })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        inArray(couponRedemptions.status, COUNTING),
        exceptOrderId ? ne(couponRedemptions.orderId, exceptOrderId) : undefined,
      ),
    );
  return { total: Number(row?.total ?? 0), byClient: Number(row?.byClient ?? 0) };
}

export type CouponProblem = "unknown" | "inactive" | "expired" | "used-up" | "client-limit";

/** Why a coupon cannot be used now, or null when it can. */
export function couponProblem(coupon: Coupon | undefined, uses: CouponUses, now = new Date()): CouponProblem | null {
  if (!coupon) return "unknown";
  if (!coupon.active) return "inactive";
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= now.getTime()) return "expired";
  if (coupon.maxRedemptions !== null && uses.total >= coupon.maxRedemptions) return "used-up";
  if (coupon.maxPerClient !== null && uses.byClient >= coupon.maxPerClient) return "client-limit";
  return null;
}

async function couponByCode(code: string, tx: Queryable, lock: boolean) {
  const normalized = normalizeCouponCode(code);
  if (!normalized) return undefined;
  const query = tx.select().from(coupons).where(eq(coupons.code, normalized)).limit(1);
  const [coupon] = lock ? await query.for("update") : await query;
  return coupon;
}

/**
 * The usable coupon with this code, or undefined (unknown, inactive, expired or used up, overall or
 * by this client). A check for showing prices: only reserveCoupon() holds a use.
 */
export async function findUsableCoupon(
  code: string,
  { now = new Date(), userId = null, tx = db }: { now?: Date; userId?: string | null; tx?: Queryable } = {},
): Promise<Coupon | undefined> {
  const coupon = await couponByCode(code, tx, false);
  if (!coupon) return undefined;
  return couponProblem(coupon, await couponUses(coupon.id, userId, tx), now) ? undefined : coupon;
}

/** Whether a coupon with this code exists at all (usable or not). */
export async function couponExists(code: string, tx: Queryable = db) {
  return Boolean(await couponByCode(code, tx, false));
}

export type Reservation = { ok: true; coupon: Coupon } | { ok: false; problem: CouponProblem };

/**
 * Reserves one use of a coupon for a new order, inside the transaction that creates the order.
 * The coupon's row is locked first, so every reservation of the same code waits its turn and
 * counts the uses committed before it: however many checkouts race for the last use, one gets it.
 */
export async function reserveCoupon(
  tx: Transaction,
  input: { code: string; orderId: string; userId: string; now?: Date },
): Promise<Reservation> {
  const coupon = await couponByCode(input.code, tx, true);
  const problem = couponProblem(
    coupon,
    coupon ? await couponUses(coupon.id, input.userId, tx) : { total: 0, byClient: 0 },
    input.now,
  );
  if (problem || !coupon) return { ok: false, problem: problem ?? "unknown" };
  await tx
    .insert(couponRedemptions)
    .values({ couponId: coupon.id, orderId: input.orderId, userId: input.userId, status: "reserved" });
  return { ok: true, coupon };
}

/** Gives an unpaid order's use back (cancelled or expired). True when one was released. */
export async function releaseCouponReservation(tx: Queryable, orderId: string): Promise<boolean> {
  const released = await tx
    .update(couponRedemptions)
    .set({ status: "released", updatedAt: new Date() })
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.status, "reserved")))
    .returning({ id: couponRedemptions.id });
  return released.length > 0;
}

/**
 * The order was paid: its use counts as paid. A use released meanwhile (the order expired, then
 * the payment still came) is taken back even past the limit: the client paid the price shown.
 */
export async function markCouponRedemptionPaid(tx: Queryable, orderId: string) {
  await tx
    .update(couponRedemptions)
    .set({ status: "paid", updatedAt: new Date() })
    .where(and(eq(couponRedemptions.orderId, orderId), ne(couponRedemptions.status, "paid")));
}

/**
 * An unpaid order that was cancelled is opened again: it needs its coupon use back, within the
 * limits. Returns the problem when the coupon cannot be used any more (nothing is changed).
 */
export async function reclaimCouponReservation(
  tx: Transaction,
  orderId: string,
  userId: string,
  now = new Date(),
): Promise<CouponProblem | null> {
  const [redemption] = await tx.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)).limit(1);
  if (!redemption || redemption.status !== "released") return null;
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.id, redemption.couponId)).for("update");
  const problem = couponProblem(coupon, await couponUses(redemption.couponId, userId, tx, orderId), now);
  if (problem) return problem;
  await tx
    .update(couponRedemptions)
    .set({ status: "reserved", updatedAt: new Date() })
    .where(eq(couponRedemptions.id, redemption.id));
  return null;
}

/** Inserts a coupon as given (the seed and tests; admins use app/admin/coupons.server.ts). */
export async function insertCoupon(
  values: {
    code: string;
    kind: "percent" | "fixed";
    value: number;
    active?: boolean;
    expiresAt?: Date | null;
    maxRedemptions?: number | null;
    maxPerClient?: number | null;
    createdBy?: string | null;
  },
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
  const [existing] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(eq(coupons.code, DEMO_COUPON.code))
    .limit(1);
  if (!existing) await insertCoupon(DEMO_COUPON, tx);
}

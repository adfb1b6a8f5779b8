import { desc, eq, sql } from "drizzle-orm";
import * as z from "zod";
import { couponRedemptions, coupons, orders } from "../../db/schema";
import { db } from "../db.server";
import { isUuid } from "../utils/ids";

/** What the create form accepts. Messages are keys the page translates. */
export const couponFormSchema = z
  .object({
    code: z
      .string({ message: "code" })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9_-]{2,31}$/, "code"),
    kind: z.enum(["percent", "fixed"], { message: "kind" }),
    /** Percent (1–100) or AED (converted to fils). */
    value: z.coerce.number({ message: "value" }).positive("value").max(1_000_000, "value"),
    expiresAt: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value) return null;
        const date = new Date(`${value}T23:59:59+04:00`);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime())) {
          ctx.addIssue({ code: "custom", message: "expiresAt" });
          return z.NEVER;
        }
        return date;
      }),
    maxRedemptions: z.coerce
      .number({ message: "maxRedemptions" })
      .int("maxRedemptions")
      .min(1, "maxRedemptions")
      .max(1_000_000, "maxRedemptions")
      .optional(),
    maxPerClient: z.coerce
      .number({ message: "maxPerClient" })
      .int("maxPerClient")
      .min(1, "maxPerClient")
      .max(1_000_000, "maxPerClient")
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === "percent" && (value.value > 100 || !Number.isInteger(value.value)))
      ctx.addIssue({ code: "custom", path: ["value"], message: "percent" });
  });

export type CouponInput = z.infer<typeof couponFormSchema>;

const usesWhere = (status: "reserved" | "paid" | "released") =>
  sql<number>`(select count(*) from "coupon_redemptions" r where r."coupon_id" = "coupons"."id" and r."status" = ${status})`.mapWith(
    Number,
  );

/** All coupons, newest first, with their uses: reserved by unpaid orders, paid, released. */
export async function listCoupons() {
  return db
    .select({
      id: coupons.id,
      code: coupons.code,
      kind: coupons.kind,
      value: coupons.value,
      active: coupons.active,
      expiresAt: coupons.expiresAt,
      maxRedemptions: coupons.maxRedemptions,
      maxPerClient: coupons.maxPerClient,
      createdAt: coupons.createdAt,
      reserved: usesWhere("reserved"),
      paid: usesWhere("paid"),
      released: usesWhere("released"),
    })
    .from(coupons)
    .orderBy(desc(coupons.createdAt));
}

export type CreateCouponResult = { ok: true; id: string } | { ok: false; error: "duplicate" };

export async function createCoupon(input: CouponInput, actorId: string): Promise<CreateCouponResult> {
  const value = input.kind === "fixed" ? Math.round(input.value * 100) : input.value;
  const [row] = await db
    .insert(coupons)
    .values({
      code: input.code,
      kind: input.kind,
      value,
      expiresAt: input.expiresAt,
      maxRedemptions: input.maxRedemptions ?? null,
      maxPerClient: input.maxPerClient ?? null,
      createdBy: actorId,
    })
    .onConflictDoNothing({ target: coupons.code })
    .returning({ id: coupons.id });
  return row ? { ok: true, id: row.id } : { ok: false, error: "duplicate" };
}

/** Switches a coupon off (or on again). False when there is no such coupon. */
export async function setCouponActive(id: unknown, active: boolean): Promise<boolean> {
  if (!isUuid(id)) return false;
  const updated = await db.update(coupons).set({ active }).where(eq(coupons.id, id)).returning({ id: coupons.id });
  return updated.length > 0;
}

export type DeleteCouponResult = "deleted" | "not-found" | "in-use";

/** Deletes a coupon no order ever used; one with uses is kept for the records (deactivate it instead). */
export async function deleteCoupon(id: unknown): Promise<DeleteCouponResult> {
  if (!isUuid(id)) return "not-found";
  return db.transaction(async (tx) => {
    const [coupon] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id)).for("update");
    if (!coupon) return "not-found";
    const [use] = await tx
      .select({ id: couponRedemptions.id })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, id))
      .limit(1);
    if (use) return "in-use";
    await tx.delete(coupons).where(eq(coupons.id, id));
    return "deleted";
  });
}

/** The orders that used a coupon, newest first (its redemptions). */
export async function couponOrders(code: string, limit = 20) {
  return db
    .select({
      id: orders.id,
      amount: orders.amount,
      discount: orders.discount,
      paymentStatus: orders.paymentStatus,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .where(eq(orders.couponCode, code))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

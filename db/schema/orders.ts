import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { users } from "./users";

export const ORDER_STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ["unpaid", "paid", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * An order keeps the spec's summary fields (service_type, tier_name, amount, currency, status,
 * description); its line items hold the detail. Money is AED in integer fils (1 AED = 100 fils).
 */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    serviceType: text("service_type").notNull().default("General Service"),
    tierName: text("tier_name").notNull().default("Standard"),
    /** Total charged, in fils. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("AED"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("unpaid"),
    description: text("description"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in ('pending', 'processing', 'completed', 'cancelled')`),
    check("orders_payment_status_check", sql`${t.paymentStatus} in ('unpaid', 'paid', 'failed', 'refunded')`),
    check("orders_amount_check", sql`${t.amount} >= 0`),
    check("orders_currency_check", sql`${t.currency} = 'AED'`),
    // "orders of a user, newest first" (dashboard) and "all orders by status, newest first" (admin)
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc()),
    index("orders_created_idx").on(t.createdAt.desc()),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    serviceKey: text("service_key").notNull(),
    tierId: text("tier_id").notNull(),
    tierName: text("tier_name").notNull(),
    /** Unit price in fils, copied from the catalogue when the order was made. */
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_items_unit_price_check", sql`${t.unitPrice} >= 0`),
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    index("order_items_order_idx").on(t.orderId),
  ],
);

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;

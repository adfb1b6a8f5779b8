import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt, id, updatedAt } from "./columns";
import { users } from "./users";

export const ORDER_STATUSES = ["pending", "processing", "completed", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_STATUSES = ["unpaid", "paid", "failed", "partially_refunded", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Payment states in which money was received (some of it may have been refunded since). */
export const PAID_STATUSES = ["paid", "partially_refunded", "refunded"] as const satisfies readonly PaymentStatus[];
/** Payment states in which the order can still be paid. */
export const PAYABLE_STATUSES = ["unpaid", "failed"] as const satisfies readonly PaymentStatus[];

/**
 * An order keeps the spec's summary fields (service_type, tier_name, amount, currency, status,
 * description); its line items hold the detail. Money is AED in integer fils (1 AED = 100 fils):
 * amount = subtotal - discount, never below zero. Prices are VAT-inclusive.
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
    /** Sum of the lines before the coupon, in fils. */
    subtotal: integer("subtotal").notNull().default(0),
    discount: integer("discount").notNull().default(0),
    couponCode: text("coupon_code"),
    currency: text("currency").notNull().default("AED"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    paymentStatus: text("payment_status", { enum: PAYMENT_STATUSES }).notNull().default("unpaid"),
    description: text("description"),
    // The checkout form's details (spec: legalName, phone, email, state, documentLink).
    legalName: text("legal_name"),
    phone: text("phone"),
    email: text("email"),
    state: text("state"),
    documentLink: text("document_link"),
    /** Extra details kept with the order, e.g. the request wizard's Emirates ID and passport number. */
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
    /** The language the client ordered in: their order e-mails are written in it. */
    lang: text("lang", { enum: ["en", "ar"] }).notNull().default("en"),
    paymentProvider: text("payment_provider", { enum: ["stripe", "test"] }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** What the provider reported as paid, in fils. */
    paidAmount: integer("paid_amount"),
    /** The provider's payment (a Stripe PaymentIntent id): what refunds are made against. */
    providerPaymentId: text("provider_payment_id"),
    /** Sum of the refunds that went through, in fils (never more than paid_amount). */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** Optional at checkout, printed on the tax invoice: the customer's company and its UAE TRN. */
    customerCompany: text("customer_company"),
    customerTrn: text("customer_trn"),
    /** Set when a payment does not match the order (e.g. "amount-mismatch"): staff must look. */
    paymentFlag: text("payment_flag"),
    /** Staff only. */
    internalNote: text("internal_note"),
    /** What the admin search matches (id, customer name and e-mail, service, tier), lower-cased; trigram-indexed. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(id::text || ' ' || coalesce(legal_name, '') || ' ' || coalesce(email, '') || ' ' || service_type || ' ' || tier_name)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in ('pending', 'processing', 'completed', 'cancelled')`),
    check("orders_payment_status_check", sql`${t.paymentStatus} in ('unpaid', 'paid', 'failed', 'partially_refunded', 'refunded')`),
    check("orders_refunded_amount_check", sql`${t.refundedAmount} >= 0`),
    check("orders_amount_check", sql`${t.amount} >= 0`),
    check("orders_subtotal_check", sql`${t.subtotal} >= 0 and ${t.discount} >= 0`),
    check("orders_currency_check", sql`${t.currency} = 'AED'`),
    check("orders_lang_check", sql`${t.lang} in ('en', 'ar')`),
    // "orders of a user, newest first" (dashboard) and "all orders by status, newest first" (admin)
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_status_created_idx").on(t.status, t.createdAt.desc()),
    index("orders_created_idx").on(t.createdAt.desc()),
    index("orders_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
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
    /** Delivery speed chosen in the quote (standard, express, same-day): the unit price includes its multiplier. */
    speed: text("speed", { enum: ["standard", "express", "same-day"] }).notNull().default("standard"),
    /** Unit price in fils, copied from the catalogue when the order was made. */
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_items_speed_check", sql`${t.speed} in ('standard', 'express', 'same-day')`),
    check("order_items_unit_price_check", sql`${t.unitPrice} >= 0`),
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    index("order_items_order_idx").on(t.orderId),
  ],
);

export const DOCUMENT_KINDS = ["upload", "report"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/**
 * Files kept in PostgreSQL (so app instances stay stateless): the client's uploads at checkout and
 * the reports staff attach. Served only to the order's owner and admins, as attachments.
 */
export const orderDocuments = pgTable(
  "order_documents",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: DOCUMENT_KINDS }).notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_documents_kind_check", sql`${t.kind} in ('upload', 'report')`),
    check("order_documents_size_check", sql`${t.sizeBytes} >= 0 and ${t.sizeBytes} <= 10485760`),
    index("order_documents_order_idx").on(t.orderId, t.kind),
  ],
);

export const ORDER_EVENT_KINDS = ["created", "status", "payment", "note", "report", "refund", "invoice"] as const;

/** The order's history: creation, status changes (who, from, to, when), payments, notes, reports. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Who did it; null for the system (e.g. a payment webhook). */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: ORDER_EVENT_KINDS }).notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_events_kind_check", sql`${t.kind} in ('created', 'status', 'payment', 'note', 'report', 'refund', 'invoice')`),
    index("order_events_order_idx").on(t.orderId, t.createdAt),
  ],
);

export const COUPON_KINDS = ["percent", "fixed"] as const;

/**
 * Discount codes managed by admins. value: a percentage (1–100) or fils off (fixed). Uses are
 * rows of coupon_redemptions: reserved when an order is created, paid when it is paid, released
 * when an unpaid order is cancelled or expires. max_redemptions counts reserved and paid uses.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: id(),
    /** Stored upper-cased; unique. */
    code: text("code").notNull(),
    kind: text("kind", { enum: COUPON_KINDS }).notNull(),
    value: integer("value").notNull(),
    active: boolean("active").notNull().default(true),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    maxRedemptions: integer("max_redemptions"),
    /** Uses per client account (reserved and paid); null: no per-client limit. */
    maxPerClient: integer("max_per_client"),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("coupons_code_key").on(t.code),
    check("coupons_kind_check", sql`${t.kind} in ('percent', 'fixed')`),
    check("coupons_value_check", sql`${t.value} > 0 and (${t.kind} = 'fixed' or ${t.value} <= 100)`),
    check("coupons_limits_check", sql`(${t.maxRedemptions} is null or ${t.maxRedemptions} > 0) and (${t.maxPerClient} is null or ${t.maxPerClient} > 0)`),
  ],
);

export const REDEMPTION_STATUSES = ["reserved", "paid", "released"] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** One use of a coupon by one order (at most one per order). */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: id(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "restrict" }),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: text("status", { enum: REDEMPTION_STATUSES }).notNull().default("reserved"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("coupon_redemptions_order_key").on(t.orderId),
    index("coupon_redemptions_coupon_idx").on(t.couponId, t.status),
    index("coupon_redemptions_coupon_user_idx").on(t.couponId, t.userId),
    check("coupon_redemptions_status_check", sql`${t.status} in ('reserved', 'paid', 'released')`),
  ],
);

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Money given back on a paid order, in fils. "pending" holds its amount against the order (so two
 * refunds at once cannot exceed what was paid) until the provider says it succeeded or failed.
 * A refund made in Stripe's dashboard arrives by webhook and gets a row too (actor null).
 */
export const refunds = pgTable(
  "refunds",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("pending"),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    /** Stripe's re_… id (or the test provider's); unique once known. */
    providerRefundId: text("provider_refund_id"),
    /** The form's one-time key: a double submit of the same refund form is refused. */
    requestKey: text("request_key"),
    failureReason: text("failure_reason"),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    check("refunds_amount_check", sql`${t.amount} > 0`),
    check("refunds_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    uniqueIndex("refunds_provider_refund_key").on(t.providerRefundId),
    uniqueIndex("refunds_request_key").on(t.requestKey),
    index("refunds_order_idx").on(t.orderId, t.createdAt),
    index("refunds_pending_idx").on(t.status, t.createdAt),
  ],
);

export const PAYMENT_SESSION_STATUSES = ["open", "complete", "expired", "failed"] as const;

/** A payment page opened for an order (a Stripe Checkout Session or a built-in test session). */
export const paymentSessions = pgTable(
  "payment_sessions",
  {
    /** The provider's id (cs_… for Stripe, test_… for the built-in provider). */
    id: text("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    status: text("status", { enum: PAYMENT_SESSION_STATUSES }).notNull().default("open"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("AED"),
    url: text("url"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    check("payment_sessions_status_check", sql`${t.status} in ('open', 'complete', 'expired', 'failed')`),
    index("payment_sessions_order_idx").on(t.orderId),
  ],
);

/** Every provider event handled, by id: a repeated delivery changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
  type: text("type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

export type Order = typeof orders.$inferSelect;
export type OrderItem = typeof orderItems.$inferSelect;
export type OrderDocument = typeof orderDocuments.$inferSelect;
export type OrderEvent = typeof orderEvents.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type CouponRedemption = typeof couponRedemptions.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type PaymentSession = typeof paymentSessions.$inferSelect;

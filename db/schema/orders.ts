import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, encryptedBytea, id, updatedAt } from "./columns";
import { users } from "./users";

/** Office time: minutes and hours count only while the office is open; a business day is one opening (Sunday to Thursday). */
export const TURNAROUND_UNITS = ["minutes", "hours", "business-days"] as const;
export type TurnaroundUnit = (typeof TURNAROUND_UNITS)[number];

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
    lang: text("lang", { enum: ["en", "ar"] })
      .notNull()
      .default("en"),
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
    /** The member of staff (or admin) working the case; null: in the unassigned queue. */
    assigneeId: uuid("assignee_id").references(() => users.id, { onDelete: "set null" }),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    /**
     * When the promised turnaround ends (app/cases/turnaround.server.ts): set when the order is
     * paid, from its lines' turnaround in office time; pushed back by an accepted request for more time.
     */
    dueAt: timestamp("due_at", { withTimezone: true }),
    /** What the admin search matches (id, customer name and e-mail, service, tier), lower-cased; trigram-indexed. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(id::text || ' ' || coalesce(legal_name, '') || ' ' || coalesce(email, '') || ' ' || service_type || ' ' || tier_name)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in ('pending', 'processing', 'completed', 'cancelled')`),
    check(
      "orders_payment_status_check",
      sql`${t.paymentStatus} in ('unpaid', 'paid', 'failed', 'partially_refunded', 'refunded')`,
    ),
    check("orders_refunded_amount_check", sql`${t.refundedAmount} >= 0`),
    check("orders_amount_check", sql`${t.amount} >= 0`),
    check("orders_subtotal_check", sql`${t.subtotal} >= 0 and ${t.discount} >= 0`),
    check("orders_currency_check", sql`${t.currency} = 'AED'`),
    check("orders_lang_check", sql`${t.lang} in ('en', 'ar')`),
    // One index per filter the back office offers, each in the list's order (newest first, the id
    // breaking ties) so a keyset page reads only its rows: every order, by status, by assignee
    // ("my cases", the unassigned queue; staff see both), by assignee and status. Decision 082.
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_created_id_idx").on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_status_created_id_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_assignee_created_id_idx").on(t.assigneeId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("orders_assignee_status_created_id_idx").on(
      t.assigneeId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("orders_search_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // Open cases by due time: the overdue view (most overdue first) and its count, for everyone and per assignee.
    index("orders_open_due_id_idx")
      .on(t.dueAt, t.id)
      .where(sql`${t.status} in ('pending', 'processing')`),
    index("orders_open_assignee_due_id_idx")
      .on(t.assigneeId, t.dueAt, t.id)
      .where(sql`${t.status} in ('pending', 'processing')`),
  ],
);

/**
 * The back office's figures, kept by triggers on `orders` in the same transaction as every change
 * (migration 0007): each statement that inserts, updates or deletes orders appends one row per
 * (assignee, status) it moved, with the change in count and in money kept (paid less refunded, fils).
 * The figures are the sums of these rows; compaction folds them together from time to time.
 * Append-only, so concurrent order changes never wait on one another here. Decision 082.
 */
export const orderStatDeltas = pgTable(
  "order_stat_deltas",
  {
    assigneeId: uuid("assignee_id"),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    orders: bigint("orders", { mode: "number" }).notNull(),
    netPaid: bigint("net_paid", { mode: "number" }).notNull(),
  },
  (t) => [index("order_stat_deltas_assignee_idx").on(t.assigneeId)],
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
    speed: text("speed", { enum: ["standard", "express", "same-day"] })
      .notNull()
      .default("standard"),
    /** Unit price in fils, copied from the catalogue when the order was made. */
    unitPrice: integer("unit_price").notNull(),
    quantity: integer("quantity").notNull(),
    /** The turnaround the package promised when sold (app/catalogue/turnaround.ts): 2 minutes, 4 hours, 5 business days… */
    turnaroundValue: integer("turnaround_value"),
    turnaroundUnit: text("turnaround_unit", { enum: TURNAROUND_UNITS }),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_items_speed_check", sql`${t.speed} in ('standard', 'express', 'same-day')`),
    check("order_items_unit_price_check", sql`${t.unitPrice} >= 0`),
    check(
      "order_items_turnaround_check",
      sql`(${t.turnaroundValue} is null and ${t.turnaroundUnit} is null) or (${t.turnaroundValue} > 0 and ${t.turnaroundUnit} in ('minutes', 'hours', 'business-days'))`,
    ),
    check("order_items_quantity_check", sql`${t.quantity} > 0`),
    index("order_items_order_idx").on(t.orderId),
  ],
);

/** upload: sent by the client (checkout or a message); attachment: sent by staff in a message; report: the deliverable. */
export const DOCUMENT_KINDS = ["upload", "attachment", "report"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const MESSAGE_KINDS = [
  "message",
  /** Staff only: never shown to the client, nor its documents. */
  "note",
  /** Staff ask the client for information or a document. */
  "information-request",
  "extension-request",
  "cancellation-request",
  /** Written by the system when staff accept or decline a request. */
  "request-accepted",
  "request-declined",
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const REQUEST_KINDS = ["extension-request", "cancellation-request"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_STATES = ["open", "accepted", "declined"] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
/** Longest message, in characters. */
export const MAX_MESSAGE_LENGTH = 5000;

/**
 * An order's conversation between the client and the team, oldest first. Requests (more time,
 * cancellation) are messages with a state that staff resolve. submission_id: a random id each form
 * carries, so a message posted twice (double click, retry) is stored once.
 */
export const orderMessages = pgTable(
  "order_messages",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Which side wrote it (the author's role can change later). */
    side: text("side", { enum: ["client", "staff", "system"] }).notNull(),
    kind: text("kind", { enum: MESSAGE_KINDS }).notNull().default("message"),
    body: text("body").notNull().default(""),
    requestState: text("request_state", { enum: REQUEST_STATES }),
    /** Business days asked for (extension requests). */
    extensionDays: integer("extension_days"),
    /** For request-accepted / request-declined: the request it answers. */
    requestId: uuid("request_id"),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    submissionId: text("submission_id"),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_messages_side_check", sql`${t.side} in ('client', 'staff', 'system')`),
    check(
      "order_messages_kind_check",
      sql`${t.kind} in ('message', 'note', 'information-request', 'extension-request', 'cancellation-request', 'request-accepted', 'request-declined')`,
    ),
    check("order_messages_body_check", sql`char_length(${t.body}) <= 5000`),
    check(
      "order_messages_request_state_check",
      sql`${t.requestState} is null or ${t.requestState} in ('open', 'accepted', 'declined')`,
    ),
    check("order_messages_extension_check", sql`${t.extensionDays} is null or ${t.extensionDays} between 1 and 30`),
    uniqueIndex("order_messages_submission_key").on(t.submissionId),
    index("order_messages_order_idx").on(t.orderId, t.createdAt),
    // At most one open request of each kind per order, however many arrive at once.
    uniqueIndex("order_messages_open_request_key")
      .on(t.orderId, t.kind)
      .where(sql`${t.requestState} = 'open'`),
  ],
);

/**
 * Files kept in PostgreSQL (so app instances stay stateless): the client's uploads (checkout and
 * messages), documents staff send in messages, and reports. Served as attachments only to the
 * order's owner (never those of internal notes), staff who may work the case, and admins.
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
    /** The content, encrypted; null when it lives in object storage (storage_key), never both (docs/decisions/101). */
    data: encryptedBytea("data", "order_documents.data"),
    /** The object in the bucket (S3_BUCKET) holding the content, encrypted the same way. */
    storageKey: text("storage_key").unique("order_documents_storage_key_unique"),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    /** The message it came with, if any. */
    messageId: uuid("message_id").references(() => orderMessages.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("order_documents_kind_check", sql`${t.kind} in ('upload', 'attachment', 'report')`),
    index("order_documents_message_idx").on(t.messageId),
    check("order_documents_size_check", sql`${t.sizeBytes} >= 0 and ${t.sizeBytes} <= 10485760`),
    check("order_documents_content_check", sql`(${t.data} is null) <> (${t.storageKey} is null)`),
    index("order_documents_order_idx").on(t.orderId, t.kind),
  ],
);

export const ORDER_EVENT_KINDS = [
  "created",
  "status",
  "payment",
  "note",
  "report",
  "refund",
  "invoice",
  "assignment",
] as const;

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
    check(
      "order_events_kind_check",
      sql`${t.kind} in ('created', 'status', 'payment', 'note', 'report', 'refund', 'invoice', 'assignment')`,
    ),
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
    check(
      "coupons_limits_check",
      sql`(${t.maxRedemptions} is null or ${t.maxRedemptions} > 0) and (${t.maxPerClient} is null or ${t.maxPerClient} > 0)`,
    ),
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
/** Who returned the money: a payment provider, or staff by hand (a bank transfer, cash) and recorded here. */
export const REFUND_PROVIDERS = ["stripe", "test", "manual"] as const;
export type RefundProvider = (typeof REFUND_PROVIDERS)[number];

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
    provider: text("provider", { enum: REFUND_PROVIDERS }).notNull(),
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
export type OrderMessage = typeof orderMessages.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type CouponRedemption = typeof couponRedemptions.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type PaymentSession = typeof paymentSessions.$inferSelect;

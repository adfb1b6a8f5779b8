CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_status_check" CHECK ("coupon_redemptions"."status" in ('reserved', 'paid', 'released'))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"request_key" text,
	"failure_reason" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "tax_document_series" (
	"series" text PRIMARY KEY NOT NULL,
	"next_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"document_number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"refund_id" uuid,
	"invoice_id" uuid,
	"lang" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"supply_date" timestamp with time zone NOT NULL,
	"supplier" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"vat_rate" integer NOT NULL,
	"total_taxable" integer NOT NULL,
	"total_vat" integer NOT NULL,
	"total" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'AED' NOT NULL,
	"reason" text,
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "tax_documents_totals_check" CHECK ("tax_documents"."total_taxable" + "tax_documents"."total_vat" = "tax_documents"."total" and "tax_documents"."total" >= 0 and "tax_documents"."total_vat" >= 0),
	CONSTRAINT "tax_documents_credit_note_check" CHECK (("tax_documents"."kind" = 'invoice' and "tax_documents"."refund_id" is null) or ("tax_documents"."kind" = 'credit_note' and "tax_documents"."refund_id" is not null and "tax_documents"."invoice_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "coupons" DROP CONSTRAINT "coupons_redemptions_check";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_status_check";--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_per_client" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_trn" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_invoice_id_tax_documents_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."tax_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_key" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id","status");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_user_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_request_key" ON "refunds" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_number_key" ON "tax_documents" USING btree ("series","number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_document_number_key" ON "tax_documents" USING btree ("document_number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_invoice_key" ON "tax_documents" USING btree ("order_id") WHERE "tax_documents"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_refund_key" ON "tax_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at");--> statement-breakpoint
-- Coupon uses were a counter: each order carrying a code becomes a use (paid orders paid, open unpaid ones reserved).
INSERT INTO "coupon_redemptions" ("coupon_id", "order_id", "user_id", "status", "created_at", "updated_at")
SELECT c."id", o."id", o."user_id", CASE WHEN o."payment_status" IN ('paid', 'refunded') THEN 'paid' ELSE 'reserved' END, o."created_at", o."updated_at"
FROM "orders" o JOIN "coupons" c ON c."code" = o."coupon_code"
WHERE o."payment_status" IN ('paid', 'refunded') OR (o."status" <> 'cancelled' AND o."payment_status" IN ('unpaid', 'failed'));--> statement-breakpoint
UPDATE "coupons" SET "active" = false, "max_redemptions" = 1 WHERE "max_redemptions" <= 0;--> statement-breakpoint
UPDATE "orders" SET "refunded_amount" = coalesce("paid_amount", "amount") WHERE "payment_status" = 'refunded';--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "redemptions";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_limits_check" CHECK (("coupons"."max_redemptions" is null or "coupons"."max_redemptions" > 0) and ("coupons"."max_per_client" is null or "coupons"."max_per_client" > 0));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('created', 'status', 'payment', 'note', 'report', 'refund', 'invoice'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_amount_check" CHECK ("orders"."refunded_amount" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('unpaid', 'paid', 'failed', 'partially_refunded', 'refunded'));--> statement-breakpoint
-- Issued tax invoices and credit notes are final: corrections are made by a new credit note, never by editing.
CREATE FUNCTION "tax_documents_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'tax documents are immutable once issued (% refused on %)', TG_OP, OLD."document_number";
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tax_documents_no_update" BEFORE UPDATE OR DELETE ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION "tax_documents_immutable"();

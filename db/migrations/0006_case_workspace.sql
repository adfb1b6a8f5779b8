CREATE TABLE "order_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"author_id" uuid,
	"side" text NOT NULL,
	"kind" text DEFAULT 'message' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"request_state" text,
	"extension_days" integer,
	"request_id" uuid,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"submission_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_messages_side_check" CHECK ("order_messages"."side" in ('client', 'staff', 'system')),
	CONSTRAINT "order_messages_kind_check" CHECK ("order_messages"."kind" in ('message', 'note', 'information-request', 'extension-request', 'cancellation-request', 'request-accepted', 'request-declined')),
	CONSTRAINT "order_messages_body_check" CHECK (char_length("order_messages"."body") <= 5000),
	CONSTRAINT "order_messages_request_state_check" CHECK ("order_messages"."request_state" is null or "order_messages"."request_state" in ('open', 'accepted', 'declined')),
	CONSTRAINT "order_messages_extension_check" CHECK ("order_messages"."extension_days" is null or "order_messages"."extension_days" between 1 and 30)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "order_documents" DROP CONSTRAINT "order_documents_kind_check";--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_check";--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "turnaround_value" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "turnaround_unit" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_messages_submission_key" ON "order_messages" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "order_messages_order_idx" ON "order_messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_messages_open_request_key" ON "order_messages" USING btree ("order_id","kind") WHERE "order_messages"."request_state" = 'open';--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_message_id_order_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."order_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_documents_message_idx" ON "order_documents" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "orders_assignee_created_idx" ON "orders" USING btree ("assignee_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_open_due_idx" ON "orders" USING btree ("due_at") WHERE "orders"."status" in ('pending', 'processing');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('client', 'staff', 'admin'));--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_kind_check" CHECK ("order_documents"."kind" in ('upload', 'attachment', 'report'));--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_check" CHECK ("order_events"."kind" in ('created', 'status', 'payment', 'note', 'report', 'refund', 'invoice', 'assignment'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_turnaround_check" CHECK (("order_items"."turnaround_value" is null and "order_items"."turnaround_unit" is null) or ("order_items"."turnaround_value" > 0 and "order_items"."turnaround_unit" in ('minutes', 'hours', 'business-days')));
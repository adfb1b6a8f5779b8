CREATE TABLE "submission_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "speed" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
CREATE INDEX "submission_keys_created_idx" ON "submission_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_speed_check" CHECK ("order_items"."speed" in ('standard', 'express', 'same-day'));
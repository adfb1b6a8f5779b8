CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "consultant_days_off" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "consultant_days_off_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "consultant_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"consults" boolean DEFAULT true NOT NULL,
	"modes" text[] DEFAULT '{video,phone,in_person}'::text[] NOT NULL,
	"weekly_hours" jsonb,
	"video_url" text,
	"feed_token_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consultation_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"consultant_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"room_name" text,
	"notes" text,
	"submission_key" text,
	"cancelled_at" timestamp with time zone,
	"change_reason" text,
	"reminder_day_sent_at" timestamp with time zone,
	"reminder_hour_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_bookings_state_check" CHECK ("consultation_bookings"."state" in ('booked', 'cancelled', 'held', 'missed')),
	CONSTRAINT "consultation_bookings_mode_check" CHECK ("consultation_bookings"."mode" in ('video', 'phone', 'in_person')),
	CONSTRAINT "consultation_bookings_times_check" CHECK ("consultation_bookings"."ends_at" > "consultation_bookings"."starts_at" and "consultation_bookings"."blocked_until" >= "consultation_bookings"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "consultant_days_off" ADD CONSTRAINT "consultant_days_off_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_settings" ADD CONSTRAINT "consultant_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_consultant_id_users_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_bookings_order_idx" ON "consultation_bookings" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "consultation_bookings_consultant_starts_idx" ON "consultation_bookings" USING btree ("consultant_id","starts_at");--> statement-breakpoint
CREATE INDEX "consultation_bookings_starts_idx" ON "consultation_bookings" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consultation_bookings_submission_key_idx" ON "consultation_bookings" USING btree ("submission_key");--> statement-breakpoint
ALTER TABLE "consultation_bookings" ADD CONSTRAINT "consultation_bookings_no_overlap" EXCLUDE USING gist ("consultant_id" WITH =, tstzrange("starts_at", "blocked_until", '[)') WITH &&) WHERE ("state" <> 'cancelled');
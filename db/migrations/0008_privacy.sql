CREATE TABLE "access_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"actor_role" text,
	"subject_user_id" uuid,
	"order_id" uuid,
	"document_id" uuid,
	"file_name" text,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_log_action_check" CHECK ("access_log"."action" in ('document-view', 'data-export', 'account-closure'))
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"archive" "bytea",
	"size_bytes" integer,
	"conversation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('queued', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_order_idx" ON "access_log" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "access_log_created_idx" ON "access_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_one_queued_key" ON "data_exports" USING btree ("user_id") WHERE "data_exports"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "data_exports_user_created_idx" ON "data_exports" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_closed_idx" ON "users" USING btree ("closed_at") WHERE "users"."closed_at" is not null and "users"."anonymised_at" is null;--> statement-breakpoint
-- Tax documents stay final, but the retention job may delete those issued before the end of the
-- record-keeping period (5 years): it names that cutoff in the transaction (app/privacy/retention-jobs.server.ts).
CREATE OR REPLACE FUNCTION "tax_documents_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('sanad.retention_cutoff', true), '') <> '' AND OLD."issued_at" < current_setting('sanad.retention_cutoff', true)::timestamptz THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'tax documents are immutable once issued (% refused on %)', TG_OP, OLD."document_number";
END;
$$;

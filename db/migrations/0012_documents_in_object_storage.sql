ALTER TABLE "order_documents" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_storage_key_unique" UNIQUE("storage_key");--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_content_check" CHECK (("order_documents"."data" is null) <> ("order_documents"."storage_key" is null));
CREATE TABLE "order_stat_deltas" (
	"assignee_id" uuid,
	"status" text NOT NULL,
	"orders" bigint NOT NULL,
	"net_paid" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_assignee_created_idx";--> statement-breakpoint
DROP INDEX "orders_open_due_idx";--> statement-breakpoint
CREATE INDEX "order_stat_deltas_assignee_idx" ON "order_stat_deltas" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "orders_created_id_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_created_id_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_assignee_created_id_idx" ON "orders" USING btree ("assignee_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_assignee_status_created_id_idx" ON "orders" USING btree ("assignee_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_open_due_id_idx" ON "orders" USING btree ("due_at","id") WHERE "orders"."status" in ('pending', 'processing');--> statement-breakpoint
CREATE INDEX "orders_open_assignee_due_id_idx" ON "orders" USING btree ("assignee_id","due_at","id") WHERE "orders"."status" in ('pending', 'processing');--> statement-breakpoint
-- The back office's figures (decision 082): every statement that changes orders appends, in its own
-- transaction, one row per (assignee, status) it moved, with the change in count and in money kept.
CREATE OR REPLACE FUNCTION "order_stat_net_paid"(payment_status text, amount integer, refunded_amount integer) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN payment_status IN ('paid', 'partially_refunded', 'refunded') THEN amount::bigint - refunded_amount ELSE 0 END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_stats_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_stat_deltas" ("assignee_id", "status", "orders", "net_paid")
  SELECT "assignee_id", "status", count(*), sum("order_stat_net_paid"("payment_status", "amount", "refunded_amount"))
  FROM new_rows GROUP BY "assignee_id", "status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_stats_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_stat_deltas" ("assignee_id", "status", "orders", "net_paid")
  SELECT "assignee_id", "status", -count(*), -sum("order_stat_net_paid"("payment_status", "amount", "refunded_amount"))
  FROM old_rows GROUP BY "assignee_id", "status";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_stats_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_stat_deltas" ("assignee_id", "status", "orders", "net_paid")
  SELECT "assignee_id", "status", sum(n), sum(net) FROM (
    SELECT "assignee_id", "status", 1 AS n, "order_stat_net_paid"("payment_status", "amount", "refunded_amount") AS net FROM new_rows
    UNION ALL
    SELECT "assignee_id", "status", -1, -"order_stat_net_paid"("payment_status", "amount", "refunded_amount") FROM old_rows
  ) AS moved
  GROUP BY "assignee_id", "status" HAVING sum(n) <> 0 OR sum(net) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_stats_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "order_stat_deltas";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_stats_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_stats_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "orders_stats_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_stats_after_update"();
--> statement-breakpoint
CREATE TRIGGER "orders_stats_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_stats_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "orders_stats_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "order_stats_after_truncate"();
--> statement-breakpoint
-- The orders there already, counted once.
INSERT INTO "order_stat_deltas" ("assignee_id", "status", "orders", "net_paid")
SELECT "assignee_id", "status", count(*), sum("order_stat_net_paid"("payment_status", "amount", "refunded_amount")) FROM "orders" GROUP BY "assignee_id", "status";

CREATE TABLE "scheduled_task_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_live_cart_idx" ON "orders" USING btree ("cart_id") WHERE status in ('created', 'pending', 'success');
CREATE TABLE "sandbox_mandates" (
	"gateway_mandate_id" text PRIMARY KEY NOT NULL,
	"charge_outcome" text DEFAULT 'success' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sip_action_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"action" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "month_interval" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "tenure" smallint;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "ngo_sip" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "skip_period" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "retry_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "last_failure_reason" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "missed_period" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pre_debit_period" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sip_action_links" ADD CONSTRAINT "sip_action_links_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sip_action_links_hash_idx" ON "sip_action_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sip_action_links_subscription_idx" ON "sip_action_links" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("status_flag","next_payment_date");
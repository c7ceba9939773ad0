CREATE TYPE "public"."mandate_status" AS ENUM('created', 'active', 'paused', 'cancelled', 'failed');--> statement-breakpoint
CREATE TYPE "public"."order_kind" AS ENUM('one_time', 'sip');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'processed', 'failed');--> statement-breakpoint
CREATE TABLE "mandates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"gateway_mandate_id" text NOT NULL,
	"method" text NOT NULL,
	"status" "mandate_status" DEFAULT 'created' NOT NULL,
	"currency" varchar(3) NOT NULL,
	"max_amount_minor" bigint NOT NULL,
	"failure_reason" text,
	"authorised_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" text NOT NULL,
	"order_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"gateway_refund_id" text,
	"amount_minor" bigint NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"reason" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"sip_cause" text,
	"fundraiser_id" integer,
	"amount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_lines_target_check" CHECK (("subscription_lines"."fundraiser_id" is not null) <> ("subscription_lines"."sip_cause" is not null))
);
--> statement-breakpoint
ALTER TABLE "carts" RENAME COLUMN "campaign_id" TO "fundraiser_id";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "campaign_id" TO "fundraiser_id";--> statement-breakpoint
ALTER TABLE "subscriptions" RENAME COLUMN "campaign_id" TO "fundraiser_id";--> statement-breakpoint
ALTER TABLE "carts" DROP CONSTRAINT "carts_campaign_id_fundraisers_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_campaign_id_fundraisers_id_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_campaign_id_fundraisers_id_fk";
--> statement-breakpoint
DROP INDEX "carts_campaign_idx";--> statement-breakpoint
DROP INDEX "ledger_group_kind_idx";--> statement-breakpoint
DROP INDEX "orders_campaign_status_idx";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "cart_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "fundraiser_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "mandate_id" SET DATA TYPE integer USING "mandate_id"::integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" "order_kind" DEFAULT 'one_time' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "mandate_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD COLUMN "mandate_id" integer;--> statement-breakpoint
ALTER TABLE "mandates" ADD CONSTRAINT "mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_lines" ADD CONSTRAINT "subscription_lines_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_lines" ADD CONSTRAINT "subscription_lines_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mandates_gateway_idx" ON "mandates" USING btree ("gateway","gateway_mandate_id");--> statement-breakpoint
CREATE INDEX "mandates_user_idx" ON "mandates" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_refund_id_idx" ON "refunds" USING btree ("refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_gateway_idx" ON "refunds" USING btree ("gateway","gateway_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "subscription_lines_subscription_idx" ON "subscription_lines" USING btree ("subscription_id");--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_mandate_id_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."mandates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_mandate_id_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."mandates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_fundraiser_idx" ON "carts" USING btree ("fundraiser_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_group_account_kind_idx" ON "ledger_entries" USING btree ("group_id","account","kind");--> statement-breakpoint
CREATE INDEX "orders_fundraiser_status_idx" ON "orders" USING btree ("fundraiser_id","status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_subscription_idx" ON "orders" USING btree ("subscription_id","period");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_target_check" CHECK ("orders"."fundraiser_id" is not null or "orders"."kind" = 'sip');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sip_check" CHECK ("orders"."kind" = 'one_time' or ("orders"."subscription_id" is not null and "orders"."period" is not null));
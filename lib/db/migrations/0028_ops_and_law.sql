CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_roles" text NOT NULL,
	"action" text NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "receipt_series" (
	"entity_details_id" integer NOT NULL,
	"financial_year" text NOT NULL,
	"last_serial" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "receipt_series_entity_details_id_financial_year_pk" PRIMARY KEY("entity_details_id","financial_year")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"entity_details_id" integer NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "vital_samples" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"page_type" text NOT NULL,
	"metric" text NOT NULL,
	"value" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "donor_address" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "citizenship" text;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "details_corrected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "details_corrected_by" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_details" ADD COLUMN "registration_80g" text;--> statement-breakpoint
ALTER TABLE "entity_details" ADD COLUMN "registration_80g_valid_until" date;--> statement-breakpoint
ALTER TABLE "entity_details" ADD COLUMN "fcra_number" text;--> statement-breakpoint
ALTER TABLE "entity_details" ADD COLUMN "fcra_valid_until" date;--> statement-breakpoint
ALTER TABLE "entity_details" ADD COLUMN "fcra_account_holder" text;--> statement-breakpoint
ALTER TABLE "entity_details" ADD COLUMN "fcra_account_number" text;--> statement-breakpoint
ALTER TABLE "entity_details" ADD COLUMN "fcra_ifsc" varchar(11);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "foreign_contribution" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "requested_by" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "held_for_finance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "foreign_contribution" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_series" ADD CONSTRAINT "receipt_series_entity_details_id_entity_details_id_fk" FOREIGN KEY ("entity_details_id") REFERENCES "public"."entity_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_entity_details_id_entity_details_id_fk" FOREIGN KEY ("entity_details_id") REFERENCES "public"."entity_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("record_kind","record_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_series_idx" ON "receipts" USING btree ("entity_details_id","financial_year","serial");--> statement-breakpoint
CREATE INDEX "vital_samples_at_idx" ON "vital_samples" USING btree ("at","page_type","metric");--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_details_corrected_by_users_id_fk" FOREIGN KEY ("details_corrected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_citizenship_check" CHECK ("carts"."citizenship" is null or "carts"."citizenship" in ('indian', 'foreign'));--> statement-breakpoint
-- The audit log is append only: the product, and anyone with its credentials, can add a line but never change or remove one.
CREATE OR REPLACE FUNCTION sahyog_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append only';
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION sahyog_audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION sahyog_audit_log_append_only();

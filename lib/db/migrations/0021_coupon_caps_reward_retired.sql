ALTER TABLE "coupon_redemptions" ADD COLUMN "fundraiser_id" integer;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "donor_user_id" integer;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD COLUMN "donor_email" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_uses_per_donor" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "max_uses_per_fundraiser" integer;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "budget_minor" bigint;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "spent_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_donor_user_id_users_id_fk" FOREIGN KEY ("donor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_fundraiser_idx" ON "coupon_redemptions" USING btree ("coupon_code","fundraiser_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_email_idx" ON "coupon_redemptions" USING btree ("coupon_code","donor_email");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_user_idx" ON "coupon_redemptions" USING btree ("coupon_code","donor_user_id");--> statement-breakpoint
-- matches claimed before the caps: counted against them (whose they were, and what they have spent)
UPDATE "coupon_redemptions" AS r SET "fundraiser_id" = o."fundraiser_id", "donor_user_id" = coalesce(c."user_id", o."user_id"), "donor_email" = lower(btrim(c."donor_email")) FROM "orders" AS o LEFT JOIN "carts" AS c ON c."id" = o."cart_id" WHERE o."id" = r."order_id";--> statement-breakpoint
UPDATE "coupons" SET "spent_minor" = coalesce((SELECT sum(r."amount_minor") FROM "coupon_redemptions" AS r WHERE r."coupon_code" = "coupons"."code"), 0);

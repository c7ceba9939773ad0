ALTER TABLE "mandates" ADD COLUMN "gateway_customer_id" text;--> statement-breakpoint
ALTER TABLE "mandates" ADD COLUMN "gateway_token" text;--> statement-breakpoint
CREATE INDEX "mandates_token_idx" ON "mandates" USING btree ("gateway","gateway_token");
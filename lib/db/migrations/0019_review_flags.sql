ALTER TABLE "fundraisers" ADD COLUMN "review_flags" jsonb;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "support_declined_at" timestamp with time zone;
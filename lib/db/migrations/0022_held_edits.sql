CREATE TYPE "public"."fundraiser_edit_status" AS ENUM('published', 'pending', 'approved', 'declined', 'replaced');--> statement-breakpoint
CREATE TYPE "public"."update_review_status" AS ENUM('published', 'held', 'declined');--> statement-breakpoint
CREATE TABLE "fundraiser_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"fundraiser_id" integer NOT NULL,
	"author_id" integer,
	"title" text,
	"short_description" text,
	"story_description" text,
	"status" "fundraiser_edit_status" NOT NULL,
	"review_flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"decline_reason" text
);
--> statement-breakpoint
ALTER TABLE "updates" ADD COLUMN "review_status" "update_review_status" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "updates" ADD COLUMN "review_flags" jsonb;--> statement-breakpoint
ALTER TABLE "updates" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "updates" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "updates" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "fundraiser_edits" ADD CONSTRAINT "fundraiser_edits_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_edits" ADD CONSTRAINT "fundraiser_edits_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_edits" ADD CONSTRAINT "fundraiser_edits_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fundraiser_edits_one_pending_idx" ON "fundraiser_edits" USING btree ("fundraiser_id") WHERE "fundraiser_edits"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "fundraiser_edits_fundraiser_idx" ON "fundraiser_edits" USING btree ("fundraiser_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fundraiser_edits_pending_idx" ON "fundraiser_edits" USING btree ("submitted_at") WHERE "fundraiser_edits"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "updates_held_idx" ON "updates" USING btree ("created_at") WHERE "updates"."review_status" = 'held';
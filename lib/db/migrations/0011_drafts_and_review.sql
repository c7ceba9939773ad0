ALTER TYPE "public"."media_kind" ADD VALUE 'beneficiary';--> statement-breakpoint
ALTER TYPE "public"."media_kind" ADD VALUE 'editor';--> statement-breakpoint
CREATE TABLE "diseases" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "diseases_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "hospitals" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fundraisers" ALTER COLUMN "goal_minor" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "fundraiser_media" ADD COLUMN "upload_id" text;--> statement-breakpoint
ALTER TABLE "fundraiser_media" ADD COLUMN "variants" jsonb;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "wizard_step" text;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "disease_id" integer;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "hospital_id" integer;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "hospitalisation_status" text;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "referral_option" text;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "owner_qualification" text;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "owner_occupation" text;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "owner_salary_minor" bigint;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "about" text;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "brand_survey" text;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "utm" jsonb;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "review_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "hospitals_name_city_idx" ON "hospitals" USING btree ("name","city");--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_disease_id_diseases_id_fk" FOREIGN KEY ("disease_id") REFERENCES "public"."diseases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fundraisers_review_idx" ON "fundraisers" USING btree ("submitted_at") WHERE "fundraisers"."status_flag" = 2;
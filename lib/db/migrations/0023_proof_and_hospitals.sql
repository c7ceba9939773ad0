CREATE TYPE "public"."proof_document_kind" AS ENUM('medical_estimate', 'beneficiary_id');--> statement-breakpoint
CREATE TABLE "fundraiser_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"fundraiser_id" integer NOT NULL,
	"kind" "proof_document_kind" NOT NULL,
	"upload_id" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "documents_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD COLUMN "documents_checked_by" integer;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "suggested_by" integer;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "hospitals" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fundraiser_documents" ADD CONSTRAINT "fundraiser_documents_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_documents" ADD CONSTRAINT "fundraiser_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fundraiser_documents_kind_idx" ON "fundraiser_documents" USING btree ("fundraiser_id","kind");--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_documents_checked_by_users_id_fk" FOREIGN KEY ("documents_checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospitals" ADD CONSTRAINT "hospitals_suggested_by_users_id_fk" FOREIGN KEY ("suggested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hospitals" ADD CONSTRAINT "hospitals_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
CREATE TABLE "review_outcomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"fundraiser_id" integer,
	"decision" text NOT NULL,
	"category" text,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_outcomes_decision_check" CHECK ("review_outcomes"."decision" in ('approved', 'sent_back'))
);
--> statement-breakpoint
ALTER TABLE "review_outcomes" ADD CONSTRAINT "review_outcomes_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_outcomes_decided_idx" ON "review_outcomes" USING btree ("decided_at");
CREATE TABLE "update_opt_outs" (
	"fundraiser_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_opt_outs_fundraiser_id_email_pk" PRIMARY KEY("fundraiser_id","email")
);
--> statement-breakpoint
CREATE TABLE "update_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"fundraiser_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text,
	"answered_at" timestamp with time zone,
	"answer_update_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "acknowledgement" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hospital_id" integer;--> statement-breakpoint
ALTER TABLE "update_opt_outs" ADD CONSTRAINT "update_opt_outs_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_requests" ADD CONSTRAINT "update_requests_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_requests" ADD CONSTRAINT "update_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_requests" ADD CONSTRAINT "update_requests_answer_update_id_updates_id_fk" FOREIGN KEY ("answer_update_id") REFERENCES "public"."updates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "update_requests_fundraiser_idx" ON "update_requests" USING btree ("fundraiser_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "update_requests_open_idx" ON "update_requests" USING btree ("fundraiser_id","user_id") WHERE answered_at is null;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_hospital_id_hospitals_id_fk" FOREIGN KEY ("hospital_id") REFERENCES "public"."hospitals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");
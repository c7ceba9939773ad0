CREATE TABLE "mandate_subscriptions" (
	"mandate_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandate_subscriptions_mandate_id_subscription_id_pk" PRIMARY KEY("mandate_id","subscription_id")
);
--> statement-breakpoint
ALTER TABLE "mandate_subscriptions" ADD CONSTRAINT "mandate_subscriptions_mandate_id_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_subscriptions" ADD CONSTRAINT "mandate_subscriptions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mandate_subscriptions_subscription_idx" ON "mandate_subscriptions" USING btree ("subscription_id");
CREATE TYPE "public"."entity_type" AS ENUM('individual', 'ngo');--> statement-breakpoint
CREATE TYPE "public"."media_kind" AS ENUM('leaderboard', 'theater', 'widget', 'gallery', 'video');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('created', 'pending', 'success', 'failed', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."outbox_channel" AS ENUM('email', 'sms');--> statement-breakpoint
CREATE TYPE "public"."token_kind" AS ENUM('api', 'password_reset', 'autologin');--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "token_kind" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" integer,
	"currency" char(3) NOT NULL,
	"donated_amount_minor" bigint NOT NULL,
	"donated_amount_inr_minor" bigint NOT NULL,
	"tip_amount_minor" bigint DEFAULT 0 NOT NULL,
	"donor_name" text NOT NULL,
	"donor_email" text NOT NULL,
	"donor_phone" text,
	"donor_extension" text,
	"donor_pincode" text,
	"donor_country" text,
	"donor_city" text,
	"donor_pan" text,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"recurring" boolean DEFAULT false NOT NULL,
	"reward_id" integer,
	"is_indian" boolean DEFAULT true NOT NULL,
	"donor_entity_details_id" integer,
	"sip_cause" text,
	"device" text,
	"utm" jsonb,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "causes" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"slug" text NOT NULL,
	"info_1" text NOT NULL,
	"is_medical" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"fundraiser_id" integer NOT NULL,
	"update_id" integer,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"currency" char(3) PRIMARY KEY NOT NULL,
	"inr_per_unit_micros" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entity_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"entity_type" "entity_type" NOT NULL,
	"name" text NOT NULL,
	"registration_number" text,
	"pan_number" text,
	"has_80g" boolean DEFAULT false NOT NULL,
	"address" text,
	"city" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundraiser_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"fundraiser_id" integer NOT NULL,
	"kind" "media_kind" NOT NULL,
	"cdn_path" text NOT NULL,
	"file_name" text,
	"display_type_1" text,
	"width" integer,
	"height" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundraisers" (
	"id" serial PRIMARY KEY NOT NULL,
	"custom_tag" text NOT NULL,
	"title" text NOT NULL,
	"status_flag" smallint DEFAULT 1 NOT NULL,
	"end_date" timestamp with time zone,
	"currency" char(3) DEFAULT 'INR' NOT NULL,
	"goal_minor" bigint NOT NULL,
	"raised_minor" bigint DEFAULT 0 NOT NULL,
	"donor_count" integer DEFAULT 0 NOT NULL,
	"taxexempted" boolean DEFAULT false NOT NULL,
	"beneficiary_tax_benefit" boolean DEFAULT false NOT NULL,
	"beneficiary_name" text,
	"beneficiary_relation" text,
	"beneficiary_age" integer,
	"campaigner_id" integer NOT NULL,
	"manager_id" integer,
	"creator_entity_details_id" integer,
	"entity_details_id" integer,
	"cause_id" integer NOT NULL,
	"parent_cause_id" integer NOT NULL,
	"support_campaign_id" integer,
	"is_private" boolean DEFAULT false NOT NULL,
	"pin_hash" text,
	"story_title" text,
	"story_description" text,
	"short_description" text,
	"disease" text,
	"hospital_name" text,
	"patient_number" text,
	"city" text,
	"is_urgent" boolean DEFAULT false NOT NULL,
	"is_success_story" boolean DEFAULT false NOT NULL,
	"trending_score" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(short_description, '') || ' ' || coalesce(beneficiary_name, '') || ' ' || coalesce(city, ''))) STORED,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text,
	"email" text,
	"extension" text,
	"phone" text,
	"page" text,
	"mail_to" text,
	"user_id" integer,
	"about" text,
	"query_type" text,
	"type" text,
	"subject" text,
	"cause" text,
	"city" text,
	"utm" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"account" text NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"request_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"cart_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" integer,
	"subscription_id" integer,
	"payment_mode" text NOT NULL,
	"payment_mode_value" text,
	"payment_gateway" text NOT NULL,
	"iso_currency" char(3) NOT NULL,
	"donated_amount_minor" bigint NOT NULL,
	"tip_amount_minor" bigint DEFAULT 0 NOT NULL,
	"credited_amount_minor" bigint NOT NULL,
	"charged" boolean DEFAULT false NOT NULL,
	"status" "order_status" DEFAULT 'created' NOT NULL,
	"idempotency_key" text,
	"gateway_order_id" text,
	"gateway_payment_id" text,
	"pg_txn_id" text,
	"vpa" text,
	"origin" text,
	"url" text,
	"params" jsonb,
	"checksum" text,
	"failure_reason" text,
	"utm" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" "outbox_channel" NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"order_id" text,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"fundraiser_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"currency" char(3) DEFAULT 'INR' NOT NULL,
	"min_amount_minor" bigint NOT NULL,
	"quantity" integer,
	"claimed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer,
	"sip_cause" text NOT NULL,
	"currency" char(3) DEFAULT 'INR' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status_flag" smallint DEFAULT 1 NOT NULL,
	"frequency" text DEFAULT 'monthly' NOT NULL,
	"payment_gateway" text,
	"mandate_id" text,
	"next_payment_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_name" text NOT NULL,
	"event_type" text,
	"event_type_id" text,
	"page_name" text,
	"info_1" text,
	"info_2" text,
	"info_3" text,
	"info_4" text,
	"referrer_page" text,
	"device" text,
	"entity_id" text,
	"utm" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "update_likes" (
	"update_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_likes_update_id_user_id_pk" PRIMARY KEY("update_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"fundraiser_id" integer NOT NULL,
	"author_id" integer,
	"title" text,
	"body_html" text NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_1" text,
	"extension" text,
	"pincode" text,
	"entity_type" "entity_type" DEFAULT 'individual' NOT NULL,
	"gender" text,
	"avatar" text,
	"is_hospital" boolean DEFAULT false NOT NULL,
	"is_fos" boolean DEFAULT false NOT NULL,
	"pan_number" text,
	"address_1" text,
	"is_dummy_email" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"registration_source" text DEFAULT 'direct' NOT NULL,
	"is_subscribed" boolean DEFAULT true NOT NULL,
	"social_provider" text,
	"social_subject" text,
	"session_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "white_label_domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"name" text NOT NULL,
	"logo_url" text,
	"favicon_url" text,
	"theme_color" text,
	"analytics_container_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "white_label_domains_host_unique" UNIQUE("host")
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_campaign_id_fundraisers_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."fundraisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_donor_entity_details_id_entity_details_id_fk" FOREIGN KEY ("donor_entity_details_id") REFERENCES "public"."entity_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_update_id_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_details" ADD CONSTRAINT "entity_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_media" ADD CONSTRAINT "fundraiser_media_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_campaigner_id_users_id_fk" FOREIGN KEY ("campaigner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_creator_entity_details_id_entity_details_id_fk" FOREIGN KEY ("creator_entity_details_id") REFERENCES "public"."entity_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_entity_details_id_entity_details_id_fk" FOREIGN KEY ("entity_details_id") REFERENCES "public"."entity_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_cause_id_causes_id_fk" FOREIGN KEY ("cause_id") REFERENCES "public"."causes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_parent_cause_id_causes_id_fk" FOREIGN KEY ("parent_cause_id") REFERENCES "public"."causes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_campaign_id_fundraisers_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."fundraisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_campaign_id_fundraisers_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."fundraisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_likes" ADD CONSTRAINT "update_likes_update_id_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_likes" ADD CONSTRAINT "update_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "updates" ADD CONSTRAINT "updates_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_idx" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "carts_campaign_idx" ON "carts" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "carts_email_idx" ON "carts" USING btree ("donor_email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "causes_slug_idx" ON "causes" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "causes_parent_idx" ON "causes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "comments_fundraiser_idx" ON "comments" USING btree ("fundraiser_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_update_idx" ON "comments" USING btree ("update_id");--> statement-breakpoint
CREATE INDEX "entity_details_user_idx" ON "entity_details" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "fundraiser_media_fundraiser_idx" ON "fundraiser_media" USING btree ("fundraiser_id","kind","position");--> statement-breakpoint
CREATE UNIQUE INDEX "fundraisers_custom_tag_idx" ON "fundraisers" USING btree ("custom_tag");--> statement-breakpoint
CREATE INDEX "fundraisers_trending_idx" ON "fundraisers" USING btree ("status_flag","trending_score" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fundraisers_public_trending_idx" ON "fundraisers" USING btree ("trending_score" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "fundraisers"."is_private" = false;--> statement-breakpoint
CREATE INDEX "fundraisers_cause_idx" ON "fundraisers" USING btree ("cause_id","status_flag","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fundraisers_parent_cause_idx" ON "fundraisers" USING btree ("parent_cause_id","status_flag","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "fundraisers_campaigner_idx" ON "fundraisers" USING btree ("campaigner_id");--> statement-breakpoint
CREATE INDEX "fundraisers_support_idx" ON "fundraisers" USING btree ("support_campaign_id");--> statement-breakpoint
CREATE INDEX "fundraisers_search_idx" ON "fundraisers" USING gin ("search");--> statement-breakpoint
CREATE INDEX "ledger_account_idx" ON "ledger_entries" USING btree ("account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_group_kind_idx" ON "ledger_entries" USING btree ("group_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_request_idx" ON "one_time_codes" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "one_time_codes_dest_idx" ON "one_time_codes" USING btree ("destination","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_id_idx" ON "orders" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_idx" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_gateway_order_idx" ON "orders" USING btree ("payment_gateway","gateway_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_gateway_payment_idx" ON "orders" USING btree ("payment_gateway","gateway_payment_id");--> statement-breakpoint
CREATE INDEX "orders_campaign_status_idx" ON "orders" USING btree ("campaign_id","status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_gateway_event_idx" ON "payment_events" USING btree ("gateway","event_id");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "rewards_fundraiser_idx" ON "rewards" USING btree ("fundraiser_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","status_flag");--> statement-breakpoint
CREATE INDEX "system_events_name_idx" ON "system_events" USING btree ("event_name","created_at");--> statement-breakpoint
CREATE INDEX "updates_fundraiser_idx" ON "updates" USING btree ("fundraiser_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_phone_idx" ON "users" USING btree ("phone_1");--> statement-breakpoint
CREATE UNIQUE INDEX "users_social_idx" ON "users" USING btree ("social_provider","social_subject");
CREATE TABLE "sandbox_payments" (
	"gateway_order_id" text PRIMARY KEY NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"payment_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE "entity_details" ADD COLUMN "registration_80g_issued_on" date;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;
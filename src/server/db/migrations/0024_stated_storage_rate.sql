ALTER TABLE "estimates" ADD COLUMN "storage_terms_stated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "stated_storage_rate_cents" integer;
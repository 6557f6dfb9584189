ALTER TYPE "public"."estimate_event_kind" ADD VALUE 'ready_notice';--> statement-breakpoint
CREATE TABLE "lien_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"produced_by" uuid,
	"produced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amount_cents" bigint NOT NULL,
	"storage_from" date NOT NULL,
	"deadline" date NOT NULL,
	"earliest_sale" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "ready_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "storage_from" date;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "storage_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "lien_notices" ADD CONSTRAINT "lien_notices_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lien_notices" ADD CONSTRAINT "lien_notices_produced_by_users_id_fk" FOREIGN KEY ("produced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lien_notices_estimate_idx" ON "lien_notices" USING btree ("estimate_id","produced_at");
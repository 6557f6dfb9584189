CREATE TYPE "public"."estimate_event_kind" AS ENUM('status', 'stage', 'promised_date');--> statement-breakpoint
CREATE TABLE "estimate_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"kind" "estimate_event_kind" NOT NULL,
	"name" text NOT NULL,
	"note" text,
	"internal" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "promised_date" date;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "estimate_events" ADD CONSTRAINT "estimate_events_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_events" ADD CONSTRAINT "estimate_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_events_estimate_idx" ON "estimate_events" USING btree ("estimate_id","created_at");--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_event_id_estimate_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."estimate_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "record_estimate_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A restore loads the events as they were: it must not write them twice.
  IF current_setting('shop.restoring', true) = 'on' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' OR NEW."status" IS DISTINCT FROM OLD."status" THEN
    INSERT INTO "estimate_events" ("estimate_id", "kind", "name", "created_at")
    VALUES (NEW."id", 'status', NEW."status"::text, CASE WHEN TG_OP = 'INSERT' THEN NEW."created_at" ELSE clock_timestamp() END);
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "estimates_status_history" AFTER INSERT OR UPDATE OF "status" ON "estimates"
  FOR EACH ROW EXECUTE FUNCTION "record_estimate_status"();--> statement-breakpoint
INSERT INTO "estimate_events" ("estimate_id", "kind", "name", "created_at")
  SELECT "id", 'status', 'pending', "created_at" FROM "estimates";--> statement-breakpoint
INSERT INTO "estimate_events" ("estimate_id", "kind", "name", "created_at")
  SELECT "id", 'status', "status"::text, "updated_at" FROM "estimates" WHERE "status" <> 'pending';

ALTER TYPE "public"."estimate_event_kind" ADD VALUE 'check_in';--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"odometer" integer NOT NULL,
	"fuel" text,
	"notes" text,
	"keys" text,
	"photos" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repair_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"signer_name" text NOT NULL,
	"signature_png" text NOT NULL,
	"signed_content" text NOT NULL,
	"content_hash" text NOT NULL,
	"signed_by" uuid,
	"at_counter" boolean NOT NULL,
	"ip" text,
	"signed_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"replace_reason" text
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_event_id_estimate_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."estimate_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_authorizations" ADD CONSTRAINT "repair_authorizations_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_authorizations" ADD CONSTRAINT "repair_authorizations_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_ins_estimate_idx" ON "check_ins" USING btree ("estimate_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_authorizations_current_idx" ON "repair_authorizations" USING btree ("estimate_id") WHERE replaced_at is null;
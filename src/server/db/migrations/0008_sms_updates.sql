ALTER TYPE "public"."outbox_kind" ADD VALUE 'sms';--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"stopped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "sms_phone" text;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "sms_opt_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "sms_opt_in_wording" text;
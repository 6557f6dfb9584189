ALTER TYPE "public"."appointment_status" ADD VALUE 'no_show';--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_by_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmed_at" timestamp with time zone;
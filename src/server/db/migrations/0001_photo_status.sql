CREATE TYPE "public"."photo_status" AS ENUM('awaiting_upload', 'ready');--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "status" "photo_status" DEFAULT 'awaiting_upload' NOT NULL;
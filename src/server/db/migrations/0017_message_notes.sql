ALTER TABLE "messages" ADD COLUMN "note_kind" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "note_values" jsonb;
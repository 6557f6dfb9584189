ALTER TABLE "messages" ADD COLUMN "awaiting_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "answered_by" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "answer_message_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_answer_message_id_messages_id_fk" FOREIGN KEY ("answer_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_supplements_pending_idx" ON "estimate_supplements" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "messages_awaiting_reply_idx" ON "messages" USING btree ("estimate_id","created_at") WHERE awaiting_reply;--> statement-breakpoint
-- hand-written:
-- A customer's own message with no later word from the shop's staff in its thread awaits a reply.
-- The notes the app writes in the customer's name when they approve an estimate or answer a
-- supplement are not questions, and are left out by their fixed openings.
UPDATE "messages" AS m SET "awaiting_reply" = true
WHERE m."is_from_admin" = false
  AND m."author_id" IS NOT NULL
  AND m."content" NOT LIKE 'Estimate approved%'
  AND m."content" !~ '^Supplement #[0-9]+ (approved|declined)'
  AND NOT EXISTS (
    SELECT 1 FROM "messages" AS later
    JOIN "users" AS staff ON staff."id" = later."author_id" AND staff."is_admin"
    WHERE later."estimate_id" = m."estimate_id" AND later."created_at" > m."created_at"
  );

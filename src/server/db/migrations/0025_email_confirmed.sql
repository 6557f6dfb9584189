ALTER TABLE "users" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
-- An account that has used a password link sent to its address has shown it reads that mailbox.
UPDATE "users" SET "email_confirmed_at" = "confirmed"."at"
FROM (
  SELECT "user_id", min("used_at") AS "at" FROM "password_tokens" WHERE "used_at" IS NOT NULL GROUP BY "user_id"
) AS "confirmed"
WHERE "confirmed"."user_id" = "users"."id";

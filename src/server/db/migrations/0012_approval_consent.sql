ALTER TYPE "public"."consent_method" ADD VALUE 'email';--> statement-breakpoint
ALTER TYPE "public"."consent_method" ADD VALUE 'text';--> statement-breakpoint
ALTER TABLE "estimate_approvals" ADD COLUMN "consent_method" "consent_method";--> statement-breakpoint
ALTER TABLE "estimate_approvals" ADD COLUMN "consent_name" text;--> statement-breakpoint
ALTER TABLE "estimate_approvals" ADD COLUMN "consent_note" text;--> statement-breakpoint
-- Approvals made before consent was kept: a customer's own approval was given online; a supplement's
-- approval carries the consent its decision recorded. Approvals staff made are left without one.
UPDATE "estimate_approvals" AS a SET "consent_method" = 'online', "consent_name" = coalesce(nullif(trim(concat_ws(' ', u."first_name", u."last_name")), ''), u."email") FROM "users" AS u WHERE u."id" = a."approved_by" AND NOT u."is_admin" AND a."supplement_id" IS NULL;--> statement-breakpoint
UPDATE "estimate_approvals" AS a SET "consent_method" = s."consent_method", "consent_name" = s."consent_name", "consent_note" = s."consent_note" FROM "estimate_supplements" AS s WHERE s."id" = a."supplement_id";

CREATE TYPE "public"."payment_method" AS ENUM('cash', 'check', 'card', 'insurance', 'other');--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "owed_cents" bigint GENERATED ALWAYS AS (case when "status" in ('approved', 'scheduled', 'in_progress', 'completed') and "estimated_amount" > 0
          then greatest(0, coalesce((case when "customer_deductible" is null then "estimated_amount"
            when "customer_deductible" > 0 then "customer_deductible" end) * 100, 0)::bigint - "paid_cents")
          else 0 end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" "payment_method" DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimates_owing_created_idx" ON "estimates" USING btree ("created_at" DESC NULLS LAST) WHERE "estimates"."owed_cents" > 0;--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."status" = 'succeeded';--> statement-breakpoint
-- hand-written:
-- estimates.paid_cents follows the succeeded payments whatever code path writes them (card payments
-- settled by the provider, payments recorded by staff, a restore): the sum is recomputed from the rows.
CREATE OR REPLACE FUNCTION "sum_estimate_paid_cents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "estimates" SET "paid_cents" = (
    SELECT coalesce(sum("amount_cents"), 0) FROM "payments"
    WHERE "payments"."estimate_id" = "estimates"."id" AND "payments"."status" = 'succeeded'
  )
  WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD."estimate_id" ELSE NEW."estimate_id" END
     OR (TG_OP = 'UPDATE' AND "id" = OLD."estimate_id");
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payments_paid_cents" AFTER INSERT OR UPDATE OF "status", "amount_cents", "estimate_id" OR DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "sum_estimate_paid_cents"();--> statement-breakpoint
UPDATE "estimates" SET "paid_cents" = "paid"."cents"
  FROM (SELECT "estimate_id", sum("amount_cents") AS "cents" FROM "payments" WHERE "status" = 'succeeded' GROUP BY "estimate_id") AS "paid"
  WHERE "paid"."estimate_id" = "estimates"."id";

-- Decision 074: queries at ten years of history. pg_trgm lets GIN indexes answer ILIKE '%text%'
-- (it ships with PostgreSQL's contrib, which the embedded PostgreSQL package includes).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "estimate_status_totals" (
	"status" "estimate_status" PRIMARY KEY NOT NULL,
	"estimates" bigint DEFAULT 0 NOT NULL,
	"amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"priced" bigint DEFAULT 0 NOT NULL,
	"priced_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"owing" bigint DEFAULT 0 NOT NULL,
	"owed_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "estimates_status_created_idx";--> statement-breakpoint
DROP INDEX "estimates_created_idx";--> statement-breakpoint
DROP INDEX "estimates_owing_created_idx";--> statement-breakpoint
CREATE INDEX "estimates_created_id_idx" ON "estimates" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "estimates_status_created_id_idx" ON "estimates" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "estimates_active_created_idx" ON "estimates" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "estimates"."status" not in ('completed', 'cancelled');--> statement-breakpoint
CREATE INDEX "estimates_status_updated_idx" ON "estimates" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "estimates_promised_idx" ON "estimates" USING btree ("promised_date") WHERE "estimates"."promised_date" is not null;--> statement-breakpoint
CREATE INDEX "estimates_search_trgm_idx" ON "estimates" USING gin ((coalesce("insurance_company", '') || chr(31) || coalesce("damage_description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((coalesce("first_name" || ' ', '') || coalesce("last_name", '') || chr(31) || coalesce("email", '') || chr(31) || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_search_trgm_idx" ON "vehicles" USING gin ((coalesce("license_plate", '') || chr(31) || coalesce("year"::text || ' ', '') || coalesce("make" || ' ', '') || coalesce("model", '') || chr(31) || coalesce("vin", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vehicles_created_idx" ON "vehicles" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "estimates_owing_created_idx" ON "estimates" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "estimates"."owed_cents" > 0;--> statement-breakpoint
-- estimate_status_totals follows estimates whatever code path writes them (decision 074): each
-- statement adds the rows it inserted and takes away the rows it deleted, by status, in status
-- order (two transactions lock the totals' rows in the same order, so they never deadlock on them);
-- a statement that changes nothing a total counts (most updates) touches no total at all. A restore
-- brings the totals' own rows, so the triggers stand aside then, as the status-history trigger does.
CREATE OR REPLACE FUNCTION "estimate_status_totals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "estimate_status_totals" AS t
    ("status", "estimates", "amount", "priced", "priced_amount", "owing", "owed_cents")
  SELECT * FROM (
    SELECT "status", sum("sign") AS "estimates",
      sum("sign" * coalesce("estimated_amount", 0)) AS "amount",
      coalesce(sum("sign") FILTER (WHERE "estimated_amount" > 0), 0) AS "priced",
      coalesce(sum("sign" * "estimated_amount") FILTER (WHERE "estimated_amount" > 0), 0) AS "priced_amount",
      coalesce(sum("sign") FILTER (WHERE "owed_cents" > 0), 0) AS "owing",
      sum("sign" * "owed_cents") AS "owed_cents"
    FROM (SELECT 1 AS "sign", "status", "estimated_amount", "owed_cents" FROM "new_rows") AS "changes"
    GROUP BY "status"
  ) AS "deltas"
  WHERE ("estimates", "amount", "priced", "priced_amount", "owing", "owed_cents") <> (0, 0, 0, 0, 0, 0)
  ORDER BY "status"
  ON CONFLICT ("status") DO UPDATE SET
    "estimates" = t."estimates" + excluded."estimates",
    "amount" = t."amount" + excluded."amount",
    "priced" = t."priced" + excluded."priced",
    "priced_amount" = t."priced_amount" + excluded."priced_amount",
    "owing" = t."owing" + excluded."owing",
    "owed_cents" = t."owed_cents" + excluded."owed_cents";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "estimate_status_totals_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "estimate_status_totals" AS t
    ("status", "estimates", "amount", "priced", "priced_amount", "owing", "owed_cents")
  SELECT * FROM (
    SELECT "status", sum("sign") AS "estimates",
      sum("sign" * coalesce("estimated_amount", 0)) AS "amount",
      coalesce(sum("sign") FILTER (WHERE "estimated_amount" > 0), 0) AS "priced",
      coalesce(sum("sign" * "estimated_amount") FILTER (WHERE "estimated_amount" > 0), 0) AS "priced_amount",
      coalesce(sum("sign") FILTER (WHERE "owed_cents" > 0), 0) AS "owing",
      sum("sign" * "owed_cents") AS "owed_cents"
    FROM (SELECT 1 AS "sign", "status", "estimated_amount", "owed_cents" FROM "new_rows"
      UNION ALL SELECT -1 AS "sign", "status", "estimated_amount", "owed_cents" FROM "old_rows") AS "changes"
    GROUP BY "status"
  ) AS "deltas"
  WHERE ("estimates", "amount", "priced", "priced_amount", "owing", "owed_cents") <> (0, 0, 0, 0, 0, 0)
  ORDER BY "status"
  ON CONFLICT ("status") DO UPDATE SET
    "estimates" = t."estimates" + excluded."estimates",
    "amount" = t."amount" + excluded."amount",
    "priced" = t."priced" + excluded."priced",
    "priced_amount" = t."priced_amount" + excluded."priced_amount",
    "owing" = t."owing" + excluded."owing",
    "owed_cents" = t."owed_cents" + excluded."owed_cents";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "estimate_status_totals_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.restoring', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "estimate_status_totals" AS t
    ("status", "estimates", "amount", "priced", "priced_amount", "owing", "owed_cents")
  SELECT * FROM (
    SELECT "status", sum("sign") AS "estimates",
      sum("sign" * coalesce("estimated_amount", 0)) AS "amount",
      coalesce(sum("sign") FILTER (WHERE "estimated_amount" > 0), 0) AS "priced",
      coalesce(sum("sign" * "estimated_amount") FILTER (WHERE "estimated_amount" > 0), 0) AS "priced_amount",
      coalesce(sum("sign") FILTER (WHERE "owed_cents" > 0), 0) AS "owing",
      sum("sign" * "owed_cents") AS "owed_cents"
    FROM (SELECT -1 AS "sign", "status", "estimated_amount", "owed_cents" FROM "old_rows") AS "changes"
    GROUP BY "status"
  ) AS "deltas"
  WHERE ("estimates", "amount", "priced", "priced_amount", "owing", "owed_cents") <> (0, 0, 0, 0, 0, 0)
  ORDER BY "status"
  ON CONFLICT ("status") DO UPDATE SET
    "estimates" = t."estimates" + excluded."estimates",
    "amount" = t."amount" + excluded."amount",
    "priced" = t."priced" + excluded."priced",
    "priced_amount" = t."priced_amount" + excluded."priced_amount",
    "owing" = t."owing" + excluded."owing",
    "owed_cents" = t."owed_cents" + excluded."owed_cents";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "estimates_status_totals_insert" AFTER INSERT ON "estimates"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_status_totals_inserted"();--> statement-breakpoint
CREATE TRIGGER "estimates_status_totals_update" AFTER UPDATE ON "estimates"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_status_totals_updated"();--> statement-breakpoint
CREATE TRIGGER "estimates_status_totals_delete" AFTER DELETE ON "estimates"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "estimate_status_totals_deleted"();--> statement-breakpoint
-- A TRUNCATE of estimates (tests, a restore) leaves nothing to count.
CREATE OR REPLACE FUNCTION "estimate_status_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "estimate_status_totals";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "estimates_status_totals_truncate" AFTER TRUNCATE ON "estimates"
  FOR EACH STATEMENT EXECUTE FUNCTION "estimate_status_totals_truncated"();--> statement-breakpoint
INSERT INTO "estimate_status_totals" ("status", "estimates", "amount", "priced", "priced_amount", "owing", "owed_cents")
SELECT "status", count(*), coalesce(sum("estimated_amount"), 0),
  count(*) FILTER (WHERE "estimated_amount" > 0),
  coalesce(sum("estimated_amount") FILTER (WHERE "estimated_amount" > 0), 0),
  count(*) FILTER (WHERE "owed_cents" > 0),
  coalesce(sum("owed_cents"), 0)
FROM "estimates" GROUP BY "status";--> statement-breakpoint
-- The planner's figures for the new indexes and the tables they serve, at once rather than at the
-- next autovacuum: the first page after the upgrade already reads the right index.
ANALYZE "estimates";--> statement-breakpoint
ANALYZE "users";--> statement-breakpoint
ANALYZE "vehicles";--> statement-breakpoint
ANALYZE "estimate_status_totals";

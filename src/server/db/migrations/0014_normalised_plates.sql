DROP INDEX "vehicles_plate_idx";--> statement-breakpoint
CREATE INDEX "vehicles_plate_idx" ON "vehicles" USING btree ("license_plate");--> statement-breakpoint
-- hand-written: plates are stored normalised from now on (decision 064): upper case, without spaces or
-- dashes, as normalizePlate in src/domain/vehicle-identity.ts writes them.
UPDATE "vehicles"
SET "license_plate" = NULLIF(regexp_replace(upper("license_plate"), '[[:space:]-]+', '', 'g'), '')
WHERE "license_plate" IS DISTINCT FROM NULLIF(regexp_replace(upper("license_plate"), '[[:space:]-]+', '', 'g'), '');

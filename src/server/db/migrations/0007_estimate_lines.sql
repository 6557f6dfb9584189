CREATE TYPE "public"."consent_method" AS ENUM('online', 'phone', 'in_person');--> statement-breakpoint
CREATE TYPE "public"."estimate_line_kind" AS ENUM('part', 'labor', 'materials', 'sublet', 'other');--> statement-breakpoint
CREATE TYPE "public"."estimate_line_payer" AS ENUM('insurance', 'customer');--> statement-breakpoint
CREATE TYPE "public"."estimate_line_state" AS ENUM('active', 'proposed', 'withdrawn', 'replaced');--> statement-breakpoint
CREATE TYPE "public"."part_type" AS ENUM('new_oem', 'aftermarket', 'used', 'rebuilt');--> statement-breakpoint
CREATE TYPE "public"."supplement_status" AS ENUM('pending', 'approved', 'declined');--> statement-breakpoint
CREATE TABLE "estimate_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"approved_amount" numeric(12, 2) NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"declined_line_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supplement_id" uuid
);
--> statement-breakpoint
CREATE TABLE "estimate_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"supplement_id" uuid,
	"state" "estimate_line_state" DEFAULT 'active' NOT NULL,
	"position" integer NOT NULL,
	"kind" "estimate_line_kind" NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(7, 2) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"payer" "estimate_line_payer" NOT NULL,
	"part_type" "part_type",
	"optional" boolean DEFAULT false NOT NULL,
	"declined" boolean DEFAULT false NOT NULL,
	"taxable" boolean NOT NULL,
	"replaces_line_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_supplements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"reason" text NOT NULL,
	"status" "supplement_status" DEFAULT 'pending' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"consent_method" "consent_method",
	"consent_name" text,
	"consent_note" text
);
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "tax_rate" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "estimate_approvals" ADD CONSTRAINT "estimate_approvals_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_approvals" ADD CONSTRAINT "estimate_approvals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_approvals" ADD CONSTRAINT "estimate_approvals_supplement_id_estimate_supplements_id_fk" FOREIGN KEY ("supplement_id") REFERENCES "public"."estimate_supplements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_lines" ADD CONSTRAINT "estimate_lines_supplement_id_estimate_supplements_id_fk" FOREIGN KEY ("supplement_id") REFERENCES "public"."estimate_supplements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_supplements" ADD CONSTRAINT "estimate_supplements_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_supplements" ADD CONSTRAINT "estimate_supplements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_supplements" ADD CONSTRAINT "estimate_supplements_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_approvals_estimate_idx" ON "estimate_approvals" USING btree ("estimate_id","approved_at");--> statement-breakpoint
CREATE INDEX "estimate_lines_estimate_idx" ON "estimate_lines" USING btree ("estimate_id","state","position");--> statement-breakpoint
CREATE INDEX "estimate_lines_supplement_idx" ON "estimate_lines" USING btree ("supplement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_supplements_number_unique" ON "estimate_supplements" USING btree ("estimate_id","number");
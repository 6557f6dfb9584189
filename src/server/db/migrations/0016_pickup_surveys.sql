ALTER TYPE "public"."estimate_event_kind" ADD VALUE 'pickup';--> statement-breakpoint
CREATE TABLE "recovery_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"close_note" text,
	CONSTRAINT "recovery_tasks_survey_id_unique" UNIQUE("survey_id")
);
--> statement-breakpoint
CREATE TABLE "surveys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"language" "language" NOT NULL,
	"score" smallint,
	"comment" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "surveys_estimate_id_unique" UNIQUE("estimate_id"),
	CONSTRAINT "surveys_score_range" CHECK ("surveys"."score" between 0 and 10)
);
--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "picked_up_by" uuid;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "pickup_balance_cents" bigint;--> statement-breakpoint
ALTER TABLE "estimates" ADD COLUMN "pickup_note" text;--> statement-breakpoint
ALTER TABLE "recovery_tasks" ADD CONSTRAINT "recovery_tasks_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_tasks" ADD CONSTRAINT "recovery_tasks_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_tasks_open_idx" ON "recovery_tasks" USING btree ("opened_at") WHERE "recovery_tasks"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "surveys_answered_idx" ON "surveys" USING btree ("answered_at") WHERE "surveys"."answered_at" is not null;--> statement-breakpoint
CREATE INDEX "surveys_send_at_idx" ON "surveys" USING btree ("send_at");--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_picked_up_by_users_id_fk" FOREIGN KEY ("picked_up_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
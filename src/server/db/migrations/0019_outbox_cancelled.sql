ALTER TYPE "public"."outbox_status" ADD VALUE 'cancelled';--> statement-breakpoint
-- hand-written: the job queue's own schema (decision 067). pg-boss installs its tables in it at the first start; made here, once, so two servers starting together never race to create it.
CREATE SCHEMA IF NOT EXISTS "job_queue";
CREATE TABLE "rendered_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"language" "language" NOT NULL,
	"content_hash" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rendered_documents" ADD CONSTRAINT "rendered_documents_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rendered_documents_document_idx" ON "rendered_documents" USING btree ("estimate_id","kind","language");
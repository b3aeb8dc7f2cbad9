ALTER TABLE "applicants" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "cover_image_url" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "team_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "rules" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "applicants_client_queue" ON "applicants" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "applicants_application" ON "applicants" USING btree ("application_id","id");--> statement-breakpoint
CREATE INDEX "applications_client" ON "applications" USING btree ("client_id","id");
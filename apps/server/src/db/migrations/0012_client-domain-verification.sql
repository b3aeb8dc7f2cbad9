ALTER TABLE "client_domains" ADD COLUMN "verification_token" text;--> statement-breakpoint
ALTER TABLE "client_domains" ADD COLUMN "verified_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "client_domains" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "client_domains" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "client_domains" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "client_domains_client" ON "client_domains" USING btree ("client_id");
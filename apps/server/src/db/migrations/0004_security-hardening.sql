ALTER TABLE "client_domains" ADD COLUMN "is_primary" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "email_tokens_user" ON "email_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "client_domains_one_primary" ON "client_domains" USING btree ("client_id") WHERE "client_domains"."is_primary";
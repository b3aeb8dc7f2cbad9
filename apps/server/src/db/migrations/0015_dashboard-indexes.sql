CREATE INDEX "applicants_client_id" ON "applicants" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "users_client_id" ON "users" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "users_client_name" ON "users" USING btree ("client_id",lower(coalesce(nullif(trim(coalesce("first_name", '') || ' ' || coalesce("last_name", '')), ''), "email", '')),"id");--> statement-breakpoint
CREATE INDEX "shares_client_shared_at" ON "shares" USING btree ("client_id","shared_at");
CREATE TABLE "user_import_rows" (
	"client_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"email" text NOT NULL,
	"outcome" text NOT NULL,
	"role" text,
	"team_ids" uuid[] DEFAULT '{}' NOT NULL,
	"first_name" text,
	"last_name" text,
	"column" text,
	"message" text,
	"user_id" uuid,
	"emailed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "user_import_rows_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD CONSTRAINT "user_import_rows_import_id_jobs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_import_rows" ADD CONSTRAINT "user_import_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_import_rows_outcome" ON "user_import_rows" USING btree ("import_id","outcome","row");--> statement-breakpoint
CREATE INDEX "user_import_rows_user" ON "user_import_rows" USING btree ("user_id");
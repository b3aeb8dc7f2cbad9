CREATE TABLE "training_time" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "training_time_user_id_activity_id_day_pk" PRIMARY KEY("user_id","activity_id","day")
);
--> statement-breakpoint
ALTER TABLE "training_time" ADD CONSTRAINT "training_time_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_time" ADD CONSTRAINT "training_time_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- report_facts (0013) follows training_time as 'training_seconds' under the training's project, adding what a row
-- gained (or taking back what it lost) on its day.
CREATE OR REPLACE FUNCTION rally_report_training_time() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a record;
BEGIN
  SELECT project_id, type INTO a FROM activities WHERE id = NEW.activity_id;
  PERFORM rally_report_bump(NEW.client_id, NEW.user_id, NEW.day, a.project_id, NEW.activity_id, a.type, '',
    'training_seconds', NEW.seconds - CASE WHEN TG_OP = 'UPDATE' THEN OLD.seconds ELSE 0 END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER training_time_report AFTER INSERT OR UPDATE OF seconds ON training_time
  FOR EACH ROW EXECUTE FUNCTION rally_report_training_time();
--> statement-breakpoint
-- What exists already (nothing when this migration runs; a rebuild of report_facts runs it after 0013's).
SELECT rally_report_bump(t.client_id, t.user_id, t.day, a.project_id, t.activity_id, a.type, '', 'training_seconds',
  t.seconds)
FROM training_time t JOIN activities a ON a.id = t.activity_id;

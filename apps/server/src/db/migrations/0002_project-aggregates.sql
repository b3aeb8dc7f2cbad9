CREATE TABLE "project_progress" (
	"client_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"completed_count" integer DEFAULT 0 NOT NULL,
	"completed_trainings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "project_progress_user_id_project_id_pk" PRIMARY KEY("user_id","project_id")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "activity_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "activity_types" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "points_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "training_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_progress" ADD CONSTRAINT "project_progress_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_progress" ADD CONSTRAINT "project_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keeps projects' activity aggregates and members' progress current whatever writes the rows.
CREATE OR REPLACE FUNCTION rally_refresh_project(pid uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE projects p SET
    activity_count = agg.n, activity_types = agg.types, points_total = agg.pts, training_count = agg.trainings
  FROM (
    SELECT count(*)::int AS n,
      coalesce(array_agg(DISTINCT type ORDER BY type), '{}'::text[]) AS types,
      coalesce(sum(points), 0)::int AS pts,
      (count(*) FILTER (WHERE type = 'training'))::int AS trainings
    FROM activities
    WHERE project_id = pid AND archived_at IS NULL AND client_id = (SELECT client_id FROM projects WHERE id = pid)
  ) agg
  WHERE p.id = pid;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rally_refresh_progress(uid uuid, pid uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO project_progress (client_id, project_id, user_id, completed_count, completed_trainings)
  SELECT p.client_id, pid, uid,
    (count(pa.id) FILTER (WHERE pa.is_complete))::int,
    (count(pa.id) FILTER (WHERE pa.is_complete AND a.type = 'training'))::int
  FROM projects p
  JOIN users u ON u.id = uid
  LEFT JOIN activities a ON a.project_id = p.id AND a.client_id = p.client_id AND a.archived_at IS NULL
  LEFT JOIN participations pa ON pa.activity_id = a.id AND pa.user_id = uid
  WHERE p.id = pid
  GROUP BY p.client_id
  ON CONFLICT (user_id, project_id) DO UPDATE
    SET completed_count = excluded.completed_count, completed_trainings = excluded.completed_trainings;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rally_activities_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM rally_refresh_project(OLD.project_id);
    RETURN OLD;
  END IF;
  PERFORM rally_refresh_project(NEW.project_id);
  IF TG_OP = 'UPDATE' AND (OLD.archived_at IS DISTINCT FROM NEW.archived_at OR OLD.type IS DISTINCT FROM NEW.type) THEN
    PERFORM rally_refresh_progress(pp.user_id, NEW.project_id) FROM project_progress pp WHERE pp.project_id = NEW.project_id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER activities_aggregates AFTER INSERT OR UPDATE OR DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION rally_activities_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rally_participations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_user uuid;
  row_activity uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    row_user := OLD.user_id; row_activity := OLD.activity_id;
  ELSE
    row_user := NEW.user_id; row_activity := NEW.activity_id;
  END IF;
  PERFORM rally_refresh_progress(row_user, a.project_id) FROM activities a WHERE a.id = row_activity;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER participations_progress AFTER INSERT OR UPDATE OR DELETE ON participations
  FOR EACH ROW EXECUTE FUNCTION rally_participations_changed();
--> statement-breakpoint
SELECT rally_refresh_project(id) FROM projects;
--> statement-breakpoint
SELECT rally_refresh_progress(x.user_id, x.project_id)
FROM (SELECT DISTINCT pa.user_id, a.project_id FROM participations pa JOIN activities a ON a.id = pa.activity_id) x;

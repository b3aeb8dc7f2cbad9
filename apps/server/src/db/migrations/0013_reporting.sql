CREATE TABLE "report_exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"report" text NOT NULL,
	"format" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"step" text DEFAULT 'read' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_facts" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"project_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"activity_type" text NOT NULL,
	"network" text NOT NULL,
	"metric" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_facts_user_id_day_project_id_activity_id_network_metric_pk" PRIMARY KEY("user_id","day","project_id","activity_id","network","metric")
);
--> statement-breakpoint
CREATE TABLE "report_subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"report" text NOT NULL,
	"frequency" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_facts" ADD CONSTRAINT "report_facts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_subscriptions" ADD CONSTRAINT "report_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_exports_client" ON "report_exports" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "report_exports_expiry" ON "report_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "report_facts_client_day" ON "report_facts" USING btree ("client_id","day");--> statement-breakpoint
CREATE INDEX "report_subscriptions_client" ON "report_subscriptions" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "report_subscriptions_due" ON "report_subscriptions" USING btree ("next_run_at");--> statement-breakpoint
-- report_facts (admin Reporting, issue 13) follows the points ledger, shares, their clicks and participations
-- whatever writes the rows, like member_daily_metrics (0009) but keyed also by project, activity and network:
-- each trigger takes back what the old row counted and adds what the new one counts, on the UTC day each
-- figure belongs to. A member deleted in the same statement (cascade) gets no row.
CREATE OR REPLACE FUNCTION rally_report_bump(cid uuid, uid uuid, on_day date, pid uuid, aid uuid, atype text,
  net text, key text, delta int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO report_facts (client_id, user_id, day, project_id, activity_id, activity_type, network, metric, value)
  SELECT cid, uid, on_day, coalesce(pid, '00000000-0000-0000-0000-000000000000'),
    coalesce(aid, '00000000-0000-0000-0000-000000000000'), coalesce(atype, ''), coalesce(net, ''), key, delta
  WHERE delta <> 0 AND EXISTS (SELECT 1 FROM users WHERE id = uid)
  ON CONFLICT (user_id, day, project_id, activity_id, network, metric)
  DO UPDATE SET value = report_facts.value + EXCLUDED.value;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rally_report_points() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rally_report_bump(NEW.client_id, NEW.user_id, (NEW.created_at AT TIME ZONE 'UTC')::date,
    NEW.project_id, NULL, '', '', 'points', NEW.points);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER points_ledger_report AFTER INSERT ON points_ledger
  FOR EACH ROW EXECUTE FUNCTION rally_report_points();
--> statement-breakpoint
-- A share counts on the day it was posted (shared_at), under its activity's project and type and its network.
CREATE OR REPLACE FUNCTION rally_report_shares() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  a record;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.shared_at IS NOT NULL THEN
    SELECT project_id, type INTO a FROM activities WHERE id = OLD.activity_id;
    IF FOUND THEN
      PERFORM rally_report_bump(OLD.client_id, OLD.user_id, (OLD.shared_at AT TIME ZONE 'UTC')::date,
        a.project_id, OLD.activity_id, a.type, OLD.channel, 'shares', -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.shared_at IS NOT NULL THEN
    SELECT project_id, type INTO a FROM activities WHERE id = NEW.activity_id;
    IF FOUND THEN
      PERFORM rally_report_bump(NEW.client_id, NEW.user_id, (NEW.shared_at AT TIME ZONE 'UTC')::date,
        a.project_id, NEW.activity_id, a.type, NEW.channel, 'shares', 1);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shares_report AFTER INSERT OR UPDATE OF shared_at, channel, user_id, activity_id OR DELETE ON shares
  FOR EACH ROW EXECUTE FUNCTION rally_report_shares();
--> statement-breakpoint
-- A unique visitor of a member's link counts on the day of the visit, under the share's activity and network. A
-- deleted share takes its clicks back before the cascade removes them (those rows then find no share).
CREATE OR REPLACE FUNCTION rally_report_share_clicks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
  s record;
BEGIN
  IF TG_OP = 'DELETE' THEN c := OLD; ELSE c := NEW; END IF;
  SELECT sh.user_id, sh.activity_id, sh.channel, a.project_id, a.type INTO s
    FROM shares sh JOIN activities a ON a.id = sh.activity_id WHERE sh.id = c.share_id;
  IF FOUND THEN
    PERFORM rally_report_bump(c.client_id, s.user_id, (c.created_at AT TIME ZONE 'UTC')::date, s.project_id,
      s.activity_id, s.type, s.channel, 'clicks', CASE WHEN TG_OP = 'DELETE' THEN -1 ELSE 1 END);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER share_clicks_report AFTER INSERT OR DELETE ON share_clicks
  FOR EACH ROW EXECUTE FUNCTION rally_report_share_clicks();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rally_report_share_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rally_report_bump(OLD.client_id, OLD.user_id, d.day, a.project_id, OLD.activity_id, a.type,
    OLD.channel, 'clicks', -d.n)
  FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
    FROM share_clicks WHERE share_id = OLD.id GROUP BY 1) d
  JOIN activities a ON a.id = OLD.activity_id;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shares_report_clicks BEFORE DELETE ON shares
  FOR EACH ROW EXECUTE FUNCTION rally_report_share_deleted();
--> statement-breakpoint
-- A completed participation counts on the day it was completed (reviewed, else last changed); a completed quiz
-- adds its correct answers and questions, so a report shows the average score.
CREATE OR REPLACE FUNCTION rally_report_participation(p participations, sign int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  a record;
  on_day date := (coalesce(p.reviewed_at, p.updated_at) AT TIME ZONE 'UTC')::date;
BEGIN
  IF NOT p.is_complete THEN RETURN; END IF;
  SELECT project_id, type INTO a FROM activities WHERE id = p.activity_id;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM rally_report_bump(p.client_id, p.user_id, on_day, a.project_id, p.activity_id, a.type, '',
    'completions', sign);
  IF jsonb_typeof(p.data->'total') = 'number' AND jsonb_typeof(p.data->'correct') = 'number' THEN
    PERFORM rally_report_bump(p.client_id, p.user_id, on_day, a.project_id, p.activity_id, a.type, '',
      'quiz_correct', sign * (p.data->>'correct')::int);
    PERFORM rally_report_bump(p.client_id, p.user_id, on_day, a.project_id, p.activity_id, a.type, '',
      'quiz_total', sign * (p.data->>'total')::int);
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rally_report_participations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM rally_report_participation(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM rally_report_participation(NEW, 1); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER participations_report
  AFTER INSERT OR UPDATE OF is_complete, reviewed_at, updated_at, activity_id, user_id, data OR DELETE
  ON participations FOR EACH ROW EXECUTE FUNCTION rally_report_participations();
--> statement-breakpoint
-- What exists already.
INSERT INTO report_facts (client_id, user_id, day, project_id, activity_id, activity_type, network, metric, value)
SELECT client_id, user_id, day, project_id, activity_id, activity_type, network, metric, sum(value)::int FROM (
  SELECT client_id, user_id, (created_at AT TIME ZONE 'UTC')::date AS day,
    coalesce(project_id, '00000000-0000-0000-0000-000000000000') AS project_id,
    '00000000-0000-0000-0000-000000000000'::uuid AS activity_id, '' AS activity_type, '' AS network,
    'points' AS metric, points AS value
    FROM points_ledger
  UNION ALL
  SELECT s.client_id, s.user_id, (s.shared_at AT TIME ZONE 'UTC')::date, a.project_id, s.activity_id, a.type,
    s.channel, 'shares', 1
    FROM shares s JOIN activities a ON a.id = s.activity_id WHERE s.shared_at IS NOT NULL
  UNION ALL
  SELECT c.client_id, s.user_id, (c.created_at AT TIME ZONE 'UTC')::date, a.project_id, s.activity_id, a.type,
    s.channel, 'clicks', 1
    FROM share_clicks c JOIN shares s ON s.id = c.share_id JOIN activities a ON a.id = s.activity_id
  UNION ALL
  SELECT pa.client_id, pa.user_id, (coalesce(pa.reviewed_at, pa.updated_at) AT TIME ZONE 'UTC')::date,
    a.project_id, pa.activity_id, a.type, '', m.metric, m.value
    FROM participations pa JOIN activities a ON a.id = pa.activity_id
    CROSS JOIN LATERAL (VALUES ('completions', 1),
      ('quiz_correct', CASE WHEN jsonb_typeof(pa.data->'correct') = 'number' AND jsonb_typeof(pa.data->'total') = 'number'
        THEN (pa.data->>'correct')::int ELSE 0 END),
      ('quiz_total', CASE WHEN jsonb_typeof(pa.data->'correct') = 'number' AND jsonb_typeof(pa.data->'total') = 'number'
        THEN (pa.data->>'total')::int ELSE 0 END)) m(metric, value)
    WHERE pa.is_complete
) src
GROUP BY client_id, user_id, day, project_id, activity_id, activity_type, network, metric
HAVING sum(value) <> 0;

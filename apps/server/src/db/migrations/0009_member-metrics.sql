CREATE TABLE "member_daily_metrics" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_daily_metrics_user_id_day_metric_pk" PRIMARY KEY("user_id","day","metric")
);
--> statement-breakpoint
ALTER TABLE "member_daily_metrics" ADD CONSTRAINT "member_daily_metrics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_daily_metrics_client_day" ON "member_daily_metrics" USING btree ("client_id","day");--> statement-breakpoint
-- member_daily_metrics (My Metrics, issue 13) follows the points ledger, shares, their clicks, participations and
-- active time whatever writes the rows: each trigger takes back what the old row counted and adds what the new
-- one counts, on the UTC day each figure belongs to. A member deleted in the same statement (cascade) gets no row.
CREATE OR REPLACE FUNCTION rally_metric_bump(cid uuid, uid uuid, on_day date, key text, delta int) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO member_daily_metrics (client_id, user_id, day, metric, value)
  SELECT cid, uid, on_day, key, delta WHERE delta <> 0 AND EXISTS (SELECT 1 FROM users WHERE id = uid)
  ON CONFLICT (user_id, day, metric) DO UPDATE SET value = member_daily_metrics.value + EXCLUDED.value;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rally_metrics_points() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rally_metric_bump(NEW.client_id, NEW.user_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 'points',
    NEW.points);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER points_ledger_metrics AFTER INSERT ON points_ledger
  FOR EACH ROW EXECUTE FUNCTION rally_metrics_points();
--> statement-breakpoint
-- A share counts on the day it was posted (shared_at), under its network.
CREATE OR REPLACE FUNCTION rally_metrics_shares() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.shared_at IS NOT NULL THEN
    PERFORM rally_metric_bump(OLD.client_id, OLD.user_id, (OLD.shared_at AT TIME ZONE 'UTC')::date,
      'shares:' || OLD.channel, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.shared_at IS NOT NULL THEN
    PERFORM rally_metric_bump(NEW.client_id, NEW.user_id, (NEW.shared_at AT TIME ZONE 'UTC')::date,
      'shares:' || NEW.channel, 1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shares_metrics AFTER INSERT OR UPDATE OF shared_at, channel, user_id OR DELETE ON shares
  FOR EACH ROW EXECUTE FUNCTION rally_metrics_shares();
--> statement-breakpoint
-- A unique visitor of a member's link counts on the day of the visit. A deleted share takes its clicks back
-- before the cascade removes them (the cascade's own rows then find no share and change nothing).
CREATE OR REPLACE FUNCTION rally_metrics_share_clicks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT user_id INTO owner FROM shares WHERE id = OLD.share_id;
    IF owner IS NOT NULL THEN
      PERFORM rally_metric_bump(OLD.client_id, owner, (OLD.created_at AT TIME ZONE 'UTC')::date, 'clicks', -1);
    END IF;
  ELSE
    SELECT user_id INTO owner FROM shares WHERE id = NEW.share_id;
    IF owner IS NOT NULL THEN
      PERFORM rally_metric_bump(NEW.client_id, owner, (NEW.created_at AT TIME ZONE 'UTC')::date, 'clicks', 1);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER share_clicks_metrics AFTER INSERT OR DELETE ON share_clicks
  FOR EACH ROW EXECUTE FUNCTION rally_metrics_share_clicks();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rally_metrics_share_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rally_metric_bump(OLD.client_id, OLD.user_id, d.day, 'clicks', -d.n)
  FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n
    FROM share_clicks WHERE share_id = OLD.id GROUP BY 1) d;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shares_metrics_clicks BEFORE DELETE ON shares
  FOR EACH ROW EXECUTE FUNCTION rally_metrics_share_deleted();
--> statement-breakpoint
-- A completed participation counts under its activity type on the day it was completed: reviewed, else last
-- changed. One whose activity is gone keeps its history.
CREATE OR REPLACE FUNCTION rally_metrics_participations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  activity_type text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_complete THEN
    SELECT type INTO activity_type FROM activities WHERE id = OLD.activity_id;
    IF activity_type IS NOT NULL THEN
      PERFORM rally_metric_bump(OLD.client_id, OLD.user_id,
        (coalesce(OLD.reviewed_at, OLD.updated_at) AT TIME ZONE 'UTC')::date, 'activities:' || activity_type, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_complete THEN
    SELECT type INTO activity_type FROM activities WHERE id = NEW.activity_id;
    IF activity_type IS NOT NULL THEN
      PERFORM rally_metric_bump(NEW.client_id, NEW.user_id,
        (coalesce(NEW.reviewed_at, NEW.updated_at) AT TIME ZONE 'UTC')::date, 'activities:' || activity_type, 1);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER participations_metrics
  AFTER INSERT OR UPDATE OF is_complete, reviewed_at, updated_at, activity_id, user_id OR DELETE ON participations
  FOR EACH ROW EXECUTE FUNCTION rally_metrics_participations();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rally_metrics_active_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM rally_metric_bump(OLD.client_id, OLD.user_id, OLD.day, 'active_seconds', -OLD.seconds);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM rally_metric_bump(NEW.client_id, NEW.user_id, NEW.day, 'active_seconds', NEW.seconds);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER active_time_metrics AFTER INSERT OR UPDATE OF seconds, day, user_id OR DELETE ON active_time
  FOR EACH ROW EXECUTE FUNCTION rally_metrics_active_time();
--> statement-breakpoint
-- What exists already.
INSERT INTO member_daily_metrics (client_id, user_id, day, metric, value)
SELECT client_id, user_id, day, metric, sum(value)::int FROM (
  SELECT client_id, user_id, (created_at AT TIME ZONE 'UTC')::date AS day, 'points' AS metric, points AS value
    FROM points_ledger
  UNION ALL
  SELECT client_id, user_id, (shared_at AT TIME ZONE 'UTC')::date, 'shares:' || channel, 1
    FROM shares WHERE shared_at IS NOT NULL
  UNION ALL
  SELECT c.client_id, s.user_id, (c.created_at AT TIME ZONE 'UTC')::date, 'clicks', 1
    FROM share_clicks c JOIN shares s ON s.id = c.share_id
  UNION ALL
  SELECT pa.client_id, pa.user_id, (coalesce(pa.reviewed_at, pa.updated_at) AT TIME ZONE 'UTC')::date,
    'activities:' || a.type, 1
    FROM participations pa JOIN activities a ON a.id = pa.activity_id WHERE pa.is_complete
  UNION ALL
  SELECT client_id, user_id, day, 'active_seconds', seconds FROM active_time
) src
GROUP BY client_id, user_id, day, metric
HAVING sum(value) <> 0;

CREATE TABLE "badge_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"badge_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"tier" smallint DEFAULT 0 NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badge_progress" (
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "badge_progress_user_id_metric_pk" PRIMARY KEY("user_id","metric")
);
--> statement-breakpoint
ALTER TABLE "user_badges" DROP CONSTRAINT "user_badges_badge_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "criterion" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "activity_type" text;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "thresholds" integer[] DEFAULT '{1}' NOT NULL;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "recompute_total" integer;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "recompute_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_badges" ADD COLUMN "tier" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_badges" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "user_badges" ADD COLUMN "awarded_by" uuid;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_badge_id_user_id_tier_pk" PRIMARY KEY("badge_id","user_id","tier");--> statement-breakpoint
ALTER TABLE "badge_events" ADD CONSTRAINT "badge_events_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_events" ADD CONSTRAINT "badge_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badge_progress" ADD CONSTRAINT "badge_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "badge_events_user" ON "badge_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "badge_events_badge" ON "badge_events" USING btree ("badge_id","id");--> statement-breakpoint
CREATE INDEX "badges_client" ON "badges" USING btree ("client_id","position");--> statement-breakpoint
-- Badge counters (badge_progress) follow participations and shares whatever writes the rows, and every change that
-- can award or revoke a badge enqueues a durable 'badges.evaluate' job for the member, in the same transaction.
-- A member deleted in the same statement (cascade) gets no row.
CREATE OR REPLACE FUNCTION rally_badge_bump(cid uuid, uid uuid, key text, delta int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO badge_progress (client_id, user_id, metric, value)
  SELECT cid, uid, key, delta WHERE EXISTS (SELECT 1 FROM users WHERE id = uid)
  ON CONFLICT (user_id, metric) DO UPDATE SET value = badge_progress.value + EXCLUDED.value;
$$;
--> statement-breakpoint
-- Only for clients with a badge awarded by a criterion: others get no jobs.
CREATE OR REPLACE FUNCTION rally_badge_enqueue(cid uuid, uid uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO jobs (id, kind, payload)
  SELECT rally_uuidv7(), 'badges.evaluate', jsonb_build_object('clientId', cid, 'userId', uid)
  WHERE EXISTS (SELECT 1 FROM badges WHERE client_id = cid AND archived_at IS NULL AND criterion <> 'manual');
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rally_badges_participations() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta int := 0;
  row_client uuid;
  row_user uuid;
  row_activity uuid;
  activity_type text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_complete THEN delta := delta - 1; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_complete THEN delta := delta + 1; END IF;
  IF TG_OP = 'DELETE' THEN
    row_client := OLD.client_id; row_user := OLD.user_id; row_activity := OLD.activity_id;
  ELSE
    row_client := NEW.client_id; row_user := NEW.user_id; row_activity := NEW.activity_id;
  END IF;
  IF delta <> 0 THEN
    PERFORM rally_badge_bump(row_client, row_user, 'activities', delta);
    SELECT type INTO activity_type FROM activities WHERE id = row_activity;
    IF activity_type IS NOT NULL THEN
      PERFORM rally_badge_bump(row_client, row_user, 'activities:' || activity_type, delta);
    END IF;
    PERFORM rally_badge_enqueue(row_client, row_user);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER participations_badges AFTER INSERT OR UPDATE OF is_complete OR DELETE ON participations
  FOR EACH ROW EXECUTE FUNCTION rally_badges_participations();
--> statement-breakpoint
-- A share counts once posted (shared_at set); clicks follow shares.clicks (unique visitors of its link).
CREATE OR REPLACE FUNCTION rally_badges_shares() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shared int := 0;
  clicked int := 0;
  row_client uuid;
  row_user uuid;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    shared := shared - (OLD.shared_at IS NOT NULL)::int;
    clicked := clicked - OLD.clicks;
    row_client := OLD.client_id; row_user := OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    shared := shared + (NEW.shared_at IS NOT NULL)::int;
    clicked := clicked + NEW.clicks;
    row_client := NEW.client_id; row_user := NEW.user_id;
  END IF;
  IF shared <> 0 THEN PERFORM rally_badge_bump(row_client, row_user, 'shares', shared); END IF;
  IF clicked <> 0 THEN PERFORM rally_badge_bump(row_client, row_user, 'clicks', clicked); END IF;
  IF shared <> 0 OR clicked <> 0 THEN PERFORM rally_badge_enqueue(row_client, row_user); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shares_badges AFTER INSERT OR UPDATE OF shared_at, clicks OR DELETE ON shares
  FOR EACH ROW EXECUTE FUNCTION rally_badges_shares();
--> statement-breakpoint
-- Points and streak badges read the leaderboard rollups; each ledger row asks for an evaluation.
CREATE OR REPLACE FUNCTION rally_badges_points() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rally_badge_enqueue(NEW.client_id, NEW.user_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER points_ledger_badges AFTER INSERT ON points_ledger
  FOR EACH ROW EXECUTE FUNCTION rally_badges_points();
--> statement-breakpoint
-- Counters of what exists already.
INSERT INTO badge_progress (client_id, user_id, metric, value)
SELECT pa.client_id, pa.user_id, m.metric, count(*)::int
FROM participations pa JOIN activities a ON a.id = pa.activity_id
CROSS JOIN LATERAL (VALUES ('activities'), ('activities:' || a.type)) AS m(metric)
WHERE pa.is_complete
GROUP BY pa.client_id, pa.user_id, m.metric;
--> statement-breakpoint
INSERT INTO badge_progress (client_id, user_id, metric, value)
SELECT client_id, user_id, 'shares', count(*)::int FROM shares WHERE shared_at IS NOT NULL GROUP BY client_id, user_id;
--> statement-breakpoint
INSERT INTO badge_progress (client_id, user_id, metric, value)
SELECT client_id, user_id, 'clicks', sum(clicks)::int FROM shares GROUP BY client_id, user_id HAVING sum(clicks) > 0;

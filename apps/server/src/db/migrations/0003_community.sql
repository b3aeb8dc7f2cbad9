CREATE TABLE "leaderboard_points" (
	"client_id" uuid NOT NULL,
	"period" text NOT NULL,
	"period_start" date NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "leaderboard_points_client_id_period_period_start_project_id_user_id_pk" PRIMARY KEY("client_id","period","period_start","project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_held" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"push_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"team_id" uuid,
	"kind" text DEFAULT 'post' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"link" jsonb,
	"source_id" uuid,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pinned_at" timestamp with time zone,
	"status" text DEFAULT 'published' NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"reaction_count" integer DEFAULT 0 NOT NULL,
	"edited_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"device_id" uuid,
	"sender" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"client_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reactions_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "safety_rules" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"phrase" text NOT NULL,
	"normalized" text NOT NULL,
	"kind" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_settings" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"flag_action" text DEFAULT 'publish' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "leaderboard_points" ADD CONSTRAINT "leaderboard_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_rules" ADD CONSTRAINT "safety_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_settings" ADD CONSTRAINT "safety_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_points_rank" ON "leaderboard_points" USING btree ("client_id","period","period_start","project_id","points" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE INDEX "comments_post" ON "comments" USING btree ("post_id","id");--> statement-breakpoint
CREATE INDEX "moderation_items_queue" ON "moderation_items" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "moderation_items_target" ON "moderation_items" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE INDEX "posts_feed" ON "posts" USING btree ("client_id","id") WHERE status = 'published';--> statement-breakpoint
CREATE INDEX "posts_author" ON "posts" USING btree ("author_id","id");--> statement-breakpoint
CREATE INDEX "posts_team" ON "posts" USING btree ("team_id","id") WHERE team_id is not null;--> statement-breakpoint
CREATE INDEX "posts_pinned" ON "posts" USING btree ("client_id") WHERE pinned_at is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_source" ON "posts" USING btree ("client_id","kind","source_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_notification" ON "push_deliveries" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "reactions_user" ON "reactions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_rules_phrase" ON "safety_rules" USING btree ("client_id","normalized");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_unread" ON "notifications" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
-- Keeps leaderboard_points (per member, period and project) in step with the append-only points ledger.
CREATE OR REPLACE FUNCTION rally_rollup_points() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  day date := (NEW.created_at AT TIME ZONE 'UTC')::date;
  starts date[] := ARRAY[date_trunc('week', day)::date, date_trunc('month', day)::date, DATE '1970-01-01'];
  periods text[] := ARRAY['week', 'month', 'all'];
  i int;
BEGIN
  FOR i IN 1..3 LOOP
    INSERT INTO leaderboard_points (client_id, period, period_start, project_id, user_id, points)
    VALUES (NEW.client_id, periods[i], starts[i], '00000000-0000-0000-0000-000000000000', NEW.user_id, NEW.points)
    ON CONFLICT (client_id, period, period_start, project_id, user_id)
    DO UPDATE SET points = leaderboard_points.points + EXCLUDED.points;
    IF NEW.project_id IS NOT NULL THEN
      INSERT INTO leaderboard_points (client_id, period, period_start, project_id, user_id, points)
      VALUES (NEW.client_id, periods[i], starts[i], NEW.project_id, NEW.user_id, NEW.points)
      ON CONFLICT (client_id, period, period_start, project_id, user_id)
      DO UPDATE SET points = leaderboard_points.points + EXCLUDED.points;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER points_ledger_rollup AFTER INSERT ON points_ledger
  FOR EACH ROW EXECUTE FUNCTION rally_rollup_points();
--> statement-breakpoint
-- Earlier awards: their project, from the participation they came from, then their rollups.
UPDATE points_ledger l SET project_id = a.project_id
  FROM participations pa JOIN activities a ON a.id = pa.activity_id
  WHERE l.source = 'participation:' || pa.id::text AND l.project_id IS NULL;
--> statement-breakpoint
INSERT INTO leaderboard_points (client_id, period, period_start, project_id, user_id, points)
SELECT l.client_id, p.period,
  CASE p.period WHEN 'week' THEN date_trunc('week', (l.created_at AT TIME ZONE 'UTC')::date)::date
    WHEN 'month' THEN date_trunc('month', (l.created_at AT TIME ZONE 'UTC')::date)::date
    ELSE DATE '1970-01-01' END,
  pr.project_id, l.user_id, sum(l.points)::int
FROM points_ledger l
CROSS JOIN (VALUES ('week'), ('month'), ('all')) AS p(period)
CROSS JOIN LATERAL (SELECT '00000000-0000-0000-0000-000000000000'::uuid AS project_id
  UNION ALL SELECT l.project_id WHERE l.project_id IS NOT NULL) pr
GROUP BY 1, 2, 3, 4, 5;

ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "slug" text;--> statement-breakpoint
CREATE INDEX "audit_log_client" ON "audit_log" USING btree ("client_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "clients_slug" ON "clients" USING btree (lower("slug"));--> statement-breakpoint
-- users.last_active_at (the admin list's "last active") follows active_time, whoever writes it (the time ping, seeds).
CREATE OR REPLACE FUNCTION users_last_active_from_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET last_active_at = NEW.last_ping_at
  WHERE id = NEW.user_id AND (last_active_at IS NULL OR last_active_at < NEW.last_ping_at);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER active_time_last_active AFTER INSERT OR UPDATE OF last_ping_at ON active_time
  FOR EACH ROW EXECUTE FUNCTION users_last_active_from_time();--> statement-breakpoint
UPDATE users u SET last_active_at = t.last_ping_at
  FROM (SELECT user_id, max(last_ping_at) AS last_ping_at FROM active_time GROUP BY user_id) t
  WHERE t.user_id = u.id;

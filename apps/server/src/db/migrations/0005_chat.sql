DROP TABLE "chat_members" CASCADE;--> statement-breakpoint
DROP TABLE "chat_messages" CASCADE;--> statement-breakpoint
DROP TABLE "chat_threads" CASCADE;--> statement-breakpoint
CREATE TABLE "chat_canned_replies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text,
	"team_id" uuid,
	"project_id" uuid,
	"member_id" uuid,
	"direct_key" text,
	"created_by" uuid,
	"archived_at" timestamp with time zone,
	"activity_id" uuid NOT NULL,
	"last_message_id" uuid,
	"assignee_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"staff_read_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_members" (
	"client_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_read_message_id" uuid,
	"muted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_id" uuid,
	"client_message_id" uuid,
	"body" text DEFAULT '' NOT NULL,
	"mentions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"link" jsonb,
	"quote_id" uuid,
	"status" text DEFAULT 'published' NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"last_reply_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', body)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_reactions" (
	"client_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reactions_message_id_user_id_emoji_pk" PRIMARY KEY("message_id","user_id","emoji")
);
--> statement-breakpoint
CREATE TABLE "chat_thread_reads" (
	"client_id" uuid NOT NULL,
	"root_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"last_read_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_thread_reads_root_id_user_id_pk" PRIMARY KEY("root_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_canned_replies" ADD CONSTRAINT "chat_canned_replies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_canned_replies" ADD CONSTRAINT "chat_canned_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_members" ADD CONSTRAINT "chat_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_parent_id_chat_messages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_quote_id_chat_messages_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_notes" ADD CONSTRAINT "chat_notes_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_notes" ADD CONSTRAINT "chat_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reactions" ADD CONSTRAINT "chat_reactions_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reactions" ADD CONSTRAINT "chat_reactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_thread_reads" ADD CONSTRAINT "chat_thread_reads_root_id_chat_messages_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_thread_reads" ADD CONSTRAINT "chat_thread_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_thread_reads" ADD CONSTRAINT "chat_thread_reads_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_canned_replies_client" ON "chat_canned_replies" USING btree ("client_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_team" ON "chat_conversations" USING btree ("team_id") WHERE team_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_project" ON "chat_conversations" USING btree ("project_id") WHERE project_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_brand" ON "chat_conversations" USING btree ("member_id") WHERE kind = 'brand';--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_direct" ON "chat_conversations" USING btree ("client_id","direct_key") WHERE direct_key is not null;--> statement-breakpoint
CREATE INDEX "chat_conversations_inbox" ON "chat_conversations" USING btree ("client_id","status","activity_id") WHERE kind = 'brand';--> statement-breakpoint
CREATE INDEX "chat_members_user" ON "chat_members" USING btree ("user_id","conversation_id");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation" ON "chat_messages" USING btree ("conversation_id","id") WHERE parent_id is null;--> statement-breakpoint
CREATE INDEX "chat_messages_thread" ON "chat_messages" USING btree ("parent_id","id") WHERE parent_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_message" ON "chat_messages" USING btree ("author_id","client_message_id") WHERE client_message_id is not null;--> statement-breakpoint
CREATE INDEX "chat_messages_search" ON "chat_messages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "chat_notes_conversation" ON "chat_notes" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_thread_reads_user" ON "chat_thread_reads" USING btree ("user_id");--> statement-breakpoint
-- A UUIDv7 made in SQL (PostgreSQL 18 has uuidv7(); 15, which CI runs, has not): ids made by the triggers below
-- sort by creation time like every id the app makes.
CREATE OR REPLACE FUNCTION rally_uuidv7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid;
$$;
--> statement-breakpoint
-- Team channels: one per team, made with the team, whatever writes the row.
CREATE OR REPLACE FUNCTION rally_chat_team_created() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cid uuid := rally_uuidv7();
BEGIN
  INSERT INTO chat_conversations (id, client_id, kind, team_id, activity_id)
  VALUES (cid, NEW.client_id, 'team', NEW.id, cid)
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_team_created AFTER INSERT ON teams FOR EACH ROW EXECUTE FUNCTION rally_chat_team_created();
--> statement-breakpoint
-- A channel's members follow its team's or project's members both ways. A newcomer starts with the history read.
CREATE OR REPLACE FUNCTION rally_chat_channel_joined(conv uuid, uid uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO chat_members (client_id, conversation_id, user_id, last_read_message_id)
  SELECT c.client_id, c.id, uid,
    (SELECT m.id FROM chat_messages m WHERE m.conversation_id = c.id AND m.parent_id IS NULL ORDER BY m.id DESC LIMIT 1)
  FROM chat_conversations c
  JOIN users u ON u.id = uid AND u.client_id = c.client_id
  WHERE c.id = conv
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rally_chat_team_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM rally_chat_channel_joined(c.id, NEW.user_id) FROM chat_conversations c
      WHERE c.team_id = NEW.team_id AND c.client_id = NEW.client_id;
    RETURN NEW;
  END IF;
  DELETE FROM chat_members cm USING chat_conversations c
    WHERE c.id = cm.conversation_id AND c.team_id = OLD.team_id AND cm.user_id = OLD.user_id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_team_members_changed AFTER INSERT OR DELETE ON team_members
  FOR EACH ROW EXECUTE FUNCTION rally_chat_team_members_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rally_chat_project_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM rally_chat_channel_joined(c.id, NEW.user_id) FROM chat_conversations c
      WHERE c.project_id = NEW.project_id AND c.client_id = NEW.client_id;
    RETURN NEW;
  END IF;
  DELETE FROM chat_members cm USING chat_conversations c
    WHERE c.id = cm.conversation_id AND c.project_id = OLD.project_id AND cm.user_id = OLD.user_id;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_project_members_changed AFTER INSERT OR DELETE ON project_members
  FOR EACH ROW EXECUTE FUNCTION rally_chat_project_members_changed();
--> statement-breakpoint
-- Channels of the teams that exist already, with their members.
INSERT INTO chat_conversations (id, client_id, kind, team_id, activity_id)
  SELECT x.cid, x.client_id, 'team', x.team_id, x.cid
  FROM (SELECT rally_uuidv7() AS cid, t.client_id, t.id AS team_id FROM teams t) x
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO chat_members (client_id, conversation_id, user_id)
  SELECT c.client_id, c.id, tm.user_id
  FROM chat_conversations c JOIN team_members tm ON tm.team_id = c.team_id AND tm.client_id = c.client_id
  WHERE c.kind = 'team'
  ON CONFLICT DO NOTHING;

CREATE TABLE "sso_connections" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"protocol" text DEFAULT 'oidc' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"mode" text DEFAULT 'optional' NOT NULL,
	"display_name" text NOT NULL,
	"issuer" text NOT NULL,
	"oidc_client_id" text NOT NULL,
	"client_secret" text,
	"scopes" text DEFAULT 'openid email profile' NOT NULL,
	"allow_sign_up" boolean DEFAULT true NOT NULL,
	"email_domains" text[] DEFAULT '{}' NOT NULL,
	"claims" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"group_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"break_glass_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_flows" (
	"client_id" uuid NOT NULL,
	"state_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_flows_client_id_state_hash_pk" PRIMARY KEY("client_id","state_hash")
);
--> statement-breakpoint
CREATE TABLE "sso_identities" (
	"client_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_identities_client_id_issuer_subject_pk" PRIMARY KEY("client_id","issuer","subject")
);
--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_break_glass_user_id_users_id_fk" FOREIGN KEY ("break_glass_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_flows" ADD CONSTRAINT "sso_flows_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_flows_expires" ON "sso_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_identities_user" ON "sso_identities" USING btree ("client_id","user_id");
import type { Role } from '@rally/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** A user row with what /api/me shows beside it. */
export interface SessionUserRow {
  session_id: string;
  id: string;
  client_id: string;
  email: string | null;
  username: string | null;
  display_username: boolean;
  first_name: string | null;
  last_name: string | null;
  image_url: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  bio: string | null;
  role: Role;
  team_tags: string[];
  contract_id: string | null;
  contract_agreed_at: Date | string | null;
  onboarded_at: Date | string | null;
  email_verified_at: Date | string | null;
  created_at: Date | string;
  is_ghost: boolean;
  applications: { id: string; status: string }[];
  membership: { team_id: string; name: string }[];
}

const USER_WITH_RELATIONS = sql`
  u.id, u.client_id, u.email, u.username, u.display_username, u.first_name, u.last_name, u.image_url,
  u.city, u.state, u.country, u.bio, u.role, u.team_tags, u.contract_id, u.contract_agreed_at,
  u.onboarded_at, u.email_verified_at, u.created_at, u.is_ghost,
  coalesce((select json_agg(json_build_object('id', a.id, 'status', a.status) order by a.id)
            from applicants a where a.user_id = u.id), '[]'::json) as applications,
  coalesce((select json_agg(json_build_object('team_id', tm.team_id, 'name', t.name) order by t.name)
            from team_members tm join teams t on t.id = tm.team_id where tm.user_id = u.id), '[]'::json) as membership`;

/** The active user behind a live session token hash, scoped to the client (one round trip). */
export async function findSessionUser(
  db: Db,
  clientId: string,
  tokenHash: string,
): Promise<SessionUserRow | undefined> {
  const result = await selectRows<SessionUserRow>(
    db,
    sql`
    select s.id as session_id, ${USER_WITH_RELATIONS}
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = ${tokenHash} and s.client_id = ${clientId} and u.client_id = ${clientId}
      and s.revoked_at is null and s.expires_at > now() and u.is_active`,
  );
  return result[0];
}

/** A user of the client with its relations, as /api/me shows it. */
export async function getUserWithRelations(
  db: Db,
  clientId: string,
  userId: string,
): Promise<Omit<SessionUserRow, 'session_id'> | undefined> {
  const result = await selectRows<SessionUserRow>(
    db,
    sql`
    select ${USER_WITH_RELATIONS} from users u where u.id = ${userId} and u.client_id = ${clientId}`,
  );
  return result[0];
}

/** The user of a client with this email (case-insensitive). */
export async function findUserByEmail(db: Db, clientId: string, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row;
}

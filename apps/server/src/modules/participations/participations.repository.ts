import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';

export interface AdminParticipationRow {
  id: string;
  status: 'pending' | 'completed' | 'approved' | 'rejected';
  data: Record<string, unknown>;
  reject_reason: string | null;
  created_at: Date | string;
  reviewed_at: Date | string | null;
  activity_id: string;
  activity_title: string;
  activity_type: string;
  activity_points: number;
  project_id: string;
  project_name: string;
  user_id: string;
  email: string | null;
  username: string | null;
  display_username: boolean;
  first_name: string | null;
  last_name: string | null;
  image_url: string | null;
  share_channel: string | null;
  share_post_url: string | null;
  share_clicks: number | null;
}

export interface ParticipationFilters {
  clientId: string;
  scope: SQL;
  status: string;
  type: string;
  projectId?: string;
  id?: string;
}

/** Participations of the client within the reviewer's scope, newest first, keyset-paginated by id. */
export async function findAdminParticipations(
  db: Db,
  f: ParticipationFilters,
  page: { cursor?: string; limit: number },
): Promise<AdminParticipationRow[]> {
  const conds = [
    sql`pa.client_id = ${f.clientId}`,
    f.scope,
    f.status === 'all' ? undefined : sql`pa.status = ${f.status}`,
    f.type === 'all' ? undefined : sql`a.type = ${f.type}`,
    f.projectId ? sql`a.project_id = ${f.projectId}` : undefined,
    f.id ? sql`pa.id = ${f.id}` : undefined,
    page.cursor ? sql`pa.id < ${page.cursor}` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  return selectRows<AdminParticipationRow>(
    db,
    sql`select pa.id, pa.status, pa.data, pa.reject_reason, pa.created_at, pa.reviewed_at,
          a.id as activity_id, a.title as activity_title, a.type as activity_type, a.points as activity_points,
          p.id as project_id, p.name as project_name,
          u.id as user_id, u.email, u.username, u.display_username, u.first_name, u.last_name, u.image_url,
          s.channel as share_channel, s.post_url as share_post_url, s.clicks as share_clicks
        from participations pa
        join activities a on a.id = pa.activity_id
        join projects p on p.id = a.project_id
        join users u on u.id = pa.user_id
        left join shares s on s.id::text = pa.data->>'share_id'
        where ${sql.join(conds, sql` and `)}
        order by pa.id desc limit ${page.limit}`,
  );
}

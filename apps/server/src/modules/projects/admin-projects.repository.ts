import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';

export interface AdminProjectRow {
  id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  audience: 'open' | 'teams' | 'invite';
  audience_team_ids: string[];
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  archived_at: Date | string | null;
  created_at: Date | string;
  activity_count: number | string;
  member_count: number | string;
}

const COLUMNS = sql`p.id, p.name, p.description, p.image_url, p.audience, p.audience_team_ids, p.starts_at, p.ends_at,
  p.archived_at, p.created_at,
  (select count(*) from activities a where a.project_id = p.id and a.archived_at is null) as activity_count,
  (select count(*) from project_members pm where pm.project_id = p.id) as member_count`;

/** The client's projects for admins, newest first. */
export async function findAdminProjects(db: Db, clientId: string, status: 'current' | 'archived' | 'all') {
  const filter =
    status === 'all'
      ? sql``
      : status === 'archived'
        ? sql`and p.archived_at is not null`
        : sql`and p.archived_at is null`;
  return selectRows<AdminProjectRow>(
    db,
    sql`select ${COLUMNS} from projects p where p.client_id = ${clientId} ${filter} order by p.id desc`,
  );
}

/** One project of the client, archived or not. */
export async function getAdminProject(db: Db, clientId: string, projectId: string) {
  const rows = await selectRows<AdminProjectRow>(
    db,
    sql`select ${COLUMNS} from projects p where p.client_id = ${clientId} and p.id = ${projectId}`,
  );
  return rows[0];
}

export interface AdminActivityRow {
  id: string;
  project_id: string;
  type: string;
  title: string;
  description: string | null;
  points: number;
  config: Record<string, unknown>;
  starts_at: Date | string | null;
  due_at: Date | string | null;
  created_at: Date | string;
  participation_count: number | string;
}

/** Live activities of a project with their participation counts. */
export async function findAdminActivities(db: Db, clientId: string, projectId: string, activityId?: string) {
  const one = activityId ? sql`and a.id = ${activityId}` : sql``;
  return selectRows<AdminActivityRow>(
    db,
    sql`select a.id, a.project_id, a.type, a.title, a.description, a.points, a.config, a.starts_at, a.due_at, a.created_at,
          (select count(*) from participations pa where pa.activity_id = a.id) as participation_count
        from activities a where a.client_id = ${clientId} and a.project_id = ${projectId} and a.archived_at is null ${one}
        order by a.due_at asc nulls last, a.id asc`,
  );
}

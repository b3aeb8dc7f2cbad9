import type { ActivityType } from '@rally/shared';
import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';

/** A project row with the member's aggregates, as the member's queries return it. */
export interface ProjectRow {
  id: string;
  name: string;
  description: string | null;
  image_url: string | null;
  audience: 'open' | 'teams' | 'invite';
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  archived_at: Date | string | null;
  joined: boolean;
  activity_types: ActivityType[] | null;
  activity_count: number | string | null;
  completed_count: number | string | null;
  points: number | string | null;
  has_training: boolean | null;
  pending_trainings: number | string | null;
}

/** Projects of the client the member may see: open ones, their teams', those they are invited to or in. */
export const visibleToMember = (clientId: string, userId: string) => sql`
  p.client_id = ${clientId} and p.archived_at is null and (
    p.audience = 'open'
    or exists (select 1 from project_members pm where pm.project_id = p.id and pm.user_id = ${userId})
    or (p.audience = 'teams' and p.audience_team_ids && array(select team_id from team_members where user_id = ${userId}))
    or (p.audience = 'invite' and exists (select 1 from project_invites pi where pi.project_id = p.id and pi.user_id = ${userId})))`;

const PROJECT_COLUMNS = (userId: string) => sql`
  p.id, p.name, p.description, p.image_url, p.audience, p.starts_at, p.ends_at, p.archived_at,
  exists (select 1 from project_members pm where pm.project_id = p.id and pm.user_id = ${userId}) as joined,
  agg.activity_types, agg.activity_count, agg.completed_count, agg.points, agg.has_training, agg.pending_trainings`;

// Per project: its live activities and how many the member has completed, in one pass over the activities.
const ACTIVITY_AGGREGATES = (clientId: string, userId: string) => sql`
  left join lateral (
    select array_agg(distinct a.type) as activity_types, count(*) as activity_count,
      count(*) filter (where pa.is_complete) as completed_count, coalesce(sum(a.points), 0) as points,
      bool_or(a.type = 'training') as has_training,
      count(*) filter (where a.type = 'training' and pa.is_complete is not true) as pending_trainings
    from activities a
    left join participations pa on pa.activity_id = a.id and pa.user_id = ${userId}
    where a.project_id = p.id and a.client_id = ${clientId} and a.archived_at is null
  ) agg on true`;

/** The member's visible projects: running and upcoming before ended ones, newest first, optionally only those with an activity of `type`. */
export async function findMemberProjects(
  db: Db,
  q: { clientId: string; userId: string; type: ActivityType | 'all' },
): Promise<ProjectRow[]> {
  const typeFilter = q.type === 'all' ? sql`` : sql`and ${q.type} = any(agg.activity_types)`;
  return selectRows<ProjectRow>(
    db,
    sql`select ${PROJECT_COLUMNS(q.userId)} from projects p ${ACTIVITY_AGGREGATES(q.clientId, q.userId)}
        where ${visibleToMember(q.clientId, q.userId)} ${typeFilter}
        order by (p.ends_at is not null and p.ends_at < now()), p.id desc`,
  );
}

/** One project the member may see, or undefined (unknown, hidden, archived or another client's). */
export async function getMemberProject(
  db: Db,
  q: { clientId: string; userId: string; projectId: string },
): Promise<ProjectRow | undefined> {
  const rows = await selectRows<ProjectRow>(
    db,
    sql`select ${PROJECT_COLUMNS(q.userId)} from projects p ${ACTIVITY_AGGREGATES(q.clientId, q.userId)}
        where p.id = ${q.projectId} and ${visibleToMember(q.clientId, q.userId)}`,
  );
  return rows[0];
}

/** An activity row with the member's participation. */
export interface ActivityRow {
  id: string;
  project_id: string;
  type: ActivityType;
  title: string;
  description: string | null;
  points: number;
  config: Record<string, unknown>;
  starts_at: Date | string | null;
  due_at: Date | string | null;
  participation_id: string | null;
  participation_status: 'pending' | 'completed' | 'approved' | 'rejected' | null;
  participation_data: Record<string, unknown> | null;
  participation_complete: boolean | null;
  reject_reason: string | null;
  participation_created_at: Date | string | null;
}

const ACTIVITY_COLUMNS = sql`
  a.id, a.project_id, a.type, a.title, a.description, a.points, a.config, a.starts_at, a.due_at,
  pa.id as participation_id, pa.status as participation_status, pa.data as participation_data,
  pa.is_complete as participation_complete, pa.reject_reason, pa.created_at as participation_created_at`;

/** Live activities of a project with the member's participation, in due-date order. */
export async function findProjectActivities(
  db: Db,
  q: { clientId: string; userId: string; projectId: string },
): Promise<ActivityRow[]> {
  return selectRows<ActivityRow>(
    db,
    sql`select ${ACTIVITY_COLUMNS} from activities a
        left join participations pa on pa.activity_id = a.id and pa.user_id = ${q.userId}
        where a.project_id = ${q.projectId} and a.client_id = ${q.clientId} and a.archived_at is null
        order by a.due_at asc nulls last, a.id asc`,
  );
}

/** One live activity in a project the member may see, with the project's row. */
export async function getMemberActivity(
  db: Db,
  q: { clientId: string; userId: string; activityId: string },
): Promise<(ActivityRow & { project_name: string }) | undefined> {
  const rows = await selectRows<ActivityRow & { project_name: string }>(
    db,
    sql`select ${ACTIVITY_COLUMNS}, p.name as project_name from activities a
        join projects p on p.id = a.project_id
        left join participations pa on pa.activity_id = a.id and pa.user_id = ${q.userId}
        where a.id = ${q.activityId} and a.client_id = ${q.clientId} and a.archived_at is null
          and ${visibleToMember(q.clientId, q.userId)}`,
  );
  return rows[0];
}

/** Every training the member can see, done and not done. */
export async function findMemberTrainings(db: Db, q: { clientId: string; userId: string }) {
  return selectRows<{
    id: string;
    title: string;
    description: string | null;
    points: number;
    project_id: string;
    project_name: string;
    completed: boolean;
    due_at: Date | string | null;
  }>(
    db,
    sql`select a.id, a.title, a.description, a.points, p.id as project_id, p.name as project_name,
          coalesce(pa.is_complete, false) as completed, a.due_at
        from activities a join projects p on p.id = a.project_id
        left join participations pa on pa.activity_id = a.id and pa.user_id = ${q.userId}
        where a.type = 'training' and a.client_id = ${q.clientId} and a.archived_at is null
          and ${visibleToMember(q.clientId, q.userId)}
        order by coalesce(pa.is_complete, false), a.due_at asc nulls last, a.id desc`,
  );
}

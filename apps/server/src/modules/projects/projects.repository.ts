import type { ActivityType } from '@rally/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { projectMembers } from '../../db/schema/index.ts';

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
export const visibleToMember = ({ clientId, userId }: { clientId: string; userId: string }) => sql`
  p.client_id = ${clientId} and p.archived_at is null and (
    p.audience = 'open'
    or exists (select 1 from project_members m where m.project_id = p.id and m.user_id = ${userId})
    or (p.audience = 'teams' and p.audience_team_ids && array(select team_id from team_members where user_id = ${userId}))
    or (p.audience = 'invite' and exists (select 1 from project_invites pi where pi.project_id = p.id and pi.user_id = ${userId})))`;

const PROJECT_COLUMNS = sql`
  p.id, p.name, p.description, p.image_url, p.audience, p.starts_at, p.ends_at, p.archived_at,
  (pm.user_id is not null) as joined, p.activity_types, p.activity_count,
  coalesce(pp.completed_count, 0) as completed_count, p.points_total as points, (p.training_count > 0) as has_training,
  greatest(p.training_count - coalesce(pp.completed_trainings, 0), 0) as pending_trainings`;

/**
 * The member's visible projects with their aggregates: the project's own (kept by a trigger on activities)
 * and the member's progress (kept by a trigger on participations), so no activity is scanned.
 */
function projectsWithAggregates(q: { clientId: string; userId: string }, extra: SQL) {
  return sql`select ${PROJECT_COLUMNS} from projects p
  left join project_members pm on pm.project_id = p.id and pm.user_id = ${q.userId}
  left join project_progress pp on pp.project_id = p.id and pp.user_id = ${q.userId}
  where ${visibleToMember(q)} ${extra}`;
}

/** The query behind the member's project list (exposed so the benchmark runs exactly this SQL raw). */
export function memberProjectsQuery(q: {
  clientId: string;
  userId: string;
  type: ActivityType | 'all';
}): SQL {
  const typeFilter = q.type === 'all' ? sql`` : sql`and ${q.type} = any(p.activity_types)`;
  return sql`${projectsWithAggregates(q, typeFilter)}
        order by (p.ends_at is not null and p.ends_at < now()), p.id desc`;
}

/** The member's visible projects: running and upcoming before ended ones, newest first, optionally only those with an activity of `type`. */
export async function findMemberProjects(
  db: Db,
  q: { clientId: string; userId: string; type: ActivityType | 'all' },
): Promise<ProjectRow[]> {
  return selectRows<ProjectRow>(db, memberProjectsQuery(q));
}

/** One project the member may see, or undefined (unknown, hidden, archived or another client's). */
export async function getMemberProject(
  db: Db,
  q: { clientId: string; userId: string; projectId: string },
): Promise<ProjectRow | undefined> {
  const rows = await selectRows<ProjectRow>(db, projectsWithAggregates(q, sql`and p.id = ${q.projectId}`));
  return rows[0];
}

/** Makes the member a member of the project (nothing when they already are). */
export async function joinProject(
  db: Db,
  q: { clientId: string; userId: string; projectId: string },
): Promise<void> {
  await db.insert(projectMembers).values(q).onConflictDoNothing();
}

/** Takes the member out of the project; what they did there (participations and points) stays. */
export async function leaveProject(
  db: Db,
  q: { clientId: string; userId: string; projectId: string },
): Promise<void> {
  await db
    .delete(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, q.projectId),
        eq(projectMembers.userId, q.userId),
        eq(projectMembers.clientId, q.clientId),
      ),
    );
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

/** An activity the member may see, with what its project's state and the member's membership need. */
export interface MemberActivityRow extends ActivityRow {
  project_name: string;
  project_starts_at: Date | string | null;
  project_ends_at: Date | string | null;
  project_archived_at: Date | string | null;
  /** Whether the member has joined the project. */
  joined: boolean;
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
): Promise<MemberActivityRow | undefined> {
  const rows = await selectRows<MemberActivityRow>(
    db,
    sql`select ${ACTIVITY_COLUMNS}, p.name as project_name,
          p.starts_at as project_starts_at, p.ends_at as project_ends_at, p.archived_at as project_archived_at,
          exists (select 1 from project_members m where m.project_id = p.id and m.user_id = ${q.userId}) as joined
        from activities a
        join projects p on p.id = a.project_id
        left join participations pa on pa.activity_id = a.id and pa.user_id = ${q.userId}
        where a.id = ${q.activityId} and a.client_id = ${q.clientId} and a.archived_at is null
          and ${visibleToMember(q)}`,
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
          and ${visibleToMember(q)}
        order by coalesce(pa.is_complete, false), a.due_at asc nulls last, a.id desc`,
  );
}

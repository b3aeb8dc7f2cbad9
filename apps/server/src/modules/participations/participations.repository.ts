import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../db/client.ts';
import { participations } from '../../db/schema/index.ts';
import type { ReviewScope } from './participations.policy.ts';

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
  scope: ReviewScope;
  status: string;
  type: string;
  projectId?: string;
  id?: string;
}

/** The reviewer's scope (decided by the policy) as a condition on participations `pa`. */
function scopeCondition(scope: ReviewScope): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'teams':
      // Team ids are passed as one text parameter (Drizzle would spread an array).
      return sql`exists (select 1 from team_members tm where tm.user_id = pa.user_id
      and tm.team_id::text = any(string_to_array(${scope.teamIds.join(',')}, ',')))`;
    case 'none':
      return sql`false`;
  }
}

/** Participations of the client within the reviewer's scope, newest first, keyset-paginated by id. */
export async function findAdminParticipations(
  db: Db,
  f: ParticipationFilters & { cursor?: string; limit: number },
): Promise<AdminParticipationRow[]> {
  const conds = [
    sql`pa.client_id = ${f.clientId}`,
    scopeCondition(f.scope),
    f.status === 'all' ? undefined : sql`pa.status = ${f.status}`,
    f.type === 'all' ? undefined : sql`a.type = ${f.type}`,
    f.projectId ? sql`a.project_id = ${f.projectId}` : undefined,
    f.id ? sql`pa.id = ${f.id}` : undefined,
    f.cursor ? sql`pa.id < ${f.cursor}` : undefined,
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
        order by pa.id desc limit ${f.limit}`,
  );
}

/**
 * Decides a still-pending submission: approved (complete) or rejected with the reason, by the reviewer. Only a
 * pending row of the client changes; answers whether one did (of two reviews at once, the second finds none).
 */
export async function decidePendingParticipation(
  db: Db,
  q: {
    clientId: string;
    participationId: string;
    reviewerId: string;
    approved: boolean;
    reason: string | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(participations)
    .set({
      status: q.approved ? 'approved' : 'rejected',
      isComplete: q.approved,
      rejectReason: q.approved ? null : q.reason,
      reviewedBy: q.reviewerId,
      reviewedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(participations.id, q.participationId),
        eq(participations.clientId, q.clientId),
        eq(participations.status, 'pending'),
      ),
    )
    .returning({ id: participations.id });
  return rows.length > 0;
}

export type ParticipationRow = typeof participations.$inferSelect;

/** What a member's (re)submission writes. */
export interface SubmissionValues {
  status: 'completed' | 'pending';
  data: Record<string, unknown>;
  isComplete: boolean;
  updatedAt: Date;
}

/**
 * Inserts the member's participation in an activity unless they already have one (the unique index on
 * activity and member); answers the new row, or undefined when there was one.
 */
export async function insertParticipation(
  db: Db,
  q: { clientId: string; activityId: string; userId: string; values: SubmissionValues },
): Promise<ParticipationRow | undefined> {
  const [row] = await db
    .insert(participations)
    .values({ clientId: q.clientId, activityId: q.activityId, userId: q.userId, ...q.values })
    .onConflictDoNothing({ target: [participations.activityId, participations.userId] })
    .returning();
  return row;
}

/** The member's participation in an activity, locked for update until the transaction ends. */
export async function lockParticipation(
  db: Db,
  q: { clientId: string; activityId: string; userId: string },
): Promise<{ id: string; status: string } | undefined> {
  const [row] = await db
    .select({ id: participations.id, status: participations.status })
    .from(participations)
    .where(
      and(
        eq(participations.activityId, q.activityId),
        eq(participations.userId, q.userId),
        eq(participations.clientId, q.clientId),
      ),
    )
    .for('update');
  return row;
}

/** Replaces a participation with a new submission, clearing its review; answers the row (none if not the client's). */
export async function resubmitParticipation(
  db: Db,
  q: { clientId: string; participationId: string; values: SubmissionValues },
): Promise<ParticipationRow | undefined> {
  const [row] = await db
    .update(participations)
    .set({ ...q.values, rejectReason: null, reviewedAt: null, reviewedBy: null })
    .where(and(eq(participations.id, q.participationId), eq(participations.clientId, q.clientId)))
    .returning();
  return row;
}

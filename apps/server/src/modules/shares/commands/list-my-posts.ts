import type { MyPostsQuery } from '@rally/shared';
import type { Db } from '../../../db/client.ts';
import { getActivityBlocker } from '../../projects/projects.policy.ts';
import { findMemberShares, type MemberShareFilters, type MemberShareRow } from '../shares.repository.ts';

const DAY = 86_400_000;

/** The first moment of a My Posts period (UTC), or undefined for all time. */
export function periodStart(period: MyPostsQuery['period'], now = new Date()): Date | undefined {
  switch (period) {
    case '7d':
      return new Date(now.getTime() - 7 * DAY);
    case '30d':
      return new Date(now.getTime() - 30 * DAY);
    case '90d':
      return new Date(now.getTime() - 90 * DAY);
    case 'year':
      return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
    case 'all':
      return undefined;
  }
}

/** Whether the member can still confirm a pending share: the activity is live and open to them. */
function canConfirm(row: MemberShareRow): boolean {
  if (row.share.sharedAt || row.activity.archivedAt) return false;
  return !getActivityBlocker({
    starts_at: row.activity.startsAt,
    due_at: row.activity.dueAt,
    project_starts_at: row.project.startsAt,
    project_ends_at: row.project.endsAt,
    project_archived_at: row.project.archivedAt,
    joined: row.joined,
  });
}

/** My Posts: a page of the member's shares, newest first, each with whether they can still confirm it. */
export async function listMyPosts(db: Db, input: { clientId: string; userId: string; query: MyPostsQuery }) {
  const { limit, cursor, channel, project_id, period } = input.query;
  const filters: MemberShareFilters = { channel, projectId: project_id, since: periodStart(period) };
  const page = await findMemberShares(db, {
    clientId: input.clientId,
    userId: input.userId,
    filters,
    page: { limit, cursor },
  });
  return {
    items: page.items.map((row) => ({ ...row, canConfirm: canConfirm(row) })),
    nextCursor: page.nextCursor,
  };
}

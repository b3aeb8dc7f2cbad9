import type { MyPost, MyPostStatus, Share } from '@rally/shared';
import type { MemberShareRow, ShareRow } from './shares.repository.ts';

/** A share with its public tracked link on the client's own domain (never the request's Host). */
export function presentShare(share: ShareRow, linkOrigin: string | null): Share {
  return {
    id: share.id,
    url: `${linkOrigin ?? ''}/p/${share.id}`,
    channel: share.channel,
    text: share.text,
    clicks: share.clicks,
    shared_at: share.sharedAt?.toISOString() ?? null,
    post_url: share.postUrl,
  };
}

/** Where a share stands: waiting for the member, then as its activity's participation stands. */
function statusOf(row: MemberShareRow): MyPostStatus {
  if (!row.share.sharedAt) return 'pending_confirmation';
  switch (row.participationStatus) {
    case 'pending':
      return 'pending_review';
    case 'approved':
      return 'verified';
    case 'rejected':
      return 'rejected';
    default:
      return 'shared';
  }
}

/** One row of My Posts. */
export function presentMyPost(
  row: MemberShareRow & { canConfirm: boolean },
  linkOrigin: string | null,
): MyPost {
  return {
    ...presentShare(row.share, linkOrigin),
    created_at: row.share.createdAt.toISOString(),
    status: statusOf(row),
    points: row.points,
    creative: row.creative,
    activity: { id: row.activity.id, title: row.activity.title },
    project: { id: row.project.id, name: row.project.name },
    can_confirm: row.canConfirm,
  };
}

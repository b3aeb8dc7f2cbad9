import type { NotificationKind } from '@rally/shared';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../lib/jobs.ts';

/** Who receives a notification: given members, or every member of a project or a team (resolved by the job). */
export type NotificationAudience = { users: string[] } | { project: string } | { team: string };

export interface NotificationEvent {
  clientId: string;
  kind: NotificationKind;
  to: NotificationAudience;
  /** Who caused it; never notified of their own action. */
  actorId?: string | null;
  title: string;
  body?: string | null;
  /** Path inside the app the notification opens, e.g. /community/feed?post={id}. */
  link: string;
}

/**
 * Records that a notification is due. Fan-out (one row per recipient, then push to their devices) runs as a
 * durable `notify` job, so it survives a restart; pass the transaction of the change that caused it.
 */
export async function notify(db: Db, event: NotificationEvent): Promise<void> {
  await enqueueJob(db, 'notify', { ...event });
}

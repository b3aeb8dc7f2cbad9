import type { NotificationKind } from '@rally/shared';
import type { Db } from '../../db/client.ts';
import { enqueueJob } from '../../lib/jobs.ts';

/**
 * Who receives a notification, resolved by the job when it runs: given members, every member of a project or
 * of a team, or a project's whole audience (its members plus everyone who may join it: all members for an open
 * project, the audience teams' members, or the invitees).
 */
export type NotificationAudience =
  | { users: string[] }
  | { project: string }
  | { team: string }
  | { projectAudience: string };

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
  /**
   * Only for a notification scheduled for a project's start: sent only if the project still starts at this time
   * (ISO) and is not archived, so a rescheduled or archived project drops the stale one.
   */
  projectStartsAt?: string;
}

/**
 * Records that a notification is due. Fan-out (one row per recipient, then push to their devices) runs as a
 * durable `notify` job, so it survives a restart; pass the transaction of the change that caused it.
 * `runAt` delays it (e.g. to a project's start).
 */
export async function notify(db: Db, event: NotificationEvent, opts: { runAt?: Date } = {}): Promise<void> {
  await enqueueJob(db, 'notify', { ...event }, opts.runAt);
}

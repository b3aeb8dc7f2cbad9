import type { NotificationKind, NotificationMessageKey } from '@rally/shared';
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

/**
 * A notification's text as keys of the catalog (notification-texts.ts, the web's `notifications.messages`) and the
 * values of their placeholders, so each reader gets it in their language (issue 14).
 */
export interface NotificationEventMessage {
  /** The title's key; its English with these params is the event's `title`. */
  key: NotificationMessageKey;
  /** The body's key when the body is the app's own words; its English is the event's `body`. */
  body_key?: NotificationMessageKey;
  params: Record<string, string>;
}

export interface NotificationEvent {
  clientId: string;
  kind: NotificationKind;
  to: NotificationAudience;
  /** Who caused it; never notified of their own action. */
  actorId?: string | null;
  /** The English title, stored as it is (older apps, and readers whose language has no text for the key). */
  title: string;
  body?: string | null;
  /** The same text as catalog keys and values; without it every reader gets the English. */
  message?: NotificationEventMessage;
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

import { NOTIFICATION_KINDS } from '@rally/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { type Db, selectRows } from '../db/client.ts';
import { notifications } from '../db/schema/index.ts';
import { enqueueJobs } from '../lib/jobs.ts';
import { publishNotified } from '../modules/notifications/live.ts';
import type { NotificationAudience, NotificationEvent } from '../modules/notifications/notify.ts';
import type { JobHandler } from './runner.ts';

/** Recipients per transaction: a big audience is split into child jobs, so no statement holds PGlite for long. */
export const NOTIFY_CHUNK = 200;

const uuidList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/** The SQL condition on users `u` for an audience; every branch is scoped to the event's client. */
function audienceCondition(clientId: string, to: NotificationAudience): SQL {
  if ('users' in to) return to.users.length > 0 ? sql`u.id in (${uuidList(to.users)})` : sql`false`;
  if ('project' in to) {
    return sql`u.id in (select user_id from project_members where project_id = ${to.project} and client_id = ${clientId})`;
  }
  if ('team' in to) {
    return sql`u.id in (select user_id from team_members where team_id = ${to.team} and client_id = ${clientId})`;
  }
  // A project's audience: its members, and everyone who may join it (the same rule as the member project list).
  return sql`exists (
    select 1 from projects p
    where p.id = ${to.projectAudience} and p.client_id = ${clientId} and p.archived_at is null and (
      p.audience = 'open'
      or (p.audience = 'teams' and p.audience_team_ids && array(select team_id from team_members where user_id = u.id))
      or (p.audience = 'invite' and exists (select 1 from project_invites pi where pi.project_id = p.id and pi.user_id = u.id))
      or exists (select 1 from project_members pm where pm.project_id = p.id and pm.user_id = u.id)))`;
}

/**
 * Who receives it: active people of the event's client in the audience (never applicants), without the actor.
 * A user id of another client is dropped here whatever the caller passed.
 */
export async function resolveRecipients(db: Db, event: NotificationEvent): Promise<string[]> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`select u.id from users u
        where u.client_id = ${event.clientId} and u.is_active and u.role <> 'APPLICANT'
          and ${event.actorId ? sql`u.id <> ${event.actorId}` : sql`true`}
          and ${audienceCondition(event.clientId, event.to)}
        order by u.id`,
  );
  return rows.map((r) => r.id);
}

/** A notification scheduled for a project's start still applies: same start time, not archived. */
async function isStillDue(db: Db, event: NotificationEvent): Promise<boolean> {
  if (event.projectStartsAt === undefined || !('projectAudience' in event.to)) return true;
  const [row] = await selectRows<{ ok: boolean }>(
    db,
    sql`select (starts_at = ${event.projectStartsAt}::timestamptz and archived_at is null) as ok
        from projects where id = ${event.to.projectAudience} and client_id = ${event.clientId}`,
  );
  return row?.ok === true;
}

/**
 * Whether the member who caused the notification had their personal data erased: then it is not delivered (it would
 * name them). Read FOR SHARE in this job's transaction, so an erase in progress (which locks the row) finishes first,
 * or waits for this delivery and then scrubs the name from what it wrote.
 */
async function isErasedActor(db: Db, clientId: string, actorId: string): Promise<boolean> {
  const [row] = await selectRows<{ erased: boolean }>(
    db,
    sql`select (not is_active and email is null and not is_ghost) as erased
        from users where id = ${actorId} and client_id = ${clientId} for share`,
  );
  return row?.erased === true;
}

/** Recipients who get a push for this kind: a device of this client, permission not refused, kind not turned off. */
async function pushRecipients(db: Db, event: NotificationEvent, userIds: string[]): Promise<Set<string>> {
  const rows = await selectRows<{ user_id: string }>(
    db,
    sql`select distinct d.user_id from devices d
        left join notification_preferences np on np.user_id = d.user_id and np.client_id = d.client_id
        where d.client_id = ${event.clientId} and d.user_id in (${uuidList(userIds)})
          and d.notifications_granted is not false
          and not coalesce(np.push_off, '[]'::jsonb) ? ${event.kind}`,
  );
  return new Set(rows.map((r) => r.user_id));
}

/**
 * The `notify` job: one notifications row per recipient, a `push` job per notification whose recipient has a
 * device and has not turned the kind off, and (after commit) a bus message so open apps refresh live.
 * Runs in one transaction with marking the job done, so a retry never notifies anyone twice.
 */
export function notifyJob(ctx: Pick<AppContext, 'bus'>): JobHandler {
  return {
    transactional: true,
    async run(payload, { db }) {
      const event = payload as unknown as NotificationEvent;
      if (!(NOTIFICATION_KINDS as readonly string[]).includes(event.kind)) {
        throw new Error(`Unknown notification kind ${event.kind}`);
      }
      if (!(await isStillDue(db, event))) return;
      if (event.actorId && (await isErasedActor(db, event.clientId, event.actorId))) return;
      const recipients = await resolveRecipients(db, event);
      if (recipients.length === 0) return;
      if (recipients.length > NOTIFY_CHUNK) {
        const { projectStartsAt: _checked, ...rest } = event;
        const chunks = [];
        for (let i = 0; i < recipients.length; i += NOTIFY_CHUNK) {
          const users = recipients.slice(i, i + NOTIFY_CHUNK);
          chunks.push({ kind: 'notify', payload: { ...rest, to: { users } } });
        }
        await enqueueJobs(db, chunks);
        return;
      }
      const rows = await db
        .insert(notifications)
        .values(
          recipients.map((userId) => ({
            clientId: event.clientId,
            userId,
            kind: event.kind,
            title: event.title,
            body: event.body ?? null,
            message: event.message ?? null,
            link: event.link,
            actorId: event.actorId ?? null,
          })),
        )
        .returning({ id: notifications.id, userId: notifications.userId });
      const pushed = await pushRecipients(db, event, recipients);
      await enqueueJobs(
        db,
        rows
          .filter((r) => pushed.has(r.userId))
          .map((r) => ({ kind: 'push', payload: { clientId: event.clientId, notificationId: r.id } })),
      );
      return () => publishNotified(ctx.bus, event.clientId, recipients);
    },
  };
}

import { GUEST_IDLE_DAYS, type Locale } from '@rally/shared';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Kind of the daily job that removes idle guests (jobs/index.ts). */
export const GUEST_CLEANUP_JOB = 'guests.cleanup';
const DAY_MS = 24 * 3600_000;

/** A new ghost user of the client: no email, no password, no name; a USER that only reads (SPEC 6). */
export async function insertGhostUser(db: Db, { clientId }: { clientId: string }) {
  const [row] = await db
    .insert(users)
    .values({ clientId, role: 'USER', isGhost: true, lastActiveAt: new Date() })
    .returning({ id: users.id, clientId: users.clientId });
  return row!;
}

/**
 * Turns a ghost of the client into an unverified account on the same row (its history stays with it). Answers
 * the row, or undefined when the user is no ghost of this client (any more).
 */
export async function convertGhostUser(
  db: Db,
  input: {
    clientId: string;
    userId: string;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    locale: Locale | null;
  },
) {
  const [row] = await db
    .update(users)
    .set({
      email: input.email,
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      ...(input.locale && { locale: input.locale }),
      isGhost: false,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, input.userId), eq(users.clientId, input.clientId), eq(users.isGhost, true)))
    .returning({ id: users.id, clientId: users.clientId });
  return row;
}

/**
 * Deletes up to `limit` ghosts of every client idle for GUEST_IDLE_DAYS: not created, active (POST /api/time) or
 * signed in since. Their sessions go with them (ON DELETE CASCADE). Answers how many went.
 */
export async function deleteIdleGhosts(db: Db, { limit }: { limit: number }): Promise<number> {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`
    delete from users where id in (
      select u.id from users u
      where u.is_ghost
        and greatest(u.created_at, coalesce(u.last_active_at, u.created_at))
          < now() - make_interval(days => ${GUEST_IDLE_DAYS})
        and not exists (
          select 1 from sessions s where s.user_id = u.id
            and s.created_at >= now() - make_interval(days => ${GUEST_IDLE_DAYS}))
      order by u.id
      limit ${limit}
    ) returning id`,
  );
  return rows.length;
}

/**
 * Schedules the next cleanup in a day unless one is pending already (other than `exceptJobId`, the run that
 * schedules its successor): guests exist only with the cleanup that removes them, and duplicate chains merge.
 */
export async function scheduleGuestCleanup(db: Db, { exceptJobId }: { exceptJobId?: string } = {}) {
  const runAt = new Date(Date.now() + DAY_MS);
  await db.execute(sql`
    insert into jobs (id, kind, payload, run_at)
    select ${uuidv7()}::uuid, ${GUEST_CLEANUP_JOB}, '{}'::jsonb, ${runAt.toISOString()}::timestamptz
    where not exists (
      select 1 from jobs where kind = ${GUEST_CLEANUP_JOB} and done_at is null
        ${exceptJobId ? sql`and id <> ${exceptJobId}` : sql``})`);
}

/** Whether any ghost user is left (in any client): the cleanup keeps running while there is. */
export async function anyGhostLeft(db: Db): Promise<boolean> {
  const rows = await selectRows<{ one: number }>(db, sql`select 1 as one from users where is_ghost limit 1`);
  return rows.length > 0;
}

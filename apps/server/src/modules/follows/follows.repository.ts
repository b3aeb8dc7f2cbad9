import type { ListQuery } from '@rally/shared';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, users } from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';
import { PERSON_COLUMNS, presentPerson } from '../users/people.presenter.ts';

/** An active, non-applicant member of the client, or undefined. */
export async function getFollowable(db: Db, clientId: string, userId: string) {
  const [row] = await db
    .select({ ...PERSON_COLUMNS, role: users.role, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.id, userId)));
  return row?.isActive && row.role !== 'APPLICANT' ? row : undefined;
}

/** How many members follow the user. */
export async function countFollowers(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followeeId, userId));
  return Number(row?.n ?? 0);
}

/** How many members the user follows. */
export async function countFollowing(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followerId, userId));
  return Number(row?.n ?? 0);
}

/** Whether `followerId` follows `followeeId`. */
export async function isFollowing(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
  return (row?.n ?? 0) > 0;
}

/**
 * A page of the people who follow the user ('followers') or whom the user follows ('following'), keyset on
 * the listed person's id (SPEC 7), active members only.
 */
export async function findFollowPeople(
  db: Db,
  clientId: string,
  userId: string,
  direction: 'followers' | 'following',
  query: ListQuery,
) {
  const [own, other] =
    direction === 'followers'
      ? [follows.followeeId, follows.followerId]
      : [follows.followerId, follows.followeeId];
  const page = keyset(
    users.id,
    query,
    and(eq(own, userId), eq(follows.clientId, clientId), eq(users.isActive, true)),
  );
  const rows = await db
    .select(PERSON_COLUMNS)
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(page.where)
    .orderBy(page.orderBy)
    .limit(page.limit);
  const { items, nextCursor } = page.finish(rows);
  return { users: items.map(presentPerson), next_cursor: nextCursor };
}

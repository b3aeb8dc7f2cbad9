import type { ListQuery } from '@rally/shared';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, users } from '../../db/schema/index.ts';
import { keyset } from '../../lib/pagination.ts';
import { PERSON_COLUMNS, presentPerson } from '../users/people.presenter.ts';

/** A member of the client with what decides whether they may be followed, or undefined. */
export async function getMember(db: Db, input: { clientId: string; userId: string }) {
  const [row] = await db
    .select({ ...PERSON_COLUMNS, role: users.role, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.clientId, input.clientId), eq(users.id, input.userId)));
  return row;
}

/** How many members of the client follow the user. */
export async function countFollowers(db: Db, input: { clientId: string; userId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .where(and(eq(follows.followeeId, input.userId), eq(follows.clientId, input.clientId)));
  return Number(row?.n ?? 0);
}

/** How many members of the client the user follows. */
export async function countFollowing(db: Db, input: { clientId: string; userId: string }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .where(and(eq(follows.followerId, input.userId), eq(follows.clientId, input.clientId)));
  return Number(row?.n ?? 0);
}

/** Whether `followerId` follows `followeeId` in the client. */
export async function isFollowing(
  db: Db,
  input: { clientId: string; followerId: string; followeeId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(follows)
    .where(
      and(
        eq(follows.followerId, input.followerId),
        eq(follows.followeeId, input.followeeId),
        eq(follows.clientId, input.clientId),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/**
 * A page of the people who follow the user ('followers') or whom the user follows ('following'), keyset on
 * the listed person's id (SPEC 7), active members only.
 */
export async function findFollowPeople(
  db: Db,
  input: { clientId: string; userId: string; direction: 'followers' | 'following'; query: ListQuery },
) {
  const { clientId, userId, direction, query } = input;
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

/** `followerId` follows `followeeId`; answers false when they already did (nothing changes then). */
export async function insertFollow(
  db: Db,
  input: { clientId: string; followerId: string; followeeId: string },
): Promise<boolean> {
  const added = await db
    .insert(follows)
    .values(input)
    .onConflictDoNothing()
    .returning({ followerId: follows.followerId });
  return added.length > 0;
}

/** `followerId` no longer follows `followeeId`. */
export async function deleteFollow(
  db: Db,
  input: { clientId: string; followerId: string; followeeId: string },
): Promise<void> {
  await db
    .delete(follows)
    .where(
      and(
        eq(follows.followerId, input.followerId),
        eq(follows.followeeId, input.followeeId),
        eq(follows.clientId, input.clientId),
      ),
    );
}

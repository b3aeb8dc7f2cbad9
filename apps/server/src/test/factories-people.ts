import { uuidv7 } from 'uuidv7';
import type { Db } from '../db/client.ts';
import { follows, pointsLedger, posts } from '../db/schema/index.ts';
import type { TestApp } from './build-test-app.ts';
import { createUser, headersFor, unique } from './factories.ts';

/** Helpers of the people API tests (teams, follows, profiles, admin users). */

/** A new member of a client with a session token on the client's host. */
export async function memberWithToken(
  t: TestApp,
  clientId: string,
  input: Partial<Omit<Parameters<typeof createUser>[1], 'clientId'>> = {},
  host?: string,
) {
  const user = await createUser(t.ctx.db, { clientId, ...input });
  return { user, token: await t.login(user.email!, host) };
}

/** Awards points through the ledger (the trigger keeps leaderboard_points), dated `at` (now by default). */
export async function awardPoints(
  db: Db,
  input: { clientId: string; userId: string; points: number; at?: Date; projectId?: string },
) {
  await db.insert(pointsLedger).values({
    id: uuidv7(),
    clientId: input.clientId,
    userId: input.userId,
    points: input.points,
    projectId: input.projectId ?? null,
    source: unique('test:'),
    createdAt: input.at ?? new Date(),
  });
}

/** Makes `followerId` follow each of `followeeIds`. */
export async function followUsers(db: Db, clientId: string, followerId: string, followeeIds: string[]) {
  await db.insert(follows).values(followeeIds.map((followeeId) => ({ clientId, followerId, followeeId })));
}

/** A feed post written straight to the table. */
export async function createPost(
  db: Db,
  input: Partial<typeof posts.$inferInsert> & { clientId: string; authorId: string },
) {
  const [row] = await db
    .insert(posts)
    .values({ id: uuidv7(), body: unique('Hello team '), ...input })
    .returning();
  return row!;
}

/** A JSON call on the Demo host (or `host`) with a bearer token. */
export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
  host?: string,
) {
  return t.app.inject({
    method,
    url,
    headers: headersFor(token, host),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

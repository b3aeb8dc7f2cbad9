import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser } from '../../test/factories.ts';
import { follow } from '../../test/factories-feed.ts';
import { countFollowers, countFollowing, deleteFollow, isFollowing } from './follows.repository.ts';

/**
 * Tenancy of follows: every repository function that deletes, given the other client's id with members of the
 * first client, changes nothing; the counts and checks a profile shows count nothing of theirs.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const followsOf = (followerId: string) =>
  t.ctx.db.select().from(follows).where(eq(follows.followerId, followerId));

describe("follows.repository writes with the other client's id", () => {
  it('delete no follow between members of the first client', async () => {
    const [a, b] = await Promise.all([
      createUser(t.ctx.db, { clientId: ids.demo }),
      createUser(t.ctx.db, { clientId: ids.demo }),
    ]);
    await follow(t.ctx.db, { clientId: ids.demo, followerId: a.id, followeeId: b.id });
    const before = await followsOf(a.id);
    await deleteFollow(t.ctx.db, { clientId: ids.acme, followerId: a.id, followeeId: b.id });
    expect(await followsOf(a.id)).toEqual(before);
    expect(before).toHaveLength(1);
  });

  it('count no follow between members of the first client', async () => {
    const [a, b] = await Promise.all([
      createUser(t.ctx.db, { clientId: ids.demo }),
      createUser(t.ctx.db, { clientId: ids.demo }),
    ]);
    await follow(t.ctx.db, { clientId: ids.demo, followerId: a.id, followeeId: b.id });
    const counts = (clientId: string) =>
      Promise.all([
        countFollowers(t.ctx.db, { clientId, userId: b.id }),
        countFollowing(t.ctx.db, { clientId, userId: a.id }),
        isFollowing(t.ctx.db, { clientId, followerId: a.id, followeeId: b.id }),
      ]);
    expect(await counts(ids.demo)).toEqual([1, 1, true]);
    expect(await counts(ids.acme)).toEqual([0, 0, false]);
  });
});

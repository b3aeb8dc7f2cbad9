import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badges, userBadges } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { awardBadge, clientIds, createBadge, createUser } from '../../test/factories.ts';
import {
  countBadgesOfClient,
  deleteAwards,
  findBadgeHolders,
  findMemberAwards,
  findMemberOfClient,
  findMemberStats,
  getBadge,
  listBadges,
  reorderBadges,
  setRecomputeProgress,
  updateBadge,
} from './badges.repository.ts';

/** Every badges repository write and read, tried with the other client's id: nothing of Demo is read or changed. */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const rowOf = async (id: string) => (await t.ctx.db.select().from(badges).where(eq(badges.id, id)))[0];

describe('badges repository with another client’s id', () => {
  it('changes none of the first client’s badges or awards', async () => {
    const db = t.ctx.db;
    const user = await createUser(db, { clientId: ids.demo });
    const badge = await createBadge(db, { clientId: ids.demo, criterion: 'manual', position: 3 });
    await awardBadge(db, { clientId: ids.demo, badgeId: badge.id, userId: user.id });
    const before = await rowOf(badge.id);

    expect(await updateBadge(db, { clientId: ids.acme, id: badge.id, set: { name: 'Taken' } })).toBe(false);
    await reorderBadges(db, { clientId: ids.acme, ids: [badge.id] });
    await setRecomputeProgress(db, { clientId: ids.acme, id: badge.id, total: 5, done: 1 });
    expect(
      await deleteAwards(db, {
        clientId: ids.acme,
        badgeId: badge.id,
        userId: user.id,
        tiers: [0],
        reason: 'x',
      }),
    ).toEqual([]);
    expect(await rowOf(badge.id)).toEqual(before);
    expect(await db.select().from(userBadges).where(eq(userBadges.userId, user.id))).toHaveLength(1);
  });

  it('reads none of the first client’s badges, awards or members', async () => {
    const db = t.ctx.db;
    const user = await createUser(db, { clientId: ids.demo });
    const badge = await createBadge(db, { clientId: ids.demo });
    await awardBadge(db, { clientId: ids.demo, badgeId: badge.id, userId: user.id });
    expect(await getBadge(db, { clientId: ids.acme, id: badge.id })).toBeUndefined();
    expect((await listBadges(db, { clientId: ids.acme })).map((b) => b.id)).not.toContain(badge.id);
    expect(await countBadgesOfClient(db, { clientId: ids.acme, ids: [badge.id] })).toBe(0);
    expect(await findMemberOfClient(db, { clientId: ids.acme, userId: user.id })).toBeUndefined();
    expect(await findMemberAwards(db, { clientId: ids.acme, userId: user.id })).toEqual([]);
    expect(await findBadgeHolders(db, { clientId: ids.acme, badgeId: badge.id, limit: 10 })).toEqual([]);
    const stats = await findMemberStats(db, { clientId: ids.acme, userId: user.id });
    expect(stats.list.map((b) => b.id)).not.toContain(badge.id);
    expect(stats.awards).toEqual([]);
  });
});

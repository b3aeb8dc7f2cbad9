import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { awardBadge, clientIds, createBadge, createUser } from '../../test/factories.ts';
import { findBadgesOfUser } from './badges.repository.ts';

/**
 * The badges repository only reads (no UPDATE or DELETE to try): with the other client's id, none of the first
 * client's badges is listed.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

describe('badges reads with another client’s id', () => {
  it('list none of the first client’s badges, earned or not', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const badge = await createBadge(t.ctx.db, { clientId: ids.demo });
    await awardBadge(t.ctx.db, { clientId: ids.demo, badgeId: badge.id, userId: user.id });
    const own = await findBadgesOfUser(t.ctx.db, { clientId: ids.demo, userId: user.id });
    expect(own.find((b) => b.id === badge.id)?.earned_at).toBeTruthy();
    const other = await findBadgesOfUser(t.ctx.db, { clientId: ids.acme, userId: user.id });
    expect(other.map((b) => b.id)).not.toContain(badge.id);
  });
});

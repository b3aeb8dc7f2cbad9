import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import { awardBadge, clientIds, createBadge, createUser, headersFor } from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const stats = (token: string, host?: string) =>
  t.app.inject({ url: '/api/stats', headers: headersFor(token, host) });
const names = (list: { name: string }[]) => list.map((b) => b.name);

describe('GET /api/stats', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/stats' });
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const member = await t.login('member@demo.test');
    await expectBlockedWhilePaused(t, { url: '/api/stats' }, { member, admin: adminToken });
  });

  it('answers two empty lists for a client without badges', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.acme });
    const res = await stats(await t.login(user.email!, ACME_HOST), ACME_HOST);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ earnedBadges: [], unearnedBadges: [] });
  });

  it("splits this client's badges into earned and unearned for the member, by name", async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    const first = await createBadge(t.ctx.db, {
      clientId: ids.demo,
      name: 'First Post',
      description: 'Shared a post',
    });
    const team = await createBadge(t.ctx.db, {
      clientId: ids.demo,
      name: 'Team Player',
      imageUrl: '/badges/team.svg',
    });
    const streak = await createBadge(t.ctx.db, { clientId: ids.demo, name: 'Streak' });
    const foreign = await createBadge(t.ctx.db, { clientId: ids.acme, name: 'Acme Ace' });
    await awardBadge(t.ctx.db, { clientId: ids.demo, badgeId: team.id, userId: user.id });
    await awardBadge(t.ctx.db, { clientId: ids.demo, badgeId: first.id, userId: user.id });
    await awardBadge(t.ctx.db, { clientId: ids.demo, badgeId: streak.id, userId: other.id });

    const res = await stats(await t.login(user.email!));
    expect(res.statusCode).toBe(200);
    const { earnedBadges, unearnedBadges } = res.json();
    expect(names(earnedBadges)).toEqual(['First Post', 'Team Player']);
    expect(names(unearnedBadges)).toEqual(['Streak']);
    expect(earnedBadges[1]).toEqual({
      id: team.id,
      name: 'Team Player',
      description: null,
      image_url: '/badges/team.svg',
      earned_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(unearnedBadges[0]).toMatchObject({ id: streak.id, earned_at: null });
    expect([...earnedBadges, ...unearnedBadges].map((b: { id: string }) => b.id)).not.toContain(foreign.id);

    const otherStats = (await stats(await t.login(other.email!))).json();
    expect(names(otherStats.earnedBadges)).toEqual(['Streak']);
    expect(names(otherStats.unearnedBadges)).toEqual(['First Post', 'Team Player']);
  });
});

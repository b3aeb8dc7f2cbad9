import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import {
  awardBadge,
  clientIds,
  createActivity,
  createBadge,
  createParticipation,
  createProject,
  createShare,
  createUser,
  headersFor,
} from '../../test/factories.ts';
import { drainJobs } from '../../test/factories-notifications.ts';

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

  it('answers earned badges with tier, date and reason, and unearned ones with progress, next-up first', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    const post = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'social_post',
    });
    const training = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      type: 'training',
    });
    const badge = (name: string, input: Partial<Parameters<typeof createBadge>[1]>) =>
      createBadge(t.ctx.db, { clientId: ids.demo, name, ...input });
    const sharer = await badge('Sharer', { criterion: 'shares', thresholds: [1, 3, 5], position: 1 });
    const clicker = await badge('Clicker', { criterion: 'clicks', thresholds: [10], position: 2 });
    await badge('Trainee', { criterion: 'trainings', thresholds: [2], position: 3 });
    await badge('Secret', { criterion: 'shares', thresholds: [10], hidden: true, position: 4 });
    const firstShare = await badge('First', { criterion: 'first_share', hidden: true, position: 5 });
    await badge('Retired', { criterion: 'manual', archivedAt: new Date(), position: 6 });
    const hero = await badge('Hero', { criterion: 'manual', position: 0 });
    const team = await badge('Team Player', {
      criterion: 'manual',
      imageUrl: '/badges/team.svg',
      position: 7,
    });
    const foreign = await createBadge(t.ctx.db, { clientId: ids.acme, name: 'Acme Ace' });
    await awardBadge(t.ctx.db, { clientId: ids.demo, badgeId: team.id, userId: user.id });
    await createShare(t.ctx.db, {
      clientId: ids.demo,
      userId: user.id,
      activityId: post.id,
      sharedAt: new Date(),
    });
    await createShare(t.ctx.db, {
      clientId: ids.demo,
      userId: user.id,
      activityId: post.id,
      sharedAt: new Date(),
      clicks: 4,
    });
    await createParticipation(t.ctx.db, { clientId: ids.demo, userId: user.id, activityId: training.id });
    await drainJobs(t);

    const res = await stats(await t.login(user.email!));
    expect(res.statusCode).toBe(200);
    const { earnedBadges, unearnedBadges } = res.json();
    expect(names(earnedBadges).sort()).toEqual(['First', 'Sharer', 'Team Player']);
    expect(earnedBadges.find((b: { id: string }) => b.id === sharer.id)).toEqual({
      id: sharer.id,
      name: 'Sharer',
      description: null,
      image_url: null,
      criterion: 'shares',
      period: null,
      activity_type: null,
      earned_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      tier: 'bronze',
      reason: '1 share',
      progress: { current: 2, target: 3, tier: 'silver', label: '2 of 3 shares' },
    });
    expect(earnedBadges.find((b: { id: string }) => b.id === firstShare.id)).toMatchObject({
      tier: null,
      reason: 'First share',
      progress: null,
    });
    expect(earnedBadges.find((b: { id: string }) => b.id === team.id)).toMatchObject({
      image_url: '/badges/team.svg',
      criterion: 'manual',
      progress: null,
    });
    // Closest to its target first (1 of 2, then 4 of 10), manual ones last; hidden and archived ones left out.
    expect(names(unearnedBadges)).toEqual(['Trainee', 'Clicker', 'Hero']);
    expect(unearnedBadges[0].progress).toEqual({
      current: 1,
      target: 2,
      tier: null,
      label: '1 of 2 completed trainings',
    });
    expect(unearnedBadges.find((b: { id: string }) => b.id === clicker.id)).toMatchObject({
      earned_at: null,
      tier: null,
      reason: null,
      progress: { current: 4, target: 10, label: '4 of 10 unique clicks' },
    });
    expect(unearnedBadges.find((b: { id: string }) => b.id === hero.id).progress).toBeNull();
    expect([...earnedBadges, ...unearnedBadges].map((b: { id: string }) => b.id)).not.toContain(foreign.id);

    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    const otherStats = (await stats(await t.login(other.email!))).json();
    expect(otherStats.earnedBadges).toEqual([]);
    expect(names(otherStats.unearnedBadges)).toEqual(['Sharer', 'Clicker', 'Trainee', 'Hero', 'Team Player']);
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { badgeEvents, badges, userBadges } from '../../db/schema/index.ts';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createBadge, createUser, uploadFile } from '../../test/factories.ts';
import { drainJobs, jobsOfKind } from '../../test/factories-notifications.ts';

const f = useAdminFixture();
const db = () => f.t.ctx.db;
const FORBIDDEN = 'You are not allowed to manage badges';
const badgeRow = async (id: string) => (await db().select().from(badges).where(eq(badges.id, id)))[0];
// Recomputations run in the background: finish them before a snapshot.
const demoBadges = async () => {
  await drainJobs(f.t);
  return db().select().from(badges).where(eq(badges.clientId, f.ids.demo));
};

const someId = '0190b7d2-9c6e-7e3a-8a43-6d0a1c2b3c4d';

describe('admin badges: sessions and roles', () => {
  it('answers 401 to every route without a session of this client', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/badges'],
      ['POST', '/api/admin/badges'],
      ['GET', `/api/admin/badges/${someId}`],
      ['PATCH', `/api/admin/badges/${someId}`],
      ['PUT', '/api/admin/badges/order'],
      ['GET', `/api/admin/badges/${someId}/awards`],
      ['POST', `/api/admin/badges/${someId}/awards`],
      ['DELETE', `/api/admin/badges/${someId}/awards/${someId}`],
    ] as const) {
      await expectSessionRequired(f.t, { method, url, payload: {} });
    }
  });

  it('lets only ADMIN read the list, a badge and its awards (SPEC 6): leads and members get 403', async () => {
    const badge = await createBadge(db(), { clientId: f.ids.demo, name: 'Readable' });
    const res = await f.send('GET', '/api/admin/badges', f.tokens.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().badges.map((b: { id: string }) => b.id)).toContain(badge.id);
    expect((await f.send('GET', `/api/admin/badges/${badge.id}`, f.tokens.admin)).statusCode).toBe(200);
    for (const token of [f.tokens.lead, f.tokens.member]) {
      for (const url of [
        '/api/admin/badges',
        `/api/admin/badges/${badge.id}`,
        `/api/admin/badges/${badge.id}/awards`,
        `/api/admin/badges/${badge.id}/recompute`,
      ]) {
        const refused = await f.send('GET', url, token);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json()).toEqual({ message: 'You are not allowed to see badges' });
      }
    }
  });

  it('lets only ADMIN write: leads and members get 403 and nothing changes', async () => {
    const badge = await createBadge(db(), { clientId: f.ids.demo, name: 'Guarded' });
    const before = await demoBadges();
    const user = await createUser(db(), { clientId: f.ids.demo });
    await f.expectForbidden(['member', 'lead'], FORBIDDEN, 'POST', '/api/admin/badges', {
      name: 'Nope',
      criterion: 'manual',
    });
    await f.expectForbidden(['member', 'lead'], FORBIDDEN, 'PATCH', `/api/admin/badges/${badge.id}`, {
      name: 'Renamed',
    });
    await f.expectForbidden(['member', 'lead'], FORBIDDEN, 'PUT', '/api/admin/badges/order', {
      ids: [badge.id],
    });
    await f.expectForbidden(['member', 'lead'], FORBIDDEN, 'POST', `/api/admin/badges/${badge.id}/awards`, {
      user_id: user.id,
      reason: 'x',
    });
    await f.expectForbidden(
      ['member', 'lead'],
      FORBIDDEN,
      'DELETE',
      `/api/admin/badges/${badge.id}/awards/${user.id}`,
      { reason: 'x' },
    );
    expect(await demoBadges()).toEqual(before);
  });
});

describe('POST /api/admin/badges', () => {
  it('creates a tiered shares badge and a manual one, after the others', async () => {
    const res = await f.send('POST', '/api/admin/badges', f.tokens.admin, {
      name: '  Sharer ',
      description: 'Share the news',
      criterion: 'shares',
      tiers: { bronze: 1, silver: 5, gold: 10 },
      hidden: true,
    });
    expect(res.statusCode).toBe(201);
    const { badge } = res.json();
    expect(badge).toMatchObject({
      name: 'Sharer',
      description: 'Share the news',
      image_url: null,
      hidden: true,
      criterion: 'shares',
      period: null,
      activity_type: null,
      threshold: null,
      tiers: { bronze: 1, silver: 5, gold: 10 },
      summary: '1 share',
      archived: false,
      earned_count: 0,
    });
    const manual = await f.send('POST', '/api/admin/badges', f.tokens.admin, {
      name: 'Hero',
      criterion: 'manual',
    });
    expect(manual.statusCode).toBe(201);
    expect(manual.json().badge).toMatchObject({ criterion: 'manual', threshold: null, tiers: null });
    expect(manual.json().badge.position).toBeGreaterThan(badge.position);
    expect(manual.json().badge.recompute_percent).toBeNull();
  });

  it('accepts an image uploaded to this client', async () => {
    const url = await uploadFile(f.t.app, f.tokens.admin, { type: 'post', objectId: f.ids.demo });
    const res = await f.send('POST', '/api/admin/badges', f.tokens.admin, {
      name: 'Pictured',
      criterion: 'points',
      period: 'week',
      threshold: 100,
      image_url: url,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().badge).toMatchObject({
      image_url: url,
      summary: '100 points in a week',
      threshold: 100,
    });
  });

  it.each([
    ['no name', { criterion: 'manual' }, 'name is required'],
    ['an unknown criterion', { name: 'X', criterion: 'likes' }, 'criterion must be one of'],
    ['points without a period', { name: 'X', criterion: 'points', threshold: 5 }, 'period is required'],
    ['a count without a target', { name: 'X', criterion: 'shares' }, 'threshold or tiers is required'],
    [
      'both threshold and tiers',
      { name: 'X', criterion: 'shares', threshold: 2, tiers: { bronze: 1, silver: 2, gold: 3 } },
      'Give threshold or tiers, not both',
    ],
    [
      'tiers not ascending',
      { name: 'X', criterion: 'shares', tiers: { bronze: 5, silver: 5, gold: 9 } },
      'tiers must be ascending',
    ],
    ['a zero threshold', { name: 'X', criterion: 'clicks', threshold: 0 }, 'threshold must be at least 1'],
    [
      'a target on a first-of badge',
      { name: 'X', criterion: 'first_share', threshold: 3 },
      'first_share badges take no threshold or tiers',
    ],
    [
      'an activity type on a shares badge',
      { name: 'X', criterion: 'shares', threshold: 2, activity_type: 'training' },
      'activity_type applies only',
    ],
    ['an unknown field', { name: 'X', criterion: 'manual', colour: 'red' }, 'colour'],
    [
      'an outside image',
      { name: 'X', criterion: 'manual', image_url: 'https://evil.test/a.png' },
      'image_url must be a file uploaded to this app',
    ],
    [
      'another client’s upload',
      { name: 'X', criterion: 'manual', image_url: '/api/files/0190b7d2-9c6e-7e3a-8a43-6d0a1c2b3c4d.png' },
      'image_url must be a file uploaded to this app',
    ],
  ])('answers 400 for %s and creates nothing', async (_label, body, message) => {
    const before = await demoBadges();
    const res = await f.send('POST', '/api/admin/badges', f.tokens.admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await demoBadges()).toEqual(before);
  });
});

describe('PATCH /api/admin/badges/{id}', () => {
  it('changes only the fields given, archives and restores', async () => {
    const created = await f.send('POST', '/api/admin/badges', f.tokens.admin, {
      name: 'Trainee',
      criterion: 'trainings',
      threshold: 3,
    });
    const id = created.json().badge.id;
    const renamed = await f.send('PATCH', `/api/admin/badges/${id}`, f.tokens.admin, { name: 'Scholar' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().badge).toMatchObject({ name: 'Scholar', criterion: 'trainings', threshold: 3 });
    const tiered = await f.send('PATCH', `/api/admin/badges/${id}`, f.tokens.admin, {
      tiers: { bronze: 1, silver: 2, gold: 4 },
    });
    expect(tiered.json().badge).toMatchObject({ name: 'Scholar', threshold: null, tiers: { gold: 4 } });
    const archived = await f.send('PATCH', `/api/admin/badges/${id}`, f.tokens.admin, { archived: true });
    expect(archived.json().badge.archived).toBe(true);
    const list = (await f.send('GET', '/api/admin/badges', f.tokens.admin)).json().badges;
    expect(list.at(-1).id).toBe(id);
    const restored = await f.send('PATCH', `/api/admin/badges/${id}`, f.tokens.admin, { archived: false });
    expect(restored.json().badge.archived).toBe(false);
    const manual = await f.send('PATCH', `/api/admin/badges/${id}`, f.tokens.admin, { criterion: 'manual' });
    expect(manual.json().badge).toMatchObject({ criterion: 'manual', tiers: null, threshold: null });
  });

  it('answers 400 for a rule that does not hold, changing nothing', async () => {
    const badge = await createBadge(db(), {
      clientId: f.ids.demo,
      criterion: 'shares',
      thresholds: [3],
    });
    const before = await badgeRow(badge.id);
    for (const [body, message] of [
      [{ criterion: 'points' }, 'period is required'],
      [{ tiers: null }, 'threshold or tiers is required'],
      [{ name: '' }, 'name is required'],
      [{ period: 'week' }, 'period applies only to a points badge'],
      [{ hidden: 'yes' }, 'hidden must be true or false'],
    ] as const) {
      const res = await f.send('PATCH', `/api/admin/badges/${badge.id}`, f.tokens.admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await badgeRow(badge.id)).toEqual(before);
  });

  it("answers 404 for another client's badge and leaves it", async () => {
    const acme = await createBadge(db(), { clientId: f.ids.acme, name: 'Acme only' });
    const res = await f.send('PATCH', `/api/admin/badges/${acme.id}`, f.tokens.admin, { name: 'Taken' });
    expect(res.statusCode).toBe(404);
    expect((await f.send('GET', `/api/admin/badges/${acme.id}`, f.tokens.admin)).statusCode).toBe(404);
    expect((await badgeRow(acme.id))!.name).toBe('Acme only');
  });
});

describe('PUT /api/admin/badges/order', () => {
  it('puts the given badges first, in that order', async () => {
    const a = await createBadge(db(), { clientId: f.ids.demo, name: 'Order A' });
    const b = await createBadge(db(), { clientId: f.ids.demo, name: 'Order B' });
    const res = await f.send('PUT', '/api/admin/badges/order', f.tokens.admin, { ids: [b.id, a.id] });
    expect(res.statusCode).toBe(200);
    const ids = res.json().badges.map((x: { id: string }) => x.id);
    expect(ids.slice(0, 2)).toEqual([b.id, a.id]);
    expect(
      res
        .json()
        .badges.map((x: { position: number }) => x.position)
        .slice(0, 3),
    ).toEqual([0, 1, 2]);
  });

  it("answers 400 with another client's badge or a repeated id, changing nothing", async () => {
    const mine = await createBadge(db(), { clientId: f.ids.demo });
    const acme = await createBadge(db(), { clientId: f.ids.acme });
    const before = await demoBadges();
    const foreign = await f.send('PUT', '/api/admin/badges/order', f.tokens.admin, {
      ids: [acme.id, mine.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('ids must all be badges of this app');
    const repeated = await f.send('PUT', '/api/admin/badges/order', f.tokens.admin, {
      ids: [mine.id, mine.id],
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toContain('ids must not repeat a badge');
    expect(await demoBadges()).toEqual(before);
    expect((await badgeRow(acme.id))!.position).toBe(acme.position);
  });
});

describe('GET /api/admin/badges/{id}/awards', () => {
  it('pages the holders by member, and refuses a bad cursor or another client’s badge', async () => {
    const badge = await createBadge(db(), { clientId: f.ids.demo, criterion: 'manual' });
    const people = [];
    for (let i = 0; i < 3; i++) {
      const { user } = await f.newMember();
      people.push(user.id);
      await f.send('POST', `/api/admin/badges/${badge.id}/awards`, f.tokens.admin, {
        user_id: user.id,
        reason: `Reason ${i}`,
      });
    }
    const first = await f.send('GET', `/api/admin/badges/${badge.id}/awards?limit=2`, f.tokens.admin);
    expect(first.json().awards.map((a: { user: { id: string } }) => a.user.id)).toEqual(people.slice(0, 2));
    const cursor = first.json().next_cursor;
    expect(cursor).toBe(people[1]);
    const rest = await f.send(
      'GET',
      `/api/admin/badges/${badge.id}/awards?limit=2&cursor=${cursor}`,
      f.tokens.admin,
    );
    expect(rest.json()).toMatchObject({ awards: [{ user: { id: people[2] } }], next_cursor: null });
    const bad = await f.send('GET', `/api/admin/badges/${badge.id}/awards?cursor=nope`, f.tokens.admin);
    expect(bad.statusCode).toBe(400);
    const acme = await createBadge(db(), { clientId: f.ids.acme, criterion: 'manual' });
    expect((await f.send('GET', `/api/admin/badges/${acme.id}/awards`, f.tokens.admin)).statusCode).toBe(404);
  });
});

describe('manual awards', () => {
  it('awards with a reason, notifies the member, refuses a second award, and revokes with a record', async () => {
    const badge = await createBadge(db(), { clientId: f.ids.demo, name: 'Champion', criterion: 'manual' });
    const { user } = await f.newMember();
    const notifyBefore = (await jobsOfKind(db(), 'notify')).length;
    const res = await f.send('POST', `/api/admin/badges/${badge.id}/awards`, f.tokens.admin, {
      user_id: user.id,
      reason: 'Spoke at the all-hands',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().award).toMatchObject({
      badge_id: badge.id,
      user_id: user.id,
      tier: null,
      reason: 'Spoke at the all-hands',
    });
    const jobs = await jobsOfKind(db(), 'notify');
    expect(jobs.length).toBe(notifyBefore + 1);
    const mine = jobs.find((j) => (j.payload.to as { users?: string[] }).users?.includes(user.id));
    expect(mine!.payload).toMatchObject({
      kind: 'badge_earned',
      to: { users: [user.id] },
      title: 'You earned the Champion badge',
      body: 'Spoke at the all-hands',
      link: '/performance/badges',
    });
    {
      const holders = await f.send('GET', `/api/admin/badges/${badge.id}/awards`, f.tokens.admin);
      expect(holders.statusCode).toBe(200);
      expect(holders.json()).toEqual({
        awards: [
          {
            user: { id: user.id, display_name: expect.any(String), image_url: null },
            tier: null,
            reason: 'Spoke at the all-hands',
            earned_at: expect.stringMatching(/^\d{4}-/),
            manual: true,
          },
        ],
        next_cursor: null,
      });
    }
    const memberList = await f.send('GET', `/api/admin/badges/${badge.id}/awards`, f.tokens.member);
    expect(memberList.statusCode).toBe(403);
    const again = await f.send('POST', `/api/admin/badges/${badge.id}/awards`, f.tokens.admin, {
      user_id: user.id,
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);

    const revoke = await f.send('DELETE', `/api/admin/badges/${badge.id}/awards/${user.id}`, f.tokens.admin, {
      reason: 'Given by mistake',
    });
    expect(revoke.statusCode).toBe(200);
    expect(await db().select().from(userBadges).where(eq(userBadges.userId, user.id))).toEqual([]);
    const events = await db()
      .select()
      .from(badgeEvents)
      .where(and(eq(badgeEvents.userId, user.id), eq(badgeEvents.badgeId, badge.id)))
      .orderBy(badgeEvents.id);
    expect(events.map((e) => [e.action, e.reason])).toEqual([
      ['award', 'Spoke at the all-hands'],
      ['revoke', 'Given by mistake'],
    ]);
    const gone = await f.send('DELETE', `/api/admin/badges/${badge.id}/awards/${user.id}`, f.tokens.admin, {
      reason: 'Again',
    });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 400 for a badge awarded by its criterion or a missing reason, awarding nothing', async () => {
    const auto = await createBadge(db(), { clientId: f.ids.demo, criterion: 'shares', thresholds: [2] });
    const manual = await createBadge(db(), { clientId: f.ids.demo, criterion: 'manual' });
    const { user } = await f.newMember();
    const onAuto = await f.send('POST', `/api/admin/badges/${auto.id}/awards`, f.tokens.admin, {
      user_id: user.id,
      reason: 'Because',
    });
    expect(onAuto.statusCode).toBe(400);
    expect(onAuto.json().message).toContain('only a manual badge is awarded by hand');
    const noReason = await f.send('POST', `/api/admin/badges/${manual.id}/awards`, f.tokens.admin, {
      user_id: user.id,
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('reason is required');
    const badUser = await f.send('POST', `/api/admin/badges/${manual.id}/awards`, f.tokens.admin, {
      user_id: 'me',
      reason: 'x',
    });
    expect(badUser.statusCode).toBe(400);
    expect(badUser.json().message).toContain('user_id must be a member id');
    expect(await db().select().from(userBadges).where(eq(userBadges.userId, user.id))).toEqual([]);
  });

  it("answers 404 for another client's badge or member, awarding nothing", async () => {
    const acmeBadge = await createBadge(db(), { clientId: f.ids.acme, criterion: 'manual' });
    const mine = await createBadge(db(), { clientId: f.ids.demo, criterion: 'manual' });
    const acmeUser = await createUser(db(), { clientId: f.ids.acme });
    const { user } = await f.newMember();
    const foreignBadge = await f.send('POST', `/api/admin/badges/${acmeBadge.id}/awards`, f.tokens.admin, {
      user_id: user.id,
      reason: 'x',
    });
    expect(foreignBadge.statusCode).toBe(404);
    const foreignUser = await f.send('POST', `/api/admin/badges/${mine.id}/awards`, f.tokens.admin, {
      user_id: acmeUser.id,
      reason: 'x',
    });
    expect(foreignUser.statusCode).toBe(404);
    expect(foreignUser.json()).toEqual({ message: 'Member not found' });
    const acmeAdmin = await f.send(
      'POST',
      `/api/admin/badges/${mine.id}/awards`,
      f.tokens.acmeAdmin,
      { user_id: user.id, reason: 'x' },
      ACME_HOST,
    );
    expect(acmeAdmin.statusCode).toBe(404);
    expect(await db().select().from(userBadges).where(eq(userBadges.badgeId, mine.id))).toEqual([]);
    expect(await db().select().from(userBadges).where(eq(userBadges.badgeId, acmeBadge.id))).toEqual([]);
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { badges, clients, posts, shares } from '../../db/schema/index.ts';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createActivity, createBadge, createProject, createShare, createUser } from '../../test/factories.ts';
import { drainJobs } from '../../test/factories-notifications.ts';

/**
 * Feed celebrations of awards (a 'badge' post by the member, once per award, taken down on revocation) and the
 * progress of a recomputation (GET /api/admin/badges/{id}/recompute).
 */

const f = useAdminFixture();
const db = () => f.t.ctx.db;
const someId = '0190b7d2-9c6e-7e3a-8a43-6d0a1c2b3c4d';

let activityId: string | null = null;
async function share(userId: string) {
  if (!activityId) {
    const project = await createProject(db(), { clientId: f.ids.demo });
    activityId = (await createActivity(db(), { clientId: f.ids.demo, projectId: project.id })).id;
  }
  return createShare(db(), { clientId: f.ids.demo, userId, activityId, sharedAt: new Date() });
}
const celebrationsOf = (userId: string) =>
  db()
    .select()
    .from(posts)
    .where(and(eq(posts.authorId, userId), eq(posts.kind, 'badge')))
    .orderBy(posts.id);
const mine = async (userId: string, badgeName: string) =>
  (await celebrationsOf(userId)).filter((p) => p.body.includes(`the ${badgeName} badge`));

describe('feed celebrations', () => {
  it('celebrates an award once, by the member, with no points, and takes it down when the source is reversed', async () => {
    await createBadge(db(), {
      clientId: f.ids.demo,
      name: 'Herald',
      criterion: 'first_share',
      thresholds: [1],
    });
    const user = await createUser(db(), { clientId: f.ids.demo, firstName: 'Dana', lastName: 'Lee' });
    await share(user.id);
    await drainJobs(f.t);
    await share(user.id); // a second event re-evaluates: no second celebration
    await drainJobs(f.t);
    const [post, ...others] = await mine(user.id, 'Herald');
    expect(others).toEqual([]);
    expect(post).toMatchObject({
      clientId: f.ids.demo,
      body: 'Dana Lee earned the Herald badge',
      status: 'published',
      teamId: null,
    });

    const feed = await f.send('GET', '/api/feed?limit=50', f.tokens.member);
    expect(feed.statusCode).toBe(200);
    expect(feed.json().posts).toContainEqual(
      expect.objectContaining({
        id: post!.id,
        kind: 'badge',
        body: 'Dana Lee earned the Herald badge',
        author: expect.objectContaining({ id: user.id }),
        abilities: { can_edit: false, can_delete: false, can_pin: false },
      }),
    );

    await db().delete(shares).where(eq(shares.userId, user.id));
    await drainJobs(f.t);
    expect(await mine(user.id, 'Herald')).toEqual([
      expect.objectContaining({ id: post!.id, status: 'removed', removedAt: expect.any(Date) }),
    ]);
  });

  it('celebrates only the highest tier one event reached', async () => {
    const user = await createUser(db(), { clientId: f.ids.demo, firstName: 'Ari', lastName: 'Moss' });
    await share(user.id);
    await share(user.id);
    await drainJobs(f.t);
    // Created without a recomputation: the next event reaches bronze, silver and gold at once.
    await createBadge(db(), {
      clientId: f.ids.demo,
      name: 'Echo',
      criterion: 'shares',
      thresholds: [1, 2, 3],
    });
    await share(user.id);
    await drainJobs(f.t);
    const bodies = (await mine(user.id, 'Echo')).map((p) => p.body);
    expect(bodies).toEqual(['Ari Moss earned the Echo badge (Gold)']);
  });

  it('does not celebrate a hidden badge, a client without community, or a recomputation catching up', async () => {
    await createBadge(db(), {
      clientId: f.ids.demo,
      name: 'Secret',
      criterion: 'first_share',
      thresholds: [1],
      hidden: true,
    });
    const user = await createUser(db(), { clientId: f.ids.demo });
    await share(user.id);
    await drainJobs(f.t);
    expect(await mine(user.id, 'Secret')).toEqual([]);

    // A badge created after the fact is computed in the background: awarded and notified, not celebrated.
    const created = await f.send('POST', '/api/admin/badges', f.tokens.admin, {
      name: 'Backfilled',
      criterion: 'shares',
      threshold: 1,
    });
    expect(created.statusCode).toBe(201);
    await drainJobs(f.t);
    expect(await mine(user.id, 'Backfilled')).toEqual([]);

    const [demo] = await db().select().from(clients).where(eq(clients.id, f.ids.demo));
    await db()
      .update(clients)
      .set({ features: demo!.features.filter((x) => x !== 'community') })
      .where(eq(clients.id, f.ids.demo));
    try {
      await createBadge(db(), { clientId: f.ids.demo, name: 'Quiet', criterion: 'shares', thresholds: [2] });
      await share(user.id);
      await drainJobs(f.t);
      expect(await mine(user.id, 'Quiet')).toEqual([]);
    } finally {
      await db().update(clients).set({ features: demo!.features }).where(eq(clients.id, f.ids.demo));
    }
  });

  it('celebrates a manual award and takes it down when the admin revokes it', async () => {
    const badge = await createBadge(db(), { clientId: f.ids.demo, name: 'Helper', criterion: 'manual' });
    const user = await createUser(db(), { clientId: f.ids.demo, firstName: 'Kim', lastName: 'Ode' });
    const award = await f.send('POST', `/api/admin/badges/${badge.id}/awards`, f.tokens.admin, {
      user_id: user.id,
      reason: 'Ran the onboarding day',
    });
    expect(award.statusCode).toBe(201);
    const [post] = await mine(user.id, 'Helper');
    expect(post).toMatchObject({ body: 'Kim Ode earned the Helper badge', status: 'published' });
    const revoke = await f.send('DELETE', `/api/admin/badges/${badge.id}/awards/${user.id}`, f.tokens.admin, {
      reason: 'Given by mistake',
    });
    expect(revoke.statusCode).toBe(200);
    expect(await mine(user.id, 'Helper')).toEqual([expect.objectContaining({ status: 'removed' })]);
  });
});

describe('GET /api/admin/badges/{id}/recompute', () => {
  it('answers 401 without a session of this client', async () => {
    await expectSessionRequired(f.t, { method: 'GET', url: `/api/admin/badges/${someId}/recompute` });
  });

  it('answers 400 for an id that is not a badge id', async () => {
    const res = await f.send('GET', '/api/admin/badges/nope/recompute', f.tokens.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('id must be a badge id');
  });

  it('refuses members and leads (ADMIN only, SPEC 6)', async () => {
    const badge = await createBadge(db(), { clientId: f.ids.demo, criterion: 'manual' });
    await f.expectForbidden(
      ['member', 'lead'],
      'You are not allowed to see badges',
      'GET',
      `/api/admin/badges/${badge.id}/recompute`,
    );
  });

  it("answers 404 for another client's badge", async () => {
    const acme = await createBadge(db(), { clientId: f.ids.acme, criterion: 'manual' });
    expect((await f.send('GET', `/api/admin/badges/${acme.id}/recompute`, f.tokens.admin)).statusCode).toBe(
      404,
    );
    const mine = await createBadge(db(), { clientId: f.ids.demo, criterion: 'manual' });
    const acmeAdmin = await f.send(
      'GET',
      `/api/admin/badges/${mine.id}/recompute`,
      f.tokens.acmeAdmin,
      undefined,
      ACME_HOST,
    );
    expect(acmeAdmin.statusCode).toBe(404);
  });

  it('follows a recomputation after a criterion change until it is done', async () => {
    const created = await f.send('POST', '/api/admin/badges', f.tokens.admin, {
      name: 'Measured',
      criterion: 'shares',
      threshold: 4,
    });
    const id = created.json().badge.id as string;
    await drainJobs(f.t);
    const idle = await f.send('GET', `/api/admin/badges/${id}/recompute`, f.tokens.admin);
    expect(idle.json()).toMatchObject({ running: false, percent: 100 });

    expect(
      (await f.send('PATCH', `/api/admin/badges/${id}`, f.tokens.admin, { threshold: 2 })).statusCode,
    ).toBe(200);
    const [row] = await db().select().from(badges).where(eq(badges.id, id));
    const running = await f.send('GET', `/api/admin/badges/${id}/recompute`, f.tokens.admin);
    expect(running.json()).toEqual({ running: true, done: 0, total: row!.recomputeTotal, percent: 0 });
    expect(row!.recomputeTotal).toBeGreaterThan(0);

    await drainJobs(f.t);
    const done = await f.send('GET', `/api/admin/badges/${id}/recompute`, f.tokens.admin);
    expect(done.json()).toEqual({
      running: false,
      done: row!.recomputeTotal,
      total: row!.recomputeTotal,
      percent: 100,
    });
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, jobs } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createUser } from '../../test/factories.ts';
import { call, followUsers, memberWithToken } from '../../test/factories-people.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const followRows = (followerId: string) =>
  t.ctx.db.select().from(follows).where(eq(follows.followerId, followerId));
const followJobsFor = (followeeId: string) =>
  t.ctx.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, 'notify'),
        sql`${jobs.payload}->>'kind' = 'follow'`,
        sql`${jobs.payload}->'to'->'users' ? ${followeeId}`,
      ),
    );

describe('POST /api/users/{id}/follow', () => {
  it('answers 401 without a valid session of this client', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    await expectSessionRequired(t, { method: 'POST', url: `/api/users/${user.id}/follow` });
  });

  it('answers 400 for a bad id and for following yourself, following nobody', async () => {
    const a = await memberWithToken(t, ids.demo);
    const bad = await call(t, 'POST', '/api/users/someone/follow', a.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id must be a user id/);
    const self = await call(t, 'POST', `/api/users/${a.user.id}/follow`, a.token);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot follow yourself');
    expect(await followRows(a.user.id)).toHaveLength(0);
  });

  it("answers 404 for another client's member, an applicant and a deactivated member", async () => {
    const a = await memberWithToken(t, ids.demo);
    const acme = await createUser(t.ctx.db, { clientId: ids.acme });
    const applicant = await createUser(t.ctx.db, { clientId: ids.demo, role: 'APPLICANT' });
    const gone = await createUser(t.ctx.db, { clientId: ids.demo, isActive: false });
    for (const target of [acme, applicant, gone]) {
      expect((await call(t, 'POST', `/api/users/${target.id}/follow`, a.token)).statusCode).toBe(404);
    }
    expect(await followRows(a.user.id)).toHaveLength(0);
  });

  it('follows once (idempotent), notifies the followee once with a link to the follower', async () => {
    const a = await memberWithToken(t, ids.demo, { firstName: 'Fay', lastName: 'Follower' });
    const b = await createUser(t.ctx.db, { clientId: ids.demo });
    const first = await call(t, 'POST', `/api/users/${b.id}/follow`, a.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ is_following: true, follower_count: 1 });
    const again = await call(t, 'POST', `/api/users/${b.id}/follow`, a.token);
    expect(again.json()).toEqual({ is_following: true, follower_count: 1 });
    const queued = await followJobsFor(b.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.payload).toMatchObject({
      clientId: ids.demo,
      kind: 'follow',
      actorId: a.user.id,
      title: 'Fay Follower started following you',
      link: `/people/${a.user.id}`,
    });
  });
});

describe('DELETE /api/users/{id}/follow', () => {
  it('answers 401 without a valid session of this client', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    await expectSessionRequired(t, { method: 'DELETE', url: `/api/users/${user.id}/follow` });
  });

  it("answers 404 for another client's member", async () => {
    const a = await memberWithToken(t, ids.acme, {}, ACME_HOST);
    const demo = await createUser(t.ctx.db, { clientId: ids.demo });
    const res = await call(t, 'DELETE', `/api/users/${demo.id}/follow`, a.token, undefined, ACME_HOST);
    expect(res.statusCode).toBe(404);
  });

  it('unfollows (idempotent)', async () => {
    const a = await memberWithToken(t, ids.demo);
    const b = await createUser(t.ctx.db, { clientId: ids.demo });
    await followUsers(t.ctx.db, ids.demo, a.user.id, [b.id]);
    expect((await call(t, 'DELETE', `/api/users/${b.id}/follow`, a.token)).json()).toEqual({
      is_following: false,
      follower_count: 0,
    });
    expect((await call(t, 'DELETE', `/api/users/${b.id}/follow`, a.token)).statusCode).toBe(200);
    expect(await followRows(a.user.id)).toHaveLength(0);
  });
});

describe('GET /api/users/{id}/followers and /following', () => {
  it('answers 401 without a valid session of this client', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    await expectSessionRequired(t, { url: `/api/users/${user.id}/followers` });
    await expectSessionRequired(t, { url: `/api/users/${user.id}/following` });
  });

  it('answers 400 for a bad limit and 404 for another client', async () => {
    const a = await memberWithToken(t, ids.demo);
    const limit = await call(t, 'GET', `/api/users/${a.user.id}/followers?limit=abc`, a.token);
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toMatch(/limit must be a number/);
    const acme = await createUser(t.ctx.db, { clientId: ids.acme });
    expect((await call(t, 'GET', `/api/users/${acme.id}/following`, a.token)).statusCode).toBe(404);
  });

  it('pages followers and following with the cursor; empty lists; newer items', async () => {
    const star = await memberWithToken(t, ids.demo);
    const fans = [];
    for (let i = 0; i < 3; i++) fans.push(await createUser(t.ctx.db, { clientId: ids.demo }));
    for (const fan of fans) await followUsers(t.ctx.db, ids.demo, fan.id, [star.user.id]);
    await followUsers(t.ctx.db, ids.demo, star.user.id, [fans[0]!.id]);
    const [f0, f1, f2] = fans.map((f) => f.id);
    const url = (dir: string, q: string) => `/api/users/${star.user.id}/${dir}${q}`;

    const first = (await call(t, 'GET', url('followers', '?limit=2'), star.token)).json();
    expect(first.users.map((u: { id: string }) => u.id)).toEqual([f2, f1]);
    expect(first.next_cursor).toBe(f1);
    expect(first.users[0]).toEqual({ id: f2, display_name: 'Test User', image_url: null, location: null });
    const rest = (await call(t, 'GET', url('followers', `?limit=2&cursor=${f1}`), star.token)).json();
    expect(rest).toMatchObject({ users: [{ id: f0 }], next_cursor: null });
    const newer = (await call(t, 'GET', url('followers', `?limit=-1&cursor=${f0}`), star.token)).json();
    expect(newer.users.map((u: { id: string }) => u.id)).toEqual([f1]);
    const following = (await call(t, 'GET', url('following', ''), star.token)).json();
    expect(following).toEqual({
      users: [{ id: f0, display_name: 'Test User', image_url: null, location: null }],
      next_cursor: null,
    });
    const nobody = (await call(t, 'GET', `/api/users/${f2}/followers`, star.token)).json();
    expect(nobody).toEqual({ users: [], next_cursor: null });
  });
});

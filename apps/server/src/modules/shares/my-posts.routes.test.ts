import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, participations, projectMembers, shares } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import {
  clientIds,
  createActivity,
  createCreative,
  createProject,
  createShare,
  createUser,
  headersFor,
  joinProject,
  nextAddress,
} from '../../test/factories.ts';
import { inDays, newMember, postConfig } from './shares.fixture.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const myPosts = (token: string, query = '', host?: string) =>
  t.app.inject({ url: `/api/shares${query}`, headers: headersFor(token, host) });
const call = (token: string, method: 'POST', url: string, payload: object = {}) =>
  t.app.inject({ method, url, headers: headersFor(token), payload });
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** A fresh member in a fresh project with a Personal Page post (an image creative after a video). */
async function memberWithPost(points = 20) {
  const { user, token } = await newMember(t, ids.demo);
  const project = await createProject(t.ctx.db, { clientId: ids.demo, name: 'Spring launch' });
  await joinProject(t.ctx.db, { clientId: ids.demo, projectId: project.id, userId: user.id });
  const video = await createCreative(t.ctx.db, {
    clientId: ids.demo,
    kind: 'video',
    url: '/api/files/v.mp4',
  });
  const image = await createCreative(t.ctx.db, { clientId: ids.demo });
  const activity = await createActivity(t.ctx.db, {
    clientId: ids.demo,
    projectId: project.id,
    points,
    title: 'Share the launch',
    type: 'social_post',
    config: { ...postConfig().config, creative_ids: [video.id, image.id] },
  });
  return { user, token, project, activity, image };
}

describe('GET /api/shares (My Posts)', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/shares' });
  });

  it('answers 400 naming the bad query parameter', async () => {
    const { token } = await newMember(t, ids.demo);
    const cases: [string, RegExp][] = [
      ['?limit=0', /limit cannot be 0/],
      ['?limit=abc', /limit must be a number/],
      ['?cursor=nope', /must be a valid id/],
      ['?channel=myspace', /channel must be one of/],
      ['?project_id=launch', /project_id must be a project id/],
      ['?period=decade', /period must be one of 7d, 30d, 90d, year, all/],
    ];
    for (const [query, message] of cases) {
      const res = await myPosts(token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(message);
    }
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { token } = await newMember(t, ids.demo);
    await expectBlockedWhilePaused(t, { url: '/api/shares' }, { member: token, admin: adminToken });
  });

  it("never shows another member's or another client's shares, even filtered by their project", async () => {
    const { user, token, activity } = await memberWithPost();
    await createShare(t.ctx.db, { clientId: ids.demo, userId: user.id, activityId: activity.id });
    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    await createShare(t.ctx.db, { clientId: ids.demo, userId: other.id, activityId: activity.id });
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const acmeProject = await createProject(t.ctx.db, { clientId: ids.acme });
    const acmePost = await createActivity(t.ctx.db, {
      clientId: ids.acme,
      projectId: acmeProject.id,
      ...postConfig(),
    });
    await createShare(t.ctx.db, { clientId: ids.acme, userId: acmeUser.id, activityId: acmePost.id });
    const res = await myPosts(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().shares.map((s: { activity: { id: string } }) => s.activity.id)).toEqual([activity.id]);
    expect((await myPosts(token, `?project_id=${acmeProject.id}`)).json()).toEqual({
      shares: [],
      next_cursor: null,
    });
    // Acme's member sees only their own on their own host.
    const acmeToken = await t.login(acmeUser.email!, ACME_HOST);
    const acme = (await myPosts(acmeToken, '', ACME_HOST)).json();
    expect(acme.shares).toHaveLength(1);
    expect(acme.shares[0].url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/p\//);
  });

  it('lists every share newest first: pending with Confirm, then posted with clicks, points and status', async () => {
    const { token, project, activity, image } = await memberWithPost(25);
    const first = (
      await call(token, 'POST', `/api/activities/${activity.id}/shares`, {
        channel: 'linkedin',
        text: 'Big day',
      })
    ).json().share;
    const second = (
      await call(token, 'POST', `/api/activities/${activity.id}/shares`, {
        channel: 'twitter',
        text: 'Big day!',
      })
    ).json().share;
    const pending = (await myPosts(token)).json();
    expect(pending.shares.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
    expect(pending.shares[1]).toEqual({
      id: first.id,
      url: `http://localhost:3000/p/${first.id}`,
      channel: 'linkedin',
      text: 'Big day',
      clicks: 0,
      shared_at: null,
      post_url: null,
      created_at: expect.any(String),
      status: 'pending_confirmation',
      points: 0,
      creative: { url: image.url, kind: 'image' },
      activity: { id: activity.id, title: 'Share the launch' },
      project: { id: project.id, name: 'Spring launch' },
      can_confirm: true,
    });

    // Confirmed later from My Posts, then two visitors follow the link.
    expect(
      (
        await call(token, 'POST', `/api/shares/${first.id}/complete`, {
          post_url: 'https://linkedin.com/p/9',
        })
      ).statusCode,
    ).toBe(200);
    for (let i = 0; i < 2; i++)
      await t.app.inject({
        url: `/p/${first.id}`,
        remoteAddress: nextAddress(),
        headers: { host: DEMO_HOST, 'user-agent': BROWSER },
      });
    expect((await call(token, 'POST', `/api/shares/${second.id}/complete`)).statusCode).toBe(200);
    const after = (await myPosts(token)).json().shares;
    expect(after[1]).toMatchObject({
      id: first.id,
      status: 'shared',
      points: 25,
      clicks: 2,
      post_url: 'https://linkedin.com/p/9',
      can_confirm: false,
    });
    expect(after[1].shared_at).toEqual(expect.any(String));
    // The second network is posted too, for no more points.
    expect(after[0]).toMatchObject({ id: second.id, status: 'shared', points: 0, can_confirm: false });

    // The activity's participation decides verified / pending review.
    for (const [status, shown] of [
      ['approved', 'verified'],
      ['pending', 'pending_review'],
      ['rejected', 'rejected'],
    ] as const) {
      await t.ctx.db.update(participations).set({ status }).where(eq(participations.activityId, activity.id));
      expect((await myPosts(token)).json().shares[1].status).toBe(shown);
    }
  });

  it('offers no Confirm once the member left the project or the post is past due', async () => {
    const { user, token, activity, project } = await memberWithPost();
    await createShare(t.ctx.db, { clientId: ids.demo, userId: user.id, activityId: activity.id });
    expect((await myPosts(token)).json().shares[0].can_confirm).toBe(true);
    await t.ctx.db
      .update(activities)
      .set({ dueAt: inDays(-1) })
      .where(eq(activities.id, activity.id));
    expect((await myPosts(token)).json().shares[0]).toMatchObject({
      status: 'pending_confirmation',
      can_confirm: false,
    });
    await t.ctx.db.update(activities).set({ dueAt: null }).where(eq(activities.id, activity.id));
    await t.ctx.db.delete(projectMembers).where(eq(projectMembers.projectId, project.id));
    expect((await myPosts(token)).json().shares[0].can_confirm).toBe(false);
  });

  it('pages with limit and cursor (a negative limit with a cursor fetches newer ones) and filters', async () => {
    const { user, token, activity, project } = await memberWithPost();
    const other = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: project.id,
      ...postConfig(),
    });
    const elsewhere = await createProject(t.ctx.db, { clientId: ids.demo });
    const third = await createActivity(t.ctx.db, {
      clientId: ids.demo,
      projectId: elsewhere.id,
      ...postConfig(),
    });
    const make = (activityId: string, channel: string, daysAgo = 0) =>
      createShare(t.ctx.db, {
        clientId: ids.demo,
        userId: user.id,
        activityId,
        channel,
        createdAt: inDays(-daysAgo),
      });
    const a = await make(activity.id, 'twitter', 100);
    const b = await make(activity.id, 'linkedin', 40);
    const c = await make(other.id, 'twitter', 10);
    const d = await make(third.id, 'facebook', 1);
    const idsOf = (res: { json: () => { shares: { id: string }[] } }) => res.json().shares.map((s) => s.id);

    const page1 = await myPosts(token, '?limit=2');
    expect(idsOf(page1)).toEqual([d.id, c.id]);
    expect(page1.json().next_cursor).toBe(c.id);
    const page2 = await myPosts(token, `?limit=2&cursor=${c.id}`);
    expect(idsOf(page2)).toEqual([b.id, a.id]);
    expect(page2.json().next_cursor).toBeNull();
    expect(idsOf(await myPosts(token, `?limit=-2&cursor=${b.id}`))).toEqual([d.id, c.id]);

    expect(idsOf(await myPosts(token, '?channel=twitter'))).toEqual([c.id, a.id]);
    expect(idsOf(await myPosts(token, `?project_id=${project.id}`))).toEqual([c.id, b.id, a.id]);
    expect(idsOf(await myPosts(token, '?period=7d'))).toEqual([d.id]);
    expect(idsOf(await myPosts(token, '?period=30d'))).toEqual([d.id, c.id]);
    expect(idsOf(await myPosts(token, '?period=90d'))).toEqual([d.id, c.id, b.id]);
    expect(idsOf(await myPosts(token, `?period=all&channel=twitter&project_id=${project.id}`))).toEqual([
      c.id,
      a.id,
    ]);
    expect(await t.ctx.db.select().from(shares).where(eq(shares.userId, user.id))).toHaveLength(4);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, shareClicks, shares } from '../../db/schema/index.ts';
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
  nextAddress,
} from '../../test/factories.ts';
import { joinedPost as joinedPostOf, postConfig } from './shares.fixture.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const joinedPost = (
  ...args: Parameters<typeof joinedPostOf> extends [unknown, unknown, ...infer R] ? R : never
) => joinedPostOf(t, ids.demo, ...args);
const share = (activityId: string, token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/activities/${activityId}/shares`,
    headers: headersFor(token),
    payload,
  });
const listOf = (activityId: string, token: string, host?: string) =>
  t.app.inject({ url: `/api/activities/${activityId}/shares`, headers: headersFor(token, host) });
const complete = (shareId: string, token: string, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shares/${shareId}/complete`,
    headers: headersFor(token),
    payload,
  });
const rowsOf = (userId: string, activityId: string) =>
  t.ctx.db
    .select()
    .from(shares)
    .where(and(eq(shares.userId, userId), eq(shares.activityId, activityId)));
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const visit = (id: string, opts: { ua?: string; address?: string; method?: 'GET' | 'HEAD' } = {}) =>
  t.app.inject({
    method: opts.method ?? 'GET',
    url: `/p/${id}`,
    remoteAddress: opts.address ?? nextAddress(),
    headers: { host: DEMO_HOST, 'user-agent': opts.ua ?? BROWSER },
  });

describe('one tracked link per member, activity and network', () => {
  it('answers the same link on a re-share, with the latest text until it is confirmed', async () => {
    const { user, token, activity } = await joinedPost({}, ['twitter', 'linkedin']);
    const first = await share(activity.id, token, { channel: 'twitter', text: 'First words' });
    expect(first.statusCode).toBe(200);
    const again = await share(activity.id, token, { channel: 'twitter', text: 'Better words' });
    expect(again.statusCode).toBe(200);
    expect(again.json().share).toMatchObject({
      id: first.json().share.id,
      text: 'Better words',
      shared_at: null,
    });
    // Another network is another link.
    const linkedin = await share(activity.id, token, { channel: 'linkedin', text: 'First words' });
    expect(linkedin.json().share.id).not.toBe(first.json().share.id);
    expect(await rowsOf(user.id, activity.id)).toHaveLength(2);

    expect((await complete(first.json().share.id, token)).statusCode).toBe(200);
    const after = await share(activity.id, token, { channel: 'twitter', text: 'Rewritten later' });
    expect(after.statusCode).toBe(200);
    // The posted text stays as it was posted.
    expect(after.json().share).toMatchObject({ id: first.json().share.id, text: 'Better words' });
    expect(after.json().share.shared_at).toEqual(expect.any(String));
    expect(await rowsOf(user.id, activity.id)).toHaveLength(2);
  });

  it('makes one link when the member presses Share several times at the same moment', async () => {
    // Several rounds: on PostgreSQL the first burst may still be served one by one while the pool connects.
    for (let round = 0; round < 3; round++) {
      const { user, token, activity } = await joinedPost({}, ['twitter']);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          share(activity.id, token, { channel: 'twitter', text: `Go ${i}` }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(results.map((r) => r.json().share.id)).size).toBe(1);
      expect(await rowsOf(user.id, activity.id)).toHaveLength(1);
    }
  });
});

describe('GET /api/activities/{id}/shares', () => {
  it('answers 401 without a valid session of this client', async () => {
    const { activity } = await joinedPost();
    await expectSessionRequired(t, { url: `/api/activities/${activity.id}/shares` });
  });

  it('answers 400 for a bad id', async () => {
    const { token } = await joinedPost();
    const res = await listOf('nope', token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'id must be an activity id', code: 'invalid_input' });
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { token, activity } = await joinedPost();
    await expectBlockedWhilePaused(
      t,
      { url: `/api/activities/${activity.id}/shares` },
      { member: token, admin: adminToken },
    );
  });

  it("answers 404 for another client's activity and an unknown one", async () => {
    const { token } = await joinedPost();
    const acmeProject = await createProject(t.ctx.db, { clientId: ids.acme });
    const acmePost = await createActivity(t.ctx.db, {
      clientId: ids.acme,
      projectId: acmeProject.id,
      ...postConfig(),
    });
    expect((await listOf(acmePost.id, token)).statusCode).toBe(404);
    expect((await listOf('0190a0a0-0000-7000-8000-000000000000', token)).statusCode).toBe(404);
  });

  it("lists the member's own links of the activity: a pending one is still there after a reload", async () => {
    const { token, activity } = await joinedPost({}, ['twitter', 'linkedin']);
    const made = (await share(activity.id, token, { channel: 'linkedin', text: 'Proud of this' })).json()
      .share;
    // Someone else's share of the same post is not theirs to see.
    const other = await createUser(t.ctx.db, { clientId: ids.demo });
    await createShare(t.ctx.db, { clientId: ids.demo, userId: other.id, activityId: activity.id });
    const res = await listOf(activity.id, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      shares: [
        {
          id: made.id,
          url: `http://localhost:3000/p/${made.id}`,
          channel: 'linkedin',
          text: 'Proud of this',
          clicks: 0,
          shared_at: null,
          post_url: null,
        },
      ],
    });
  });
});

describe('GET /p/{id} with a destination', () => {
  async function postWithDestination(destination: string | null) {
    const { user, activity } = await joinedPost();
    await t.ctx.db
      .update(activities)
      .set({ config: { ...postConfig().config, destination_url: destination } })
      .where(eq(activities.id, activity.id));
    const row = await createShare(t.ctx.db, { clientId: ids.demo, userId: user.id, activityId: activity.id });
    return row;
  }
  const clicksOf = async (id: string) =>
    (await t.ctx.db.select().from(shareClicks).where(eq(shareClicks.shareId, id))).length;

  it('counts the visitor once, then sends them on to the stored destination with a 302', async () => {
    const row = await postWithDestination('https://example.com/careers?from=rally');
    const address = nextAddress();
    const res = await visit(row.id, { address });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://example.com/careers?from=rally');
    expect(await clicksOf(row.id)).toBe(1);
    expect((await visit(row.id, { address })).headers.location).toBe(
      'https://example.com/careers?from=rally',
    );
    expect(await clicksOf(row.id)).toBe(1);
    // Nothing in the request can change where it goes.
    const tricked = await t.app.inject({
      url: `/p/${row.id}?next=https://evil.example&url=https://evil.example`,
      remoteAddress: nextAddress(),
      headers: { host: DEMO_HOST, 'user-agent': BROWSER, referer: 'https://evil.example' },
    });
    expect(tricked.headers.location).toBe('https://example.com/careers?from=rally');
  });

  it('gives preview robots and HEAD requests the preview tags and the destination as its call to action', async () => {
    const row = await postWithDestination('https://example.com/launch');
    for (const res of [
      await visit(row.id, { ua: 'LinkedInBot/1.0' }),
      await visit(row.id, { method: 'HEAD' }),
    ]) {
      expect(res.statusCode).toBe(200);
    }
    const bot = await visit(row.id, { ua: 'facebookexternalhit/1.1' });
    expect(bot.body).toContain('<meta property="og:url" content="http://localhost:3000/p/');
    expect(bot.body).toContain(
      '<a class="cta" href="https://example.com/launch">Continue to example.com</a>',
    );
    expect(await clicksOf(row.id)).toBe(0);
  });

  it('never redirects to a stored address that is not http or https', async () => {
    const row = await postWithDestination('javascript:alert(1)');
    const res = await visit(row.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).not.toContain('javascript:');
    expect(res.body).toContain('Join Demo');
  });

  it('answers 404 on this host for a share of another client, with no redirect', async () => {
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const acmeProject = await createProject(t.ctx.db, { clientId: ids.acme });
    const acmePost = await createActivity(t.ctx.db, {
      clientId: ids.acme,
      projectId: acmeProject.id,
      type: 'social_post',
      config: { ...postConfig().config, destination_url: 'https://acme.example/' },
    });
    const row = await createShare(t.ctx.db, {
      clientId: ids.acme,
      userId: acmeUser.id,
      activityId: acmePost.id,
    });
    const res = await visit(row.id);
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    const own = await t.app.inject({
      url: `/p/${row.id}`,
      remoteAddress: nextAddress(),
      headers: { host: ACME_HOST, 'user-agent': BROWSER },
    });
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe('https://acme.example/');
  });
});

describe('the destination URL of a Personal Page activity (admin)', () => {
  const body = (destination: unknown) => ({
    title: 'Share the careers page',
    points: 10,
    config: {
      type: 'social_post',
      template_id: null,
      creative_ids: [],
      channels: [],
      destination_url: destination,
    },
  });

  it('is refused unless it is an http(s) address of at most 2048 characters, creating nothing', async () => {
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    const creative = await createCreative(t.ctx.db, { clientId: ids.demo });
    for (const destination of [
      '',
      'javascript:alert(1)',
      'ftp://example.com/x',
      'not a url',
      `https://e.com/${'a'.repeat(2048)}`,
      7,
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/projects/${project.id}/activities`,
        headers: headersFor(adminToken),
        payload: {
          ...body(destination),
          config: { ...body(destination).config, creative_ids: [creative.id] },
        },
      });
      expect(res.statusCode, String(destination).slice(0, 40)).toBe(400);
      expect(res.json().message).toMatch(/destination/i);
    }
    expect(await t.ctx.db.select().from(activities).where(eq(activities.projectId, project.id))).toEqual([]);
  });

  it('is stored when given, and cleared with null', async () => {
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    const creative = await createCreative(t.ctx.db, { clientId: ids.demo });
    const config = (destination: unknown) => ({ ...body(destination).config, creative_ids: [creative.id] });
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/admin/projects/${project.id}/activities`,
      headers: headersFor(adminToken),
      payload: { ...body(null), config: config(' https://example.com/jobs ') },
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().activity.id;
    const [stored] = await t.ctx.db.select().from(activities).where(eq(activities.id, id));
    expect(stored!.config.destination_url).toBe('https://example.com/jobs');
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/activities/${id}`,
      headers: headersFor(adminToken),
      payload: { config: config(null) },
    });
    expect(cleared.statusCode).toBe(200);
    const [after] = await t.ctx.db.select().from(activities).where(eq(activities.id, id));
    expect(after!.config.destination_url).toBeNull();
    // An activity made before destinations existed (no key at all) still reads fine, beside one with it.
    await createActivity(t.ctx.db, { clientId: ids.demo, projectId: project.id, ...postConfig() });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/activities/${id}`,
      headers: headersFor(adminToken),
      payload: { config: config('https://example.com/jobs') },
    });
    const detail = await t.app.inject({
      url: `/api/admin/projects/${project.id}`,
      headers: headersFor(adminToken),
    });
    expect(detail.statusCode).toBe(200);
    const configs = detail.json().project.activities.map((a: { config: object }) => a.config);
    expect(configs).toContainEqual(expect.objectContaining({ destination_url: 'https://example.com/jobs' }));
    expect(configs.some((c: object) => !('destination_url' in c))).toBe(true);
  });
});

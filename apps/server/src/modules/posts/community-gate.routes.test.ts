import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createTeam, createUser, headersFor } from '../../test/factories.ts';
import { createPost } from '../../test/factories-feed.ts';

// SPEC 2 and 6 on the server: the community needs feature community, and the white-label variant (Acme) has
// no client-wide feed — only team (Squad) feeds — whatever a client sends.
let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const FEED_OFF = { message: 'This app has no community feed, only Squad feeds', code: 'feature_off' };
const COMMUNITY_OFF = { message: 'The community is not enabled for this app', code: 'feature_off' };

async function memberOf(clientId: string) {
  const user = await createUser(t.ctx.db, { clientId });
  return { user, token: await t.login(user.email!, clientId === ids.acme ? ACME_HOST : DEMO_HOST) };
}
const call = (method: 'GET' | 'POST', url: string, token: string, host: string, payload?: object) =>
  t.app.inject({ method, url, headers: headersFor(token, host), ...(payload ? { payload } : {}) });

describe('the white-label community variant', () => {
  it('refuses the client-wide feed, following feed and client-wide posts, and changes nothing', async () => {
    const { token } = await memberOf(ids.acme);
    for (const url of ['/api/feed', '/api/feed?scope=following']) {
      const res = await call('GET', url, token, ACME_HOST);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(FEED_OFF);
    }
    const created = await call('POST', '/api/posts', token, ACME_HOST, { body: 'Hello everyone' });
    expect(created.statusCode).toBe(403);
    expect(created.json()).toEqual(FEED_OFF);
  });

  it("keeps team feeds: a squad's members post and read there", async () => {
    const { user, token } = await memberOf(ids.acme);
    const squad = await createTeam(t.ctx.db, { clientId: ids.acme }, [user.id]);
    const created = await call('POST', '/api/posts', token, ACME_HOST, {
      body: 'Squad news',
      team_id: squad.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const feed = await call('GET', `/api/teams/${squad.id}/posts`, token, ACME_HOST);
    expect(feed.statusCode).toBe(200);
    expect(feed.json().posts.map((p: { id: string }) => p.id)).toEqual([created.json().post.id]);
  });

  it('hides a client-wide post of the variant even by id (a share item, say)', async () => {
    const { user, token } = await memberOf(ids.acme);
    const post = await createPost(t.ctx.db, { clientId: ids.acme, authorId: user.id });
    const res = await call('GET', `/api/posts/${post.id}`, token, ACME_HOST);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(FEED_OFF);
  });
});

describe('a client without feature community', () => {
  it('refuses every feed, team feeds included, until the feature is back', async () => {
    const { user, token } = await memberOf(ids.demo);
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [user.id]);
    const [demo] = await t.ctx.db.select().from(clients).where(eq(clients.id, ids.demo));
    const setFeatures = async (features: string[]) => {
      await t.ctx.db.update(clients).set({ features }).where(eq(clients.id, ids.demo));
      t.app.invalidateTenants();
    };
    await setFeatures(demo!.features.filter((f) => f !== 'community'));
    try {
      for (const url of ['/api/feed', `/api/teams/${team.id}/posts`, '/api/mentions?q=a']) {
        const res = await call('GET', url, token, DEMO_HOST);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual(COMMUNITY_OFF);
      }
    } finally {
      await setFeatures(demo!.features);
    }
    expect((await call('GET', '/api/feed', token, DEMO_HOST)).statusCode).toBe(200);
  });
});

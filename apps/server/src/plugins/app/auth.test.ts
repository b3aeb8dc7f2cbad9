import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/secrets.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { whileDemoPaused } from '../../test/expectations.ts';
import { clientIds, createTeam, createUser, headersFor } from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const get = (url: string, token: string, host = DEMO_HOST) =>
  t.app.inject({ url, headers: headersFor(token, host) });
const PROTECTED_READS = [
  '/api/projects',
  '/api/notifications',
  '/api/teams/discover',
  '/api/stats',
  '/api/chat/seen',
  '/api/contract',
];

describe('session authentication', () => {
  it('reads the bearer token first, then the cookie', async () => {
    const token = await t.login('member@demo.test');
    const viaCookie = await t.app.inject({
      url: '/api/me',
      headers: { host: DEMO_HOST },
      cookies: { rally: token },
    });
    expect(viaCookie.statusCode).toBe(200);
    const badBearer = await t.app.inject({
      url: '/api/me',
      headers: headersFor('wrong'),
      cookies: { rally: token },
    });
    expect(badBearer.statusCode).toBe(401);
  });

  it('refuses an over-long token, an expired session and a deactivated user', async () => {
    expect((await get('/api/me', 'x'.repeat(300))).statusCode).toBe(401);

    const expiring = await createUser(t.ctx.db, { clientId: ids.demo });
    const expired = await t.login(expiring.email!);
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expired)));
    await t.ctx.sessions.invalidateUser(expiring.id);
    expect((await get('/api/me', expired)).statusCode).toBe(401);

    const leaving = await createUser(t.ctx.db, { clientId: ids.demo });
    const token = await t.login(leaving.email!);
    expect((await get('/api/me', token)).statusCode).toBe(200);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, leaving.id));
    await t.ctx.sessions.invalidateUser(leaving.id);
    expect((await get('/api/me', token)).statusCode).toBe(401);
  });
});

describe('paused client', () => {
  it('blocks a member and a lead on every protected call with client_paused', async () => {
    const member = await t.login('member@demo.test');
    const lead = await t.login('lead@demo.test');
    await whileDemoPaused(t, async () => {
      for (const token of [member, lead]) {
        for (const url of PROTECTED_READS) {
          const res = await get(url, token);
          expect(res.statusCode, url).toBe(403);
          expect(res.json()).toEqual({
            message: 'This app is paused by your organisation',
            code: 'client_paused',
          });
        }
      }
    });
    expect((await get('/api/projects', member)).statusCode).toBe(200);
  });

  it('keeps /api/me, logout and public calls open, so the app can show the pause and sign out', async () => {
    const member = await t.login('member@demo.test');
    await whileDemoPaused(t, async () => {
      const me = await get('/api/me', member);
      expect(me.statusCode).toBe(200);
      expect(me.json().user.client.config.paused).toBe(true);
      expect(
        (await t.app.inject({ url: '/api/bootstrap', headers: { host: DEMO_HOST } })).json().client.config
          .paused,
      ).toBe(true);
      const logout = await t.app.inject({ method: 'POST', url: '/api/logout', headers: headersFor(member) });
      expect(logout.statusCode).toBe(200);
      expect((await get('/api/me', member)).statusCode).toBe(401);
    });
  });

  it('lets an admin through, and members of a team in pause_override', async () => {
    const insider = await createUser(t.ctx.db, { clientId: ids.demo });
    const outsider = await createUser(t.ctx.db, { clientId: ids.demo });
    const team = await createTeam(t.ctx.db, { clientId: ids.demo }, [insider.id]);
    await createTeam(t.ctx.db, { clientId: ids.demo }, [outsider.id]);
    const [admin, insiderToken, outsiderToken] = [
      await t.login('admin@demo.test'),
      await t.login(insider.email!),
      await t.login(outsider.email!),
    ];
    await whileDemoPaused(t, async () => {
      for (const url of PROTECTED_READS) {
        expect((await get(url, admin)).statusCode, url).toBe(200);
        expect((await get(url, insiderToken)).statusCode, url).toBe(200);
        expect((await get(url, outsiderToken)).statusCode, url).toBe(403);
      }
    }, [team.id]);
  });

  it('pauses only that client', async () => {
    const acme = await t.login('member@acme.test');
    await whileDemoPaused(t, async () => {
      expect((await get('/api/projects', acme, ACME_HOST)).statusCode).toBe(200);
    });
  });
});

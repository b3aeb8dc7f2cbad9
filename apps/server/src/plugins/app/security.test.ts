import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { notifications } from '../../db/schema/index.ts';
import { buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createNotifications, createUser, headersFor, userByEmail } from '../../test/factories.ts';
import { CSP } from './security.ts';

let t: TestApp;
let demoId: string;
beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await clientIds(t.ctx.db)).demo;
});
afterAll(() => t.close());

describe('security headers', () => {
  it('are set on every answer: success, error and unknown route', async () => {
    const token = await t.login('member@demo.test');
    const answers = [
      await t.app.inject({ url: '/api/bootstrap', headers: { host: DEMO_HOST } }),
      await t.app.inject({ url: '/api/me', headers: headersFor(token) }),
      await t.app.inject({ url: '/api/me', headers: { host: DEMO_HOST } }),
      await t.app.inject({ url: '/api/nothing-here', headers: { host: DEMO_HOST } }),
      await t.app.inject({ method: 'POST', url: '/api/login', headers: { host: DEMO_HOST }, payload: {} }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 400]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe(CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    expect(CSP).toContain("frame-ancestors 'none'");
    expect(CSP).toContain("script-src 'self'");
    expect(CSP).toContain("object-src 'none'");
    expect(CSP).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('CSRF protection of cookie-authenticated writes', () => {
  /** A member with unread notifications and a session token, used through the cookie. */
  async function cookieMember() {
    const user = await createUser(t.ctx.db, { clientId: demoId });
    await createNotifications(t.ctx.db, 2, { clientId: demoId, userId: user.id });
    return { user, token: await t.login(user.email!) };
  }
  const readAll = (token: string, headers: Record<string, string>, via: 'cookie' | 'bearer' = 'cookie') =>
    t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: via === 'bearer' ? { ...headersFor(token), ...headers } : { host: DEMO_HOST, ...headers },
      cookies: via === 'cookie' ? { rally: token } : {},
    });
  const unreadOf = async (userId: string) =>
    (await t.ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).filter(
      (n) => n.readAt === null,
    ).length;

  it('refuses a write without Origin or Referer, and changes nothing', async () => {
    const { user, token } = await cookieMember();
    const res = await readAll(token, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused: missing Origin' });
    expect(await unreadOf(user.id)).toBe(2);
  });

  it('refuses a write from a foreign, malformed or other-port origin, and changes nothing', async () => {
    const { user, token } = await cookieMember();
    for (const origin of ['https://evil.example', 'null', 'http://localhost:5173', 'http://127.0.0.1']) {
      const res = await readAll(token, { origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json().message).toMatch(/^Cross-site request refused/);
    }
    const viaReferer = await readAll(token, { referer: 'https://evil.example/page' });
    expect(viaReferer.statusCode).toBe(403);
    expect(await unreadOf(user.id)).toBe(2);
  });

  it('refuses a cookie-authenticated profile change from another site', async () => {
    const { user, token } = await cookieMember();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { host: DEMO_HOST, origin: 'https://evil.example' },
      cookies: { rally: token },
      payload: { city: 'Pwned' },
    });
    expect(res.statusCode).toBe(403);
    expect((await userByEmail(t.ctx.db, user.email!)).city).toBeNull();
  });

  it('accepts a write from the same origin, by Origin or by Referer', async () => {
    const a = await cookieMember();
    const res = await readAll(a.token, { origin: `http://${DEMO_HOST}` });
    expect(res.statusCode).toBe(200);
    expect(await unreadOf(a.user.id)).toBe(0);

    const b = await cookieMember();
    const withPort = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { host: `${DEMO_HOST}:3000`, origin: `http://${DEMO_HOST}:3000` },
      cookies: { rally: b.token },
    });
    expect(withPort.statusCode).toBe(200);

    const c = await cookieMember();
    expect((await readAll(c.token, { referer: `http://${DEMO_HOST}/notifications` })).statusCode).toBe(200);
    expect(await unreadOf(c.user.id)).toBe(0);
  });

  it('accepts a bearer-token write from any origin, since another site cannot forge it', async () => {
    const { user, token } = await cookieMember();
    const res = await readAll(token, { origin: 'https://evil.example' }, 'bearer');
    expect(res.statusCode).toBe(200);
    expect(await unreadOf(user.id)).toBe(0);
    const noOrigin = await readAll(token, {}, 'bearer');
    expect(noOrigin.statusCode).toBe(200);
  });

  it('leaves safe reads with a cookie and writes without any cookie alone', async () => {
    const { token } = await cookieMember();
    const read = await t.app.inject({
      url: '/api/me',
      headers: { host: DEMO_HOST, origin: 'https://evil.example' },
      cookies: { rally: token },
    });
    expect(read.statusCode).toBe(200);
    // A native app or a script logging in sends no Origin and no cookie.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: DEMO_HOST },
      payload: { email: 'member@demo.test', password: 'rally-demo' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('framing by Microsoft Teams (issue 24)', () => {
  const STAND_IN = 'http://127.0.0.1:4999';
  let teams: TestApp;
  beforeAll(async () => {
    teams = await buildTestApp({ TEAMS_HOST_ORIGINS: STAND_IN });
  });
  afterAll(() => teams.close());

  it("lets Teams' hosts and TEAMS_HOST_ORIGINS frame every app page, without X-Frame-Options", async () => {
    for (const url of ['/', '/integrations/teams?context=tab', '/projects', '/login?to=%2F']) {
      const res = await teams.app.inject({ url, headers: { host: DEMO_HOST } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain(
        "frame-ancestors 'self' https://*.cloud.microsoft https://teams.microsoft.com https://*.teams.microsoft.com " +
          `https://*.microsoft365.com https://*.office.com https://outlook.office.com https://outlook.office365.com ${STAND_IN}`,
      );
      expect(csp.replace(/frame-ancestors[^;]*/, '')).toBe(CSP.replace(/frame-ancestors[^;]*/, ''));
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('keeps API answers unframable', async () => {
    for (const url of ['/api/bootstrap', '/api/me', '/api/nothing-here']) {
      const res = await teams.app.inject({ url, headers: { host: DEMO_HOST } });
      expect(res.headers['content-security-policy'], url).toBe(CSP);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('keeps the opener for the Teams sign-in pop-up only', async () => {
    const popup = await teams.app.inject({
      url: '/integrations/teams/sign-in',
      headers: { host: DEMO_HOST },
    });
    expect(popup.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const other = await teams.app.inject({ url: '/login', headers: { host: DEMO_HOST } });
    expect(other.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it("frames for Microsoft's hosts only when TEAMS_HOST_ORIGINS is unset", async () => {
    const res = await t.app.inject({ url: '/integrations/teams', headers: { host: DEMO_HOST } });
    expect(String(res.headers['content-security-policy'])).toMatch(
      /frame-ancestors [^;]*outlook\.office365\.com$/,
    );
    expect(String(res.headers['content-security-policy'])).not.toContain('127.0.0.1');
  });
});

describe('TEAMS_HOST_ORIGINS', () => {
  it('takes origins, and refuses anything else and http:// without the demo', () => {
    expect(
      loadConfig({ TEAMS_HOST_ORIGINS: 'http://127.0.0.1:4999, https://teams.example' }).teamsHostOrigins,
    ).toEqual(['http://127.0.0.1:4999', 'https://teams.example']);
    expect(loadConfig({}).teamsHostOrigins).toEqual([]);
    expect(() => loadConfig({ TEAMS_HOST_ORIGINS: 'https://teams.example/path' })).toThrow(
      /TEAMS_HOST_ORIGINS/,
    );
    expect(() => loadConfig({ TEAMS_HOST_ORIGINS: "https://a.example 'unsafe-inline'" })).toThrow(
      /TEAMS_HOST_ORIGINS/,
    );
    expect(() => loadConfig({ TEAMS_HOST_ORIGINS: 'http://127.0.0.1:4999', RALLY_DEMO: '0' })).toThrow(
      /TEAMS_HOST_ORIGINS/,
    );
    expect(
      loadConfig({ TEAMS_HOST_ORIGINS: 'https://teams.example', RALLY_DEMO: '0' }).teamsHostOrigins,
    ).toEqual(['https://teams.example']);
  });
});

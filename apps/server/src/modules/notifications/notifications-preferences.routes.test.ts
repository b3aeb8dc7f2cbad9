import { NOTIFICATION_KINDS } from '@rally/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createUser, headersFor } from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const URL = '/api/notifications/preferences';
async function freshMember(clientId = ids.demo) {
  const user = await createUser(t.ctx.db, { clientId });
  return { user, token: await t.login(user.email!, clientId === ids.acme ? '127.0.0.1' : 'localhost') };
}
const get = (token: string, host?: string) => t.app.inject({ url: URL, headers: headersFor(token, host) });
const put = (token: string, payload: unknown, host?: string) =>
  t.app.inject({ method: 'PUT', url: URL, headers: headersFor(token, host), payload: payload as object });
const stored = async (userId: string) =>
  (
    await t.ctx.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId))
  )[0];

describe('GET /api/notifications/preferences', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: URL });
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { token } = await freshMember();
    await expectBlockedWhilePaused(t, { url: URL }, { member: token, admin: adminToken });
  });

  it('answers no kind turned off until the member chooses, and no Web Push key without VAPID', async () => {
    const { token } = await freshMember();
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ push_off: [], web_push_key: null });
  });

  it('answers the VAPID public key when Web Push is configured', async () => {
    const withVapid = await buildTestApp({ VAPID_PUBLIC_KEY: 'BPublicKey', VAPID_PRIVATE_KEY: 'private' });
    try {
      const token = await withVapid.login('member@demo.test');
      const res = await withVapid.app.inject({ url: URL, headers: headersFor(token) });
      expect(res.json().web_push_key).toBe('BPublicKey');
    } finally {
      await withVapid.close();
    }
  });
});

describe('PUT /api/notifications/preferences', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'PUT', url: URL, payload: { push_off: [] } });
  });

  it('answers 400 naming push_off for a bad body, and changes nothing', async () => {
    const { token, user } = await freshMember();
    await put(token, { push_off: ['comment'] });
    const cases: [unknown, RegExp][] = [
      [{}, /push_off/],
      [{ push_off: 'comment' }, /push_off must be a list of notification kinds/],
      [{ push_off: ['comment', 'spam'] }, /push_off must hold only mention, comment/],
      [{ push_off: [1] }, /push_off/],
    ];
    for (const [payload, message] of cases) {
      const res = await put(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await stored(user.id))?.pushOff).toEqual(['comment']);
  });

  it('answers 403 client_paused to a member of a paused client, and changes nothing', async () => {
    const { token, user } = await freshMember();
    await expectBlockedWhilePaused(
      t,
      { method: 'PUT', url: URL, payload: { push_off: ['follow'] } },
      { member: token, admin: adminToken },
    );
    expect(await stored(user.id)).toBeUndefined();
  });

  it("changes only the signed-in member's own preferences, in their own client", async () => {
    const demo = await freshMember();
    const acme = await freshMember(ids.acme);
    await put(acme.token, { push_off: ['mention'] }, '127.0.0.1');
    await put(demo.token, { push_off: ['follow'] });
    expect((await stored(acme.user.id))?.pushOff).toEqual(['mention']);
    expect(await stored(acme.user.id)).toMatchObject({ clientId: ids.acme });
    expect(await stored(demo.user.id)).toMatchObject({ clientId: ids.demo, pushOff: ['follow'] });
  });

  it('stores the kinds once each in a stable order, answers them, and can turn every kind back on', async () => {
    const { token, user } = await freshMember();
    const res = await put(token, { push_off: ['reaction', 'comment', 'reaction'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ push_off: ['comment', 'reaction'], web_push_key: null });
    expect((await get(token)).json().push_off).toEqual(['comment', 'reaction']);
    const all = await put(token, { push_off: [...NOTIFICATION_KINDS].reverse() });
    expect(all.json().push_off).toEqual([...NOTIFICATION_KINDS]);
    expect((await put(token, { push_off: [] })).json().push_off).toEqual([]);
    expect((await stored(user.id))?.pushOff).toEqual([]);
  });
});

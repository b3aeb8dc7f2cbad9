import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeTime, devices, sessions } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/secrets.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired, whileDemoPaused } from '../../test/expectations.ts';
import { clientIds, createUser, headersFor, uploadFile, userByEmail } from '../../test/factories.ts';

let t: TestApp;
let demoId: string;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await clientIds(t.ctx.db)).demo;
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

/** A fresh member of Demo with a session, so tests never share profile, device or time rows. */
async function freshMember(
  overrides: Parameters<typeof createUser>[1] extends infer P ? Partial<P> : never = {},
) {
  const user = await createUser(t.ctx.db, { clientId: demoId, ...overrides });
  return { user, token: await t.login(user.email!) };
}
const patchMe = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: '/api/me', headers: headersFor(token), payload: payload as object });
const devicesOf = (userId: string) => t.ctx.db.select().from(devices).where(eq(devices.userId, userId));

describe('GET /api/me', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/me' });
  });

  it('answers 400 for a notifications value other than true or false', async () => {
    const { token } = await freshMember();
    const res = await t.app.inject({ url: '/api/me?notifications=maybe', headers: headersFor(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/notifications/);
    const [session] = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(session!.notificationsGranted).toBeNull();
  });

  it('stays open to a member while the client is paused, so the app can show why', async () => {
    const { token } = await freshMember();
    await whileDemoPaused(t, async () => {
      const res = await t.app.inject({ url: '/api/me', headers: headersFor(token) });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.client.config.paused).toBe(true);
    });
  });

  it('answers the user with the client, and records the reported push permission on the session', async () => {
    const { user, token } = await freshMember();
    const res = await t.app.inject({ url: '/api/me?notifications=true', headers: headersFor(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'USER',
      client_id: demoId,
      team_tags: [],
    });
    expect(res.json().user.client.name).toBe('Demo');
    const granted = async () =>
      (
        await t.ctx.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      )[0]!.notificationsGranted;
    expect(await granted()).toBe(true);
    await t.app.inject({ url: '/api/me?notifications=false', headers: headersFor(token) });
    expect(await granted()).toBe(false);
    await t.app.inject({ url: '/api/me', headers: headersFor(token) });
    expect(await granted()).toBe(false);
  });

  it('shows applications of an applicant and team tags of a lead', async () => {
    const applicant = await t.app.inject({
      url: '/api/me',
      headers: headersFor(await t.login('applicant@demo.test')),
    });
    expect(applicant.json().user.applications).toEqual([{ id: expect.any(String), status: 'pending' }]);
    const lead = await t.app.inject({ url: '/api/me', headers: headersFor(await t.login('lead@demo.test')) });
    expect(lead.json().user.team_tags).toHaveLength(1);
  });
});

describe('PATCH /api/me', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'PATCH', url: '/api/me', payload: { city: 'Paris' } });
  });

  it('answers 400 naming the field for bad input, and changes nothing', async () => {
    const { user, token } = await freshMember({ city: 'Lyon' });
    const malformed = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { ...headersFor(token), 'content-type': 'application/json' },
      payload: '{"city":',
    });
    expect(malformed.statusCode).toBe(400);
    const deviceId = randomUUID();
    const cases: [unknown, RegExp][] = [
      [{ city: 'x'.repeat(81) }, /City must be 80 characters or less/],
      [{ bio: 'x'.repeat(501) }, /Bio must be 500 characters or less/],
      [{ city: 42 }, /city/],
      [{ display_username: 'yes' }, /display_username/],
      [{ role: 'ADMIN' }, /Unrecognized key: "role"/],
      [{ client_id: randomUUID() }, /client_id/],
      [{ fcm: 'push-token' }, /fcm and deviceId must be sent together/],
      [{ deviceId }, /fcm and deviceId must be sent together/],
      [{ fcm: 'push-token', deviceId: 'not-a-uuid' }, /deviceId must be a UUID/],
      [{ fcm: 'push-token', deviceId, platform: 'windows' }, /platform must be one of ios, android, web/],
      // A web device's token is a Web Push subscription; the server never posts into its own network.
      [{ fcm: 'push-token', deviceId, platform: 'web' }, /fcm must be a Web Push subscription/],
      [
        {
          fcm: JSON.stringify({
            endpoint: 'https://169.254.169.254/latest',
            keys: { p256dh: 'a', auth: 'b' },
          }),
          deviceId,
          platform: 'web',
        },
        /fcm must be a Web Push subscription whose endpoint is an https URL of a push service/,
      ],
      [{ display_username: true }, /Username is required/],
      [{ display_username: true, username: '   ' }, /Username is required/],
      // A refused profile change must not register the device sent with it either.
      [{ fcm: 'push-token', deviceId, display_username: true }, /Username is required/],
    ];
    for (const [payload, message] of cases) {
      const res = await patchMe(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const after = await userByEmail(t.ctx.db, user.email!);
    expect(after).toEqual(user);
    expect(await devicesOf(user.id)).toEqual([]);
  });

  it('answers 403 client_paused to a member of a paused client, and changes nothing', async () => {
    const { user, token } = await freshMember({ city: 'Lyon' });
    await expectBlockedWhilePaused(
      t,
      { method: 'PATCH', url: '/api/me', payload: { bio: 'Admins may edit' } },
      { member: token, admin: adminToken },
    );
    expect(await userByEmail(t.ctx.db, user.email!)).toEqual(user);
  });

  it('updates profile fields trimmed, turns an empty string into null and leaves absent fields alone', async () => {
    const { user, token } = await freshMember({ city: 'Lyon', country: 'France', bio: 'Old bio' });
    const res = await patchMe(token, {
      first_name: '  Zoe ',
      city: '',
      state: '  Rhône ',
      username: ' zoe_z ',
      display_username: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      first_name: 'Zoe',
      last_name: 'User',
      city: null,
      state: 'Rhône',
      country: 'France',
      bio: 'Old bio',
      username: 'zoe_z',
      display_username: true,
    });
    const row = await userByEmail(t.ctx.db, user.email!);
    expect(row).toMatchObject({
      firstName: 'Zoe',
      city: null,
      state: 'Rhône',
      country: 'France',
      username: 'zoe_z',
    });
    // With a username stored, display_username may be switched on again without sending it.
    expect((await patchMe(token, { display_username: false })).json().user.display_username).toBe(false);
    expect((await patchMe(token, { display_username: true })).json().user.display_username).toBe(true);
    // But the username cannot be removed while it is displayed.
    expect((await patchMe(token, { username: '' })).statusCode).toBe(400);
    expect((await patchMe(token, { username: '', display_username: false })).json().user.username).toBeNull();
  });

  it('registers a device; another member cannot take it over until its owner removes it', async () => {
    const a = await freshMember();
    const b = await freshMember();
    const deviceId = randomUUID();
    const res = await patchMe(a.token, { fcm: 'token-a', platform: 'ios', deviceId });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(a.user.id);
    expect(await devicesOf(a.user.id)).toEqual([
      expect.objectContaining({ clientId: demoId, deviceId, fcmToken: 'token-a', platform: 'ios' }),
    ]);
    await patchMe(a.token, { fcm: 'token-a2', deviceId });
    expect((await devicesOf(a.user.id)).map((d) => [d.fcmToken, d.platform])).toEqual([['token-a2', 'web']]);

    // Knowing A's device id must not move A's pushes to B (nor change B's profile in the same request).
    const taken = await patchMe(b.token, { fcm: 'token-b', platform: 'android', deviceId, city: 'Oslo' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'This device is registered to another account',
      code: 'device_taken',
    });
    expect((await devicesOf(a.user.id)).map((d) => d.fcmToken)).toEqual(['token-a2']);
    expect(await devicesOf(b.user.id)).toEqual([]);
    expect((await userByEmail(t.ctx.db, b.user.email!)).city).not.toBe('Oslo');

    // A signs out on that device (logout removes the registration): now B may register it.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/fcm/${deviceId}`,
      headers: headersFor(a.token),
    });
    expect(removed.statusCode).toBe(200);
    expect((await patchMe(b.token, { fcm: 'token-b', platform: 'android', deviceId })).statusCode).toBe(200);
    expect((await devicesOf(b.user.id)).map((d) => d.fcmToken)).toEqual(['token-b']);
  });

  it("refuses another member's or another client's upload as the profile picture", async () => {
    const a = await freshMember();
    const b = await freshMember();
    const acme = await t.login('member@acme.test');
    const ids = await clientIds(t.ctx.db);
    const ofA = await uploadFile(t.app, a.token, { type: 'avatar', objectId: ids.demo });
    const ofAcme = await uploadFile(t.app, acme, { type: 'avatar', objectId: ids.acme, host: ACME_HOST });
    for (const url of [ofA, ofAcme]) {
      const res = await patchMe(b.token, { image_url: url });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Image must be a picture you uploaded to this app');
    }
    expect((await userByEmail(t.ctx.db, b.user.email!)).imageUrl).toBeNull();
    const own = await patchMe(a.token, { image_url: ofA });
    expect(own.statusCode).toBe(200);
    expect(own.json().user.image_url).toBe(ofA);
    // Sending the picture one already has again is fine.
    expect((await patchMe(a.token, { image_url: ofA, city: 'Bergen' })).statusCode).toBe(200);
  });

  it('cannot touch another client: a session here only ever updates its own user', async () => {
    const { user, token } = await freshMember();
    await patchMe(token, { city: 'Utrecht' });
    const acmeMember = await userByEmail(t.ctx.db, 'member@acme.test');
    expect(acmeMember.city).toBe('Denver');
    expect((await userByEmail(t.ctx.db, user.email!)).city).toBe('Utrecht');
  });
});

describe('DELETE /api/fcm/{deviceId}', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'DELETE', url: `/api/fcm/${randomUUID()}` });
  });

  it('answers 400 for a device id that is not a UUID', async () => {
    const { token } = await freshMember();
    const res = await t.app.inject({ method: 'DELETE', url: '/api/fcm/abc', headers: headersFor(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/id must be a device id/);
  });

  it("answers 404 for an unknown device and for another member's device, which stays registered", async () => {
    const owner = await freshMember();
    const other = await freshMember();
    const deviceId = randomUUID();
    await patchMe(owner.token, { fcm: 'push', deviceId });
    for (const id of [randomUUID(), deviceId]) {
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/fcm/${id}`,
        headers: headersFor(other.token),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Device not found' });
    }
    expect(await devicesOf(owner.user.id)).toHaveLength(1);
  });

  it('removes the own device, also while the client is paused (logout unregisters push)', async () => {
    const { user, token } = await freshMember();
    const [first, second] = [randomUUID(), randomUUID()];
    await patchMe(token, { fcm: 'push-1', deviceId: first });
    await patchMe(token, { fcm: 'push-2', deviceId: second });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/fcm/${first}`,
      headers: headersFor(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await devicesOf(user.id)).map((d) => d.deviceId)).toEqual([second]);
    await whileDemoPaused(t, async () => {
      const paused = await t.app.inject({
        method: 'DELETE',
        url: `/api/fcm/${second}`,
        headers: headersFor(token),
      });
      expect(paused.statusCode).toBe(200);
    });
    expect(await devicesOf(user.id)).toEqual([]);
  });
});

describe('POST /api/time', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'POST', url: '/api/time' });
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { token } = await freshMember();
    await expectBlockedWhilePaused(
      t,
      { method: 'POST', url: '/api/time' },
      { member: token, admin: adminToken },
    );
  });

  it('credits 60 s for the first ping and nothing more for an immediate second one', async () => {
    const { user, token } = await freshMember();
    const ping = () => t.app.inject({ method: 'POST', url: '/api/time', headers: headersFor(token) });
    const first = await ping();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ seconds_today: 60 });
    expect((await ping()).json()).toEqual({ seconds_today: 60 });
    const rows = await t.ctx.db.select().from(activeTime).where(eq(activeTime.userId, user.id));
    expect(rows).toEqual([expect.objectContaining({ clientId: demoId, seconds: 60 })]);
  });

  it('credits another minute once the last ping is 50 s or more ago', async () => {
    const { user, token } = await freshMember();
    const ping = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/time',
        headers: { host: DEMO_HOST, authorization: `Bearer ${token}` },
      });
    await ping();
    await t.ctx.db
      .update(activeTime)
      .set({ lastPingAt: new Date(Date.now() - 55_000) })
      .where(eq(activeTime.userId, user.id));
    expect((await ping()).json()).toEqual({ seconds_today: 120 });
    expect((await ping()).json()).toEqual({ seconds_today: 120 });
  });
});

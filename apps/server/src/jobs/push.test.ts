import { createVerify, generateKeyPairSync } from 'node:crypto';
import { createRequire } from 'node:module';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { devices, jobs, notifications, pushDeliveries } from '../db/schema/index.ts';
import { notify } from '../modules/notifications/notify.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { clientIds, createNotification, createUser, unique } from '../test/factories.ts';
import {
  createDevice,
  createSubscription,
  drainJobs,
  setPushOff,
  startRecorder,
} from '../test/factories-notifications.ts';
import { createPushSenders } from './push/senders.ts';
import { pushJob } from './push.ts';

// http_ece comes with web-push; here it plays the browser, decrypting what the push service received.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer;
};

const google = await startRecorder();
const pushService = await startRecorder();
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const vapid = webpush.generateVAPIDKeys();
let configured: TestApp;
let bare: TestApp;
let ids: { demo: string; acme: string };

beforeAll(async () => {
  configured = await buildTestApp({
    FCM_PROJECT_ID: 'rally-test',
    FCM_SERVICE_ACCOUNT: JSON.stringify({
      client_email: 'push@rally-test.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
    }),
    FCM_API_URL: google.url,
    FCM_TOKEN_URL: `${google.url}/token`,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:ops@rally.test',
  });
  bare = await buildTestApp();
  ids = await clientIds(configured.ctx.db);
});
afterAll(async () => {
  await Promise.all([configured.close(), bare.close(), google.close(), pushService.close()]);
});

/** FCM stand-in: a token, then per device token 'gone' → 404, 'flaky' → 503 (until fixed), else 200. */
let isFlakyFixed = false;
google.respond = (req) => {
  if (req.url === '/token') return { status: 200, body: { access_token: 'access-1', expires_in: 3600 } };
  const token = JSON.parse(req.body.toString()).message.token as string;
  if (token.startsWith('gone')) return { status: 404, body: { error: { status: 'NOT_FOUND' } } };
  if (token.startsWith('flaky') && !isFlakyFixed)
    return { status: 503, body: { error: { status: 'UNAVAILABLE' } } };
  return { status: 200, body: { name: 'projects/rally-test/messages/1' } };
};
pushService.respond = (req) => ({ status: req.url.startsWith('/gone') ? 410 : 201 });

/** A member with the given devices, notified once; answers the member, devices and notification. */
async function notifiedMember(t: TestApp, tokens: { platform: 'ios' | 'android' | 'web'; token: string }[]) {
  const user = await createUser(t.ctx.db, { clientId: ids.demo });
  const devs = [];
  for (const d of tokens)
    devs.push(await createDevice(t.ctx.db, { clientId: ids.demo, userId: user.id, ...d }));
  await notify(t.ctx.db, {
    clientId: ids.demo,
    kind: 'comment',
    to: { users: [user.id] },
    title: 'Ana commented on your post',
    body: 'Great work!',
    link: '/community/feed?post=1',
  });
  await drainJobs(t);
  const [n] = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
  return { user, devices: devs, notification: n! };
}
const deliveriesOf = (t: TestApp, notificationId: string) =>
  t.ctx.db.select().from(pushDeliveries).where(eq(pushDeliveries.notificationId, notificationId));

describe('push job without senders configured', () => {
  it('records one delivery per device, sender none, nothing sent', async () => {
    const { notification, devices: devs } = await notifiedMember(bare, [
      { platform: 'android', token: unique('t') },
      { platform: 'web', token: unique('t') },
    ]);
    const rows = await deliveriesOf(bare, notification.id);
    expect(rows.map((r) => [r.deviceId, r.sender, r.status, r.error]).sort()).toEqual(
      devs.map((d) => [d.id, 'none', 'recorded', null]).sort(),
    );
  });

  it('sends nothing for a kind turned off after the push was queued', async () => {
    const user = await createUser(bare.ctx.db, { clientId: ids.demo });
    await createDevice(bare.ctx.db, { clientId: ids.demo, userId: user.id });
    const n = await createNotification(bare.ctx.db, { clientId: ids.demo, userId: user.id, kind: 'follow' });
    await setPushOff(bare.ctx.db, { clientId: ids.demo, userId: user.id, kinds: ['follow'] });
    const job = { id: 'test', kind: 'push', payload: {}, attempts: 1 };
    await pushJob(createPushSenders(bare.ctx.config)).run(
      { clientId: ids.demo, notificationId: n.id },
      { db: bare.ctx.db, job },
    );
    expect(await deliveriesOf(bare, n.id)).toEqual([]);
  });
});

describe('push job through FCM HTTP v1', () => {
  it('signs in with a service-account JWT and sends the message with its link', async () => {
    const token = unique('ok-');
    const { notification } = await notifiedMember(configured, [{ platform: 'ios', token }]);
    const signIn = google.requests.find((r) => r.url === '/token')!;
    const form = new URLSearchParams(signIn.body.toString());
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const [header, claims, signature] = form.get('assertion')!.split('.');
    expect(
      createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, signature!, 'base64url'),
    ).toBe(true);
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toMatchObject({
      iss: 'push@rally-test.iam.gserviceaccount.com',
      scope: 'https://www.googleapis.com/auth/firebase.messaging',
      aud: `${google.url}/token`,
    });
    const sent = google.requests.find((r) => r.body.toString().includes(token))!;
    expect(sent.url).toBe('/v1/projects/rally-test/messages:send');
    expect(sent.headers.authorization).toBe('Bearer access-1');
    expect(JSON.parse(sent.body.toString()).message).toMatchObject({
      token,
      notification: { title: 'Ana commented on your post', body: 'Great work!' },
      data: { id: notification.id, kind: 'comment', link: '/community/feed?post=1', badge: '1' },
      android: { notification: { notification_count: 1 } },
      apns: { payload: { aps: { badge: 1 } } },
    });
    expect(await deliveriesOf(configured, notification.id)).toEqual([
      expect.objectContaining({ sender: 'fcm', status: 'sent', error: null }),
    ]);
  });

  it("sends a Spanish member's push in Spanish, an English member's in English, from the same message", async () => {
    const [spanish, english] = [
      await createUser(configured.ctx.db, { clientId: ids.demo, locale: 'es' }),
      await createUser(configured.ctx.db, { clientId: ids.demo }),
    ];
    const [es, en] = [unique('ok-es-'), unique('ok-en-')];
    await createDevice(configured.ctx.db, {
      clientId: ids.demo,
      userId: spanish.id,
      platform: 'ios',
      token: es,
    });
    await createDevice(configured.ctx.db, {
      clientId: ids.demo,
      userId: english.id,
      platform: 'ios',
      token: en,
    });
    await notify(configured.ctx.db, {
      clientId: ids.demo,
      kind: 'participation_approved',
      to: { users: [spanish.id, english.id] },
      title: 'Your submission to “Unbox” was approved',
      body: 'You earned 5 points.',
      message: {
        key: 'participation_approved',
        body_key: 'points_earned',
        params: { activity: 'Unbox', points: '5' },
      },
      link: '/projects',
    });
    await drainJobs(configured);
    const sentTo = (token: string) =>
      JSON.parse(google.requests.find((r) => r.body.toString().includes(token))!.body.toString()).message;
    expect(sentTo(es).notification).toEqual({
      title: 'Tu envío a “Unbox” fue aprobado',
      body: 'Ganaste 5 puntos.',
    });
    expect(sentTo(en).notification).toEqual({
      title: 'Your submission to “Unbox” was approved',
      body: 'You earned 5 points.',
    });
    // The project word is the client's word in the reader's language (Demo keeps the default: Proyecto).
    await notify(configured.ctx.db, {
      clientId: ids.demo,
      kind: 'new_project',
      to: { users: [spanish.id] },
      title: 'New project: Spring',
      message: { key: 'new_project', params: { project_word: 'project', project: 'Spring' } },
      link: '/projects',
    });
    await drainJobs(configured);
    const pushed = google.requests.filter((r) => r.body.toString().includes(es));
    expect(JSON.parse(pushed.at(-1)!.body.toString()).message.notification).toEqual({
      title: 'Nuevo proyecto: Spring',
    });
    // The in-app row keeps the English text and the message; the web says it in the reader's language.
    const [row] = await configured.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, spanish.id))
      .orderBy(notifications.id);
    expect(row).toMatchObject({
      title: 'Your submission to “Unbox” was approved',
      message: { key: 'participation_approved' },
    });
  });

  it('removes a device whose token FCM calls gone, and retries passing faults for that device only', async () => {
    const ok = unique('ok-');
    const { notification, devices: devs } = await notifiedMember(configured, [
      { platform: 'android', token: ok },
      { platform: 'android', token: unique('gone-') },
      { platform: 'ios', token: unique('flaky-') },
    ]);
    const rows = await deliveriesOf(configured, notification.id);
    const byDevice = (i: number) => rows.filter((r) => r.deviceId === devs[i]!.id);
    expect(byDevice(0)).toEqual([expect.objectContaining({ status: 'sent' })]);
    // The removed device's deliveries keep their row with a cleared device id.
    expect(rows.filter((r) => r.deviceId === null)).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.stringMatching(/^FCM 404/) }),
    ]);
    expect(await configured.ctx.db.select().from(devices).where(eq(devices.id, devs[1]!.id))).toEqual([]);
    expect(byDevice(2)).toEqual([
      expect.objectContaining({ status: 'failed', error: expect.stringMatching(/^FCM 503/) }),
    ]);
    const [job] = (await configured.ctx.db.select().from(jobs).where(eq(jobs.kind, 'push'))).filter(
      (j) => j.payload.notificationId === notification.id,
    );
    expect(job).toMatchObject({ doneAt: null, attempts: 1, error: '1 of 3 push sends failed for now' });

    isFlakyFixed = true;
    await configured.ctx.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, job!.id));
    await drainJobs(configured);
    const after = await deliveriesOf(configured, notification.id);
    expect(after.filter((r) => r.deviceId === devs[2]!.id).map((r) => r.status)).toEqual(['failed', 'sent']);
    expect(google.requests.filter((r) => r.body.toString().includes(ok))).toHaveLength(1);
  });
});

describe('push job through Web Push', () => {
  it('sends an encrypted, VAPID-signed message that the subscription can read', async () => {
    const subscription = createSubscription(`${pushService.url}/push/${unique('s')}`);
    const { notification } = await notifiedMember(configured, [
      { platform: 'web', token: subscription.json },
    ]);
    const [received] = pushService.requests.filter((r) => subscription.json.includes(r.url));
    expect(received!.headers.authorization).toMatch(/^vapid t=.+, k=/);
    expect(received!.headers['content-encoding']).toBe('aes128gcm');
    expect(received!.headers.ttl).toBe('86400');
    const plain = ece.decrypt(received!.body, {
      version: 'aes128gcm',
      privateKey: subscription.ecdh,
      authSecret: subscription.auth.toString('base64url'),
    });
    expect(JSON.parse(plain.toString())).toEqual({
      id: notification.id,
      kind: 'comment',
      title: 'Ana commented on your post',
      body: 'Great work!',
      link: '/community/feed?post=1',
      badge: 1,
    });
    expect(await deliveriesOf(configured, notification.id)).toEqual([
      expect.objectContaining({ sender: 'webpush', status: 'sent' }),
    ]);
  });

  it("carries the recipient's unread count as the badge: it grows with unread ones and drops once they are read", async () => {
    const subscription = createSubscription(`${pushService.url}/push/${unique('b')}`);
    const { user } = await notifiedMember(configured, [{ platform: 'web', token: subscription.json }]);
    const badges = () =>
      pushService.requests
        .filter((r) => subscription.json.includes(r.url))
        .map(
          (r) =>
            JSON.parse(
              ece
                .decrypt(r.body, {
                  version: 'aes128gcm',
                  privateKey: subscription.ecdh,
                  authSecret: subscription.auth.toString('base64url'),
                })
                .toString(),
            ).badge,
        );
    const again = async () => {
      await notify(configured.ctx.db, {
        clientId: ids.demo,
        kind: 'comment',
        to: { users: [user.id] },
        title: 'Ben commented on your post',
        body: null,
        link: '/community/feed',
      });
      await drainJobs(configured);
    };
    await again();
    expect(badges()).toEqual([1, 2]);
    // Read on another device: the next push counts only what is still unread.
    await configured.ctx.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(eq(notifications.userId, user.id));
    await again();
    expect(badges()).toEqual([1, 2, 1]);
  });

  it('removes a subscription the push service calls gone (410), and fails a token that is no subscription', async () => {
    const gone = createSubscription(`${pushService.url}/gone/${unique('s')}`);
    const { notification, devices: devs } = await notifiedMember(configured, [
      { platform: 'web', token: gone.json },
      { platform: 'web', token: 'not-json' },
    ]);
    const rows = await deliveriesOf(configured, notification.id);
    expect(rows.map((r) => r.error).sort()).toEqual([
      'Not a Web Push subscription',
      expect.stringMatching(/^Web Push 410/),
    ]);
    const left = await configured.ctx.db
      .select({ id: devices.id })
      .from(devices)
      .where(
        inArray(
          devices.id,
          devs.map((d) => d.id),
        ),
      );
    expect(left).toEqual([{ id: devs[1]!.id }]);
  });
});

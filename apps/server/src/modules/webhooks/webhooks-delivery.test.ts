import { WEBHOOK_DISABLE_AFTER_FAILURES, WEBHOOK_MAX_ATTEMPTS } from '@rally/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import {
  clientIds,
  createActivity,
  createProject,
  createShare,
  headersFor,
  mailsTo,
  userByEmail,
} from '../../test/factories.ts';
import {
  expectedSignature,
  type Received,
  type Receiver,
  signaturesOf,
  startReceiver,
} from './webhooks.fixture.ts';
import { setWebhookTransport } from './webhooks.http.ts';

/**
 * Deliveries to a real http receiver on 127.0.0.1 (the server runs with WEBHOOKS_ALLOW_PRIVATE=1, as the e2e suite
 * does): Standard Webhooks headers and signatures, checked here with node:crypto; retries with backoff until a
 * success; an endpoint that keeps failing is turned off and its admins told; Resend sends the same message again;
 * during a rotation both secrets sign. Jobs run only when the test drains them (JOB_RUNNER=0), and retries are due
 * at once (the test switch), so nothing here waits on a clock.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
let admin: string;
let receiver: Receiver;
let restore: ReturnType<typeof setWebhookTransport>;

beforeAll(async () => {
  t = await buildTestApp({ WEBHOOKS_ALLOW_PRIVATE: '1', JOB_RUNNER: '0' });
  ids = await clientIds(t.ctx.db);
  admin = await t.login('admin@demo.test');
  receiver = await startReceiver();
  restore = setWebhookTransport({ retryDelaysMs: [0, 0, 0, 0] });
});
// Each test starts without endpoints, so that one test's events reach only its own.
afterEach(async () => {
  const list = await send('GET', '/api/admin/webhooks');
  for (const { id } of list.json().webhooks as { id: string }[])
    await send('DELETE', `/api/admin/webhooks/${id}`);
});
afterAll(async () => {
  setWebhookTransport(restore);
  await receiver.close();
  await t.close();
});

const send = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  token = admin,
  host = DEMO_HOST,
) => t.app.inject({ method, url, headers: headersFor(token, host), ...(payload && { payload }) });

interface Delivery {
  id: string;
  event_type: string;
  status: string;
  response_code: number | null;
  error: string | null;
  attempt_count: number;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  attempts: Array<{
    status: string;
    response_code: number | null;
    response_excerpt: string | null;
    trigger: string;
  }>;
}

async function register(events: string[] = ['share.clicked']) {
  const res = await send('POST', '/api/admin/webhooks', { url: receiver.url, event_types: events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { webhook: { id: string }; secret: string };
}

async function deliveriesOf(id: string, query = ''): Promise<Delivery[]> {
  const res = await send('GET', `/api/admin/webhooks/${id}/deliveries${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deliveries;
}

/** Sent so far, from `from` on. */
const sentSince = (from: number): Received[] => receiver.received.slice(from);

/** A share of a fresh activity by member@demo.test, and a way to visit its tracked link as a new visitor. */
async function sharedLink() {
  const member = await userByEmail(t.ctx.db, 'member@demo.test');
  const project = await createProject(t.ctx.db, { clientId: ids.demo });
  const activity = await createActivity(t.ctx.db, { clientId: ids.demo, projectId: project.id });
  const share = await createShare(t.ctx.db, {
    clientId: ids.demo,
    userId: member.id,
    activityId: activity.id,
  });
  let visitor = 0;
  const visit = async () => {
    visitor += 1;
    const res = await t.app.inject({
      url: `/p/${share.id}`,
      headers: { host: DEMO_HOST, 'user-agent': `Mozilla/5.0 visitor-${visitor}` },
    });
    expect(res.statusCode).toBeLessThan(400);
  };
  return { share, visit, member, activity };
}

describe('a delivery', () => {
  it('is POSTed as JSON with the Standard Webhooks headers, signed with the endpoint secret', async () => {
    const { webhook, secret } = await register();
    const from = receiver.received.length;
    const ping = await send('POST', `/api/admin/webhooks/${webhook.id}/test`);
    expect(ping.statusCode, ping.body).toBe(202);
    const queued = ping.json().delivery as Delivery;
    expect(queued).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempt_count: 0 });
    await t.ctx.jobs.drain();

    const [message] = sentSince(from);
    expect(message!.headers['content-type']).toBe('application/json');
    expect(message!.headers['webhook-id']).toBe(queued.id);
    expect(message!.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(signaturesOf(message!)).toEqual([expectedSignature(secret, message!)]);
    expect(JSON.parse(message!.body)).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: { webhook_id: webhook.id, message: expect.any(String) },
    });
    // The signature is of these exact bytes: any other body does not verify.
    expect(expectedSignature(secret, { ...message!, body: `${message!.body} ` })).not.toBe(
      signaturesOf(message!)[0],
    );

    const [logged] = await deliveriesOf(webhook.id);
    expect(logged).toMatchObject({
      id: queued.id,
      status: 'succeeded',
      response_code: 200,
      error: null,
      attempt_count: 1,
      payload: JSON.parse(message!.body),
    });
    expect(logged!.attempts).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        response_code: 200,
        response_excerpt: 'thanks',
        trigger: 'scheduled',
      }),
    ]);
  });

  it('is retried with the same id and body until the endpoint answers 2xx', async () => {
    const { webhook, secret } = await register();
    const { visit, share, member, activity } = await sharedLink();
    receiver.answer([500, 502]);
    const from = receiver.received.length;
    await visit();
    await t.ctx.jobs.drain();

    const sent = sentSince(from);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((m) => m.headers['webhook-id'])).size).toBe(1);
    expect(new Set(sent.map((m) => m.body)).size).toBe(1);
    for (const message of sent) expect(signaturesOf(message)).toEqual([expectedSignature(secret, message)]);
    expect(JSON.parse(sent[0]!.body)).toEqual({
      type: 'share.clicked',
      timestamp: expect.any(String),
      data: {
        share: {
          id: share.id,
          activity_id: activity.id,
          member_id: member.id,
          channel: share.channel,
          clicks: 1,
        },
      },
    });
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ status: 'succeeded', response_code: 200, attempt_count: 3 });
    expect(delivery!.attempts.map((a) => [a.status, a.response_code, a.response_excerpt])).toEqual([
      ['succeeded', 200, 'thanks'],
      ['failed', 502, 'failed with 502'],
      ['failed', 500, 'failed with 500'],
    ]);
  });

  it(`gives up after ${WEBHOOK_MAX_ATTEMPTS} attempts; Resend sends the same message again once`, async () => {
    const { webhook } = await register();
    const { visit } = await sharedLink();
    receiver.answer([], 503);
    const from = receiver.received.length;
    await visit();
    await t.ctx.jobs.drain();
    expect(sentSince(from)).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const [failed] = await deliveriesOf(webhook.id);
    expect(failed).toMatchObject({ status: 'failed', response_code: 503, error: 'Answered 503' });

    receiver.answer([], 200);
    const resent = await send('POST', `/api/admin/webhooks/${webhook.id}/deliveries/${failed!.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(202);
    expect(resent.json().delivery).toMatchObject({ id: failed!.id, status: 'pending' });
    // Sent already (pending): a second Resend waits for the first.
    const twice = await send('POST', `/api/admin/webhooks/${webhook.id}/deliveries/${failed!.id}/resend`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      message: 'This delivery is being sent already',
      code: 'delivery_pending',
    });
    await t.ctx.jobs.drain();
    const again = sentSince(from + WEBHOOK_MAX_ATTEMPTS);
    expect(again).toHaveLength(1);
    expect(again[0]!.headers['webhook-id']).toBe(failed!.id);
    expect(again[0]!.body).toBe(sentSince(from)[0]!.body);
    const [done] = await deliveriesOf(webhook.id);
    expect(done).toMatchObject({ status: 'succeeded', attempt_count: WEBHOOK_MAX_ATTEMPTS + 1 });
    expect(done!.attempts[0]).toMatchObject({ status: 'succeeded', trigger: 'resend' });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.delivery_resent'), eq(auditLog.target, webhook.id)));
    expect(audit!.data).toEqual({ delivery_id: failed!.id, event_type: 'share.clicked' });

    // Another endpoint's delivery, an unknown one and another client's admin: 404, nothing sent.
    const other = await register();
    for (const [url, token, host] of [
      [`/api/admin/webhooks/${other.webhook.id}/deliveries/${failed!.id}/resend`, admin, DEMO_HOST],
      [`/api/admin/webhooks/${webhook.id}/deliveries/${other.webhook.id}/resend`, admin, DEMO_HOST],
      [
        `/api/admin/webhooks/${webhook.id}/deliveries/${failed!.id}/resend`,
        await t.login('admin@acme.test'),
        ACME_HOST,
      ],
    ] as const) {
      const res = await send('POST', url, undefined, token, host);
      expect(res.statusCode, url).toBe(404);
    }
    await t.ctx.jobs.drain();
    expect(sentSince(from)).toHaveLength(WEBHOOK_MAX_ATTEMPTS + 1);
  });

  it('carries a signature with each secret while a rotated one still counts', async () => {
    const { webhook, secret: before } = await register();
    const rotated = await send('POST', `/api/admin/webhooks/${webhook.id}/rotate-secret`);
    const after = rotated.json().secret as string;
    const from = receiver.received.length;
    await send('POST', `/api/admin/webhooks/${webhook.id}/test`);
    await t.ctx.jobs.drain();
    const [message] = sentSince(from);
    expect(signaturesOf(message!)).toEqual([
      expectedSignature(after, message!),
      expectedSignature(before, message!),
    ]);
  });

  it('pages the delivery log newest first (SPEC 7)', async () => {
    const { webhook } = await register();
    for (let i = 0; i < 3; i++) await send('POST', `/api/admin/webhooks/${webhook.id}/test`);
    await t.ctx.jobs.drain();
    const all = await deliveriesOf(webhook.id);
    expect(all).toHaveLength(3);
    const ids = all.map((d) => d.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    const first = await send('GET', `/api/admin/webhooks/${webhook.id}/deliveries?limit=2`);
    expect(first.json().deliveries.map((d: Delivery) => d.id)).toEqual(ids.slice(0, 2));
    expect(first.json().next_cursor).toBe(ids[1]);
    const second = await deliveriesOf(webhook.id, `?limit=2&cursor=${ids[1]}`);
    expect(second.map((d) => d.id)).toEqual(ids.slice(2));
    const newer = await deliveriesOf(webhook.id, `?limit=-2&cursor=${ids[2]}`);
    expect(newer.map((d) => d.id)).toEqual(ids.slice(0, 2));
  });
});

describe('an endpoint that keeps failing', () => {
  it(`is turned off after ${WEBHOOK_DISABLE_AFTER_FAILURES} deliveries in a row failed, and its admins are told`, async () => {
    const { webhook } = await register();
    const { visit } = await sharedLink();
    receiver.answer([], 500);
    for (let i = 0; i < WEBHOOK_DISABLE_AFTER_FAILURES; i++) {
      await visit();
      await t.ctx.jobs.drain();
    }
    const list = await send('GET', '/api/admin/webhooks');
    const off = list.json().webhooks.find((w: { id: string }) => w.id === webhook.id);
    expect(off).toMatchObject({
      enabled: false,
      disabled_reason: 'failing',
      failure_count: WEBHOOK_DISABLE_AFTER_FAILURES,
    });
    expect(off.disabled_at).toEqual(expect.any(String));

    // Every active admin of Demo is told in the app and by email; nobody else, and no admin of Acme.
    const demoAdmin = await userByEmail(t.ctx.db, 'admin@demo.test');
    const alerts = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'integration_alert'));
    expect(alerts.map((n) => n.userId)).toEqual([demoAdmin.id]);
    expect(alerts[0]).toMatchObject({
      clientId: ids.demo,
      title: `A webhook was turned off: ${receiver.url}`,
      body: `Its last ${WEBHOOK_DISABLE_AFTER_FAILURES} deliveries failed. Fix the endpoint, then turn it on again under Integrations.`,
      message: {
        key: 'webhook_disabled',
        body_key: 'webhook_disabled_text',
        params: { url: receiver.url, count: String(WEBHOOK_DISABLE_AFTER_FAILURES) },
      },
      link: '/admin/integrations',
    });
    const [mail] = await mailsTo(t.ctx.db, 'admin@demo.test');
    expect(mail!.subject).toBe('Demo: a webhook was turned off');
    expect(mail!.text).toContain(receiver.url);
    expect(mail!.text).toContain('/admin/integrations');
    expect(await mailsTo(t.ctx.db, 'admin@acme.test')).toEqual([]);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.disabled'), eq(auditLog.target, webhook.id)));
    expect(audit).toMatchObject({
      userId: null,
      data: { url: receiver.url, failures: WEBHOOK_DISABLE_AFTER_FAILURES },
    });

    // Off, it gets no more events, and Resend waits until it is on again.
    const from = receiver.received.length;
    await visit();
    await t.ctx.jobs.drain();
    expect(sentSince(from)).toEqual([]);
    const [last] = await deliveriesOf(webhook.id);
    const refused = await send('POST', `/api/admin/webhooks/${webhook.id}/deliveries/${last!.id}/resend`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('webhook_disabled');

    // Turned on again, it starts afresh.
    const on = await send('PATCH', `/api/admin/webhooks/${webhook.id}`, { enabled: true });
    expect(on.json().webhook).toMatchObject({ enabled: true, disabled_reason: null, failure_count: 0 });
    receiver.answer([], 200);
    await visit();
    await t.ctx.jobs.drain();
    expect(sentSince(from)).toHaveLength(1);
  });
});

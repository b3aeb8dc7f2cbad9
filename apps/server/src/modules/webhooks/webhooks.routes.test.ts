import { WEBHOOK_ENDPOINTS_MAX } from '@rally/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { auditLog, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { ACME_HOST } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { type Receiver, startReceiver } from './webhooks.fixture.ts';
import { setWebhookTransport } from './webhooks.http.ts';

/**
 * The webhook endpoints of the admin Integrations tab (issue 24): ADMIN only; an endpoint is an https URL of a public
 * host (resolved at registration and refused when loopback, private, link-local or metadata, and checked again when
 * a delivery connects); its secret is answered when made or rotated and never again; every change is audited; another
 * client's ids are 404 and change nothing.
 */

const f = useAdminFixture();
// A public address (TEST-NET-3): registration accepts it without DNS, and no test here sends anything to it.
const PUBLIC_URL = 'https://203.0.113.10/rally/hooks';
const UNKNOWN_ID = '0190a0a0-0000-7000-8000-000000000000';
const FORBIDDEN = { message: 'You are not allowed to manage webhooks' };

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const endpointRows = () => f.t.ctx.db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);

async function create(body: object = {}, token = f.tokens.admin) {
  const res = await f.send('POST', '/api/admin/webhooks', token, {
    url: PUBLIC_URL,
    event_types: ['member.joined', 'badge.earned'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { webhook: { id: string; url: string }; secret: string };
}

/** Every route of the module, with a real id of Demo's. */
const routes = (id: string, deliveryId = UNKNOWN_ID) =>
  [
    ['GET', '/api/admin/webhooks', undefined],
    ['POST', '/api/admin/webhooks', { url: PUBLIC_URL, event_types: ['member.joined'] }],
    ['PATCH', `/api/admin/webhooks/${id}`, { enabled: false }],
    ['DELETE', `/api/admin/webhooks/${id}`, undefined],
    ['POST', `/api/admin/webhooks/${id}/rotate-secret`, undefined],
    ['GET', `/api/admin/webhooks/${id}/deliveries`, undefined],
    ['POST', `/api/admin/webhooks/${id}/deliveries/${deliveryId}/resend`, undefined],
    ['POST', `/api/admin/webhooks/${id}/test`, undefined],
  ] as const;

describe('/api/admin/webhooks: who may call', () => {
  it('answers 401 to every route without a session of this client', async () => {
    const { webhook } = await create();
    for (const [method, url, payload] of routes(webhook.id)) {
      await expectSessionRequired(f.t, { method, url, ...(payload && { payload }) });
    }
    expect((await endpointRows()).find((r) => r.id === webhook.id)?.enabled).toBe(true);
  });

  it('answers 403 to a member and a team lead on every route, and changes nothing', async () => {
    const { webhook } = await create();
    const before = await endpointRows();
    for (const [method, url, payload] of routes(webhook.id)) {
      await f.expectForbidden(['member', 'lead'], FORBIDDEN.message, method, url, payload);
    }
    expect(await endpointRows()).toEqual(before);
    expect(await f.t.ctx.db.select().from(webhookDeliveries)).toEqual([]);
  });

  it("answers 404 to another client's admin for Demo's endpoint, and shows Acme none of them", async () => {
    const { webhook } = await create();
    const before = await endpointRows();
    for (const [method, url, payload] of routes(webhook.id).slice(2)) {
      const res = await f.send(method, url, f.tokens.acmeAdmin, payload, ACME_HOST);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Webhook not found');
    }
    const list = await f.send('GET', '/api/admin/webhooks', f.tokens.acmeAdmin, undefined, ACME_HOST);
    expect(list.json()).toEqual({ webhooks: [] });
    expect(await endpointRows()).toEqual(before);
    expect(await f.t.ctx.db.select().from(webhookDeliveries)).toEqual([]);
  });
});

describe('POST /api/admin/webhooks', () => {
  it('answers 400 naming what is wrong, and saves nothing', async () => {
    const before = await endpointRows();
    const events = ['member.joined'];
    const cases: [object, RegExp][] = [
      [{ event_types: events }, /URL is required/],
      [{ url: 'http://203.0.113.10/hook', event_types: events }, /^The URL must start with https:\/\/$/],
      [{ url: 'ftp://203.0.113.10/hook', event_types: events }, /The URL must start with https:\/\//],
      [{ url: 'https://', event_types: events }, /not a valid web address/],
      [
        { url: 'https://user:pw@203.0.113.10/', event_types: events },
        /must not hold a user name or password/,
      ],
      [
        { url: 'https://127.0.0.1/hook', event_types: events },
        /^This address is private: webhooks only reach public hosts$/,
      ],
      [{ url: 'https://localhost:8443/hook', event_types: events }, /This address is private/],
      [{ url: 'https://10.1.2.3/hook', event_types: events }, /This address is private/],
      [{ url: 'https://192.168.0.10/hook', event_types: events }, /This address is private/],
      [{ url: 'https://169.254.169.254/latest/meta-data', event_types: events }, /This address is private/],
      [{ url: 'https://[::1]/hook', event_types: events }, /This address is private/],
      [{ url: 'https://[::ffff:127.0.0.1]/hook', event_types: events }, /This address is private/],
      [{ url: 'https://rally-webhook-test.invalid/hook', event_types: events }, /could not be found/],
      [{ url: PUBLIC_URL, event_types: [] }, /Choose at least one event/],
      [{ url: PUBLIC_URL }, /event_types/],
      [{ url: PUBLIC_URL, event_types: ['order.created'] }, /event_types must hold only member\.joined/],
      [{ url: PUBLIC_URL, event_types: ['badge.earned', 'badge.earned'] }, /must not repeat an event/],
      [{ url: PUBLIC_URL, event_types: events, description: 'x'.repeat(201) }, /200 characters or less/],
      [{ url: PUBLIC_URL, event_types: events, secret: 'whsec_mine' }, /secret/],
    ];
    for (const [body, message] of cases) {
      const res = await f.send('POST', '/api/admin/webhooks', f.tokens.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
    expect(await endpointRows()).toEqual(before);
  });

  it('answers the secret once (Standard Webhooks form), stores it sealed, never shows it again, and audits', async () => {
    const { webhook, secret } = await create({ description: '  CRM  ' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(webhook).toMatchObject({
      url: PUBLIC_URL,
      description: 'CRM',
      event_types: ['member.joined', 'badge.earned'],
      enabled: true,
      disabled_reason: null,
      failure_count: 0,
      previous_secret_expires_at: null,
    });
    const [row] = await f.t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, webhook.id));
    expect(row!.secret).not.toContain(secret.slice(6));
    expect(f.t.ctx.secrets.open(row!.secret)).toBe(secret);
    const list = await f.send('GET', '/api/admin/webhooks', f.tokens.admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(6));
    expect(list.body).not.toContain(row!.secret);
    expect(list.json().webhooks.find((w: { id: string }) => w.id === webhook.id)).toEqual(webhook);
    const [audit] = await f.t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.created'), eq(auditLog.target, webhook.id)));
    expect(audit!.data).toEqual({
      url: PUBLIC_URL,
      format: 'standard',
      event_types: ['member.joined', 'badge.earned'],
    });
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6));
  });

  it(`refuses more than ${WEBHOOK_ENDPOINTS_MAX} endpoints with 409`, async () => {
    const existing = (await endpointRows()).filter((r) => r.clientId === f.ids.demo).length;
    for (let i = existing; i < WEBHOOK_ENDPOINTS_MAX; i++) await create();
    const res = await f.send('POST', '/api/admin/webhooks', f.tokens.admin, {
      url: PUBLIC_URL,
      event_types: ['member.joined'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `This app has ${WEBHOOK_ENDPOINTS_MAX} webhooks already: remove one first`,
    );
    for (const row of await endpointRows())
      expect((await f.send('DELETE', `/api/admin/webhooks/${row.id}`, f.tokens.admin)).statusCode).toBe(200);
  });
});

describe('PATCH, DELETE and rotate-secret /api/admin/webhooks/{id}', () => {
  it('changes only the fields sent, and answers 400 naming what is wrong without changing anything', async () => {
    const { webhook } = await create();
    const events = await f.send('PATCH', `/api/admin/webhooks/${webhook.id}`, f.tokens.admin, {
      event_types: ['share.clicked'],
    });
    expect(events.statusCode, events.body).toBe(200);
    expect(events.json().webhook).toMatchObject({
      url: PUBLIC_URL,
      event_types: ['share.clicked'],
      enabled: true,
    });
    const [before] = await f.t.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, webhook.id));
    for (const [body, message] of [
      [{ url: 'http://203.0.113.10/' }, /must start with https/],
      [{ url: 'https://169.254.169.254/' }, /This address is private/],
      [{ event_types: [] }, /Choose at least one event/],
      [{ event_types: ['nope'] }, /event_types must hold only/],
      [{ enabled: 'yes' }, /enabled must be true or false/],
      [{ secret: 'x' }, /secret/],
    ] as const) {
      const res = await f.send('PATCH', `/api/admin/webhooks/${webhook.id}`, f.tokens.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    for (const [method, url] of [
      ['PATCH', '/api/admin/webhooks/not-an-id'],
      ['DELETE', '/api/admin/webhooks/not-an-id'],
      ['POST', '/api/admin/webhooks/not-an-id/rotate-secret'],
      ['GET', '/api/admin/webhooks/not-an-id/deliveries'],
      ['POST', '/api/admin/webhooks/not-an-id/test'],
      ['POST', `/api/admin/webhooks/${webhook.id}/deliveries/not-an-id/resend`],
      ['GET', `/api/admin/webhooks/${webhook.id}/deliveries?limit=0`],
      ['GET', `/api/admin/webhooks/${webhook.id}/deliveries?cursor=x`],
    ] as const) {
      const res = await f.send(
        method,
        url,
        f.tokens.admin,
        method === 'PATCH' ? { enabled: false } : undefined,
      );
      expect(res.statusCode, `${method} ${url}`).toBe(400);
    }
    const [after] = await f.t.ctx.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, webhook.id));
    expect(after).toEqual(before);
  });

  it('turns an endpoint off and on again, and audits each change', async () => {
    const { webhook } = await create();
    const off = await f.send('PATCH', `/api/admin/webhooks/${webhook.id}`, f.tokens.admin, {
      enabled: false,
    });
    expect(off.json().webhook).toMatchObject({ enabled: false, disabled_reason: null });
    expect(off.json().webhook.disabled_at).toEqual(expect.any(String));
    const on = await f.send('PATCH', `/api/admin/webhooks/${webhook.id}`, f.tokens.admin, { enabled: true });
    expect(on.json().webhook).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null });
    const unchanged = await f.send('PATCH', `/api/admin/webhooks/${webhook.id}`, f.tokens.admin, {});
    expect(unchanged.json().webhook).toEqual(on.json().webhook);
    const audits = await f.t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.updated'), eq(auditLog.target, webhook.id)));
    expect(audits.map((a) => a.data)).toEqual([
      { url: PUBLIC_URL, changed: ['enabled'] },
      { url: PUBLIC_URL, changed: ['enabled'] },
    ]);
  });

  it('rotates the secret: the new one is answered once, the previous one signs for 24 hours more', async () => {
    const { webhook, secret } = await create();
    const res = await f.send('POST', `/api/admin/webhooks/${webhook.id}/rotate-secret`, f.tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json() as { webhook: { previous_secret_expires_at: string }; secret: string };
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    const hoursLeft = (Date.parse(rotated.webhook.previous_secret_expires_at) - Date.now()) / 3600_000;
    expect(Math.round(hoursLeft)).toBe(24);
    const [row] = await f.t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, webhook.id));
    expect(f.t.ctx.secrets.open(row!.secret)).toBe(rotated.secret);
    expect(f.t.ctx.secrets.open(row!.previousSecret!)).toBe(secret);
    const list = await f.send('GET', '/api/admin/webhooks', f.tokens.admin);
    expect(list.body).not.toContain(rotated.secret.slice(6));
    expect(list.body).not.toContain(secret.slice(6));
    const unknown = await f.send('POST', `/api/admin/webhooks/${UNKNOWN_ID}/rotate-secret`, f.tokens.admin);
    expect(unknown.statusCode).toBe(404);
  });

  it('removes an endpoint with its log: then it is 404 everywhere', async () => {
    const { webhook } = await create();
    expect((await f.send('DELETE', `/api/admin/webhooks/${webhook.id}`, f.tokens.admin)).json()).toEqual({
      ok: true,
    });
    for (const [method, url, payload] of routes(webhook.id).slice(2)) {
      const res = await f.send(method, url, f.tokens.admin, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [audit] = await f.t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.deleted'), eq(auditLog.target, webhook.id)));
    expect(audit!.data).toEqual({ url: PUBLIC_URL });
  });
});

describe('the host rule at delivery time', () => {
  it('never connects to a non-public address, even for a URL that passed when it was registered', async () => {
    // Registered while private addresses are allowed (as a name that later resolves to one would pass)…
    const old = setWebhookTransport({ allowPrivate: true });
    let ids: string[];
    try {
      ids = [
        (await create({ url: `https://localhost:${receiver.port}/hook` })).webhook.id,
        (await create({ url: `https://127.0.0.1:${receiver.port}/hook` })).webhook.id,
        (await create({ url: receiver.url })).webhook.id,
      ];
    } finally {
      setWebhookTransport(old);
    }
    // …and sent once they are not.
    for (const id of ids) {
      const res = await f.send('POST', `/api/admin/webhooks/${id}/test`, f.tokens.admin);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().delivery).toMatchObject({ event_type: 'webhook.test', status: 'pending' });
    }
    await f.t.ctx.jobs.drain();
    const errors = [];
    for (const id of ids) {
      const log = await f.send('GET', `/api/admin/webhooks/${id}/deliveries`, f.tokens.admin);
      const [delivery] = log.json().deliveries;
      expect(delivery).toMatchObject({ status: 'failed', response_code: null, attempt_count: 1 });
      errors.push(delivery.error);
    }
    expect(errors).toEqual([
      'localhost is not a public address',
      'This address is private: webhooks only reach public hosts',
      'The URL must start with https://',
    ]);
    expect(receiver.received).toEqual([]);
    for (const id of ids) await f.send('DELETE', `/api/admin/webhooks/${id}`, f.tokens.admin);
  });
});

describe('WEBHOOKS_ALLOW_PRIVATE', () => {
  it('is off by default, and refused on a deployment without demo mode', () => {
    expect(loadConfig({}).webhooksAllowPrivate).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_PRIVATE: '1' }).webhooksAllowPrivate).toBe(true);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_PRIVATE: '1', RALLY_DEMO: '0' })).toThrow(
      /WEBHOOKS_ALLOW_PRIVATE is for tests and local development/,
    );
  });
});

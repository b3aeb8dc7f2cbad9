import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createTeam, headersFor, uploadFile, userByEmail } from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let admin: string;
let lead: string;
let member: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  [admin, lead, member] = await Promise.all([
    t.login('admin@demo.test'),
    t.login('lead@demo.test'),
    t.login('member@demo.test'),
  ]);
});
afterAll(() => t.close());

const URL = '/api/admin/client';
const call = (method: 'GET' | 'PATCH', token?: string, payload?: object, host?: string) =>
  t.app.inject({ method, url: URL, headers: headersFor(token, host), ...(payload ? { payload } : {}) });
const bootstrap = async (host: string) =>
  (await t.app.inject({ url: '/api/bootstrap', headers: { host } })).json().client;
const clientRow = async (id: string) => (await t.ctx.db.select().from(clients).where(eq(clients.id, id)))[0]!;
const auditOf = (clientId: string) => t.ctx.db.select().from(auditLog).where(eq(auditLog.clientId, clientId));

describe('GET and PATCH /api/admin/client', () => {
  it('answer 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'GET', url: URL });
    await expectSessionRequired(t, { method: 'PATCH', url: URL, payload: { name: 'Hacked' } });
  });

  it('answer 403 to a member and a team lead, and change nothing', async () => {
    const before = await clientRow(ids.demo);
    for (const token of [member, lead]) {
      const get = await call('GET', token);
      expect(get.statusCode).toBe(403);
      expect(get.json().message).toBe("You are not allowed to change this app's settings");
      expect((await call('PATCH', token, { name: 'Hacked' })).statusCode).toBe(403);
    }
    expect(await clientRow(ids.demo)).toEqual(before);
    expect(await auditOf(ids.demo)).toEqual([]);
  });

  it("GET answers the admin's own client with defaults filled in", async () => {
    const demo = (await call('GET', admin)).json().settings;
    expect(demo).toMatchObject({
      name: 'Demo',
      primary_color: '#007E97',
      secondary_color: '#6BF15C',
      project: { singular: 'Project', plural: 'Projects' },
      role_labels: { user: '', lead: '', teamLead: '', admin: '', teamAdmin: '' },
      terms_url: '',
      community_variant: 'full',
      paused: false,
      pause_override: [],
    });
    const acmeAdmin = await t.login('admin@acme.test');
    const acme = (await call('GET', acmeAdmin, undefined, ACME_HOST)).json().settings;
    expect(acme).toMatchObject({ name: 'Acme', white_label: true, community_variant: 'white_label' });
    expect(acme.role_labels.admin).toBe('Mission Control');
  });

  it('PATCH changes only the fields sent, serves them at once on this host only, and audits who and what', async () => {
    const before = await bootstrap(DEMO_HOST);
    expect(before.config.community_variant).toBe('full');
    const logo = await uploadFile(t.app, admin, { type: 'client-logo', objectId: ids.demo });
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const res = await call('PATCH', admin, {
      name: '  Demo Co  ',
      image_url: logo,
      primary_color: '#1d4ed8',
      project: { singular: 'Campaign', plural: 'Campaigns' },
      role_labels: { user: 'Champion', lead: '', teamLead: '', admin: 'Brand team', teamAdmin: '' },
      terms_url: 'https://demo.example/terms',
      features: ['community', 'leaderboard', 'chat'],
      channels: ['linkedin'],
      community_variant: 'white_label',
      paused: true,
      pause_override: [team.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().settings).toMatchObject({
      name: 'Demo Co',
      image_url: logo,
      primary_color: '#1D4ED8',
      secondary_color: '#6BF15C',
      team: { singular: 'Team', plural: 'Teams' },
      pause_override: [team.id],
    });

    // No wait for the 10 s tenant cache: the next bootstrap already shows the change.
    const after = await bootstrap(DEMO_HOST);
    expect(after.name).toBe('Demo Co');
    expect(after.image_url).toBe(logo);
    expect(after.config).toMatchObject({
      primary_color: '#1D4ED8',
      terms_url: 'https://demo.example/terms',
      community_variant: 'white_label',
      paused: true,
    });
    expect(after.strings).toMatchObject({
      'words.project': 'Campaign',
      'words.projects': 'Campaigns',
      'roles.user': 'Champion',
      'roles.admin': 'Brand team',
    });
    expect(after.strings['roles.lead']).toBeUndefined();
    expect(after.features.map((f: { id: string }) => f.id).sort()).toEqual([
      'chat',
      'community',
      'leaderboard',
    ]);
    expect(after.channels).toEqual(['linkedin']);
    // /api/me carries the same client, and the paused client still lets its admin in.
    const me = await t.app.inject({ url: '/api/me', headers: headersFor(admin) });
    expect(me.json().user.client.name).toBe('Demo Co');
    expect((await call('GET', admin)).statusCode).toBe(200);

    const acme = await bootstrap(ACME_HOST);
    expect(acme.name).toBe('Acme');
    expect(acme.config.primary_color).toBe('#C2410C');

    const [audit, ...more] = await auditOf(ids.demo);
    expect(more).toEqual([]);
    const adminRow = await userByEmail(t.ctx.db, 'admin@demo.test');
    expect(audit).toMatchObject({ userId: adminRow!.id, action: 'client.update', target: ids.demo });
    expect((audit!.data as { fields: string[] }).fields.sort()).toEqual(
      [
        'channels',
        'community_variant',
        'features',
        'image_url',
        'name',
        'pause_override',
        'paused',
        'primary_color',
        'project',
        'role_labels',
        'terms_url',
      ].sort(),
    );
    expect((audit!.data as { changes: Record<string, unknown> }).changes.name).toEqual({
      from: 'Demo',
      to: 'Demo Co',
    });
  });

  it('PATCH with unchanged values writes nothing; clearing a label or the terms URL restores the default', async () => {
    const auditsBefore = (await auditOf(ids.demo)).length;
    const same = await call('PATCH', admin, { name: 'Demo Co', primary_color: '#1d4ed8' });
    expect(same.statusCode).toBe(200);
    expect((await auditOf(ids.demo)).length).toBe(auditsBefore);

    const res = await call('PATCH', admin, {
      role_labels: { user: '', lead: '', teamLead: '', admin: '', teamAdmin: '' },
      terms_url: '',
      image_url: null,
      paused: false,
    });
    expect(res.statusCode).toBe(200);
    const after = await bootstrap(DEMO_HOST);
    expect(after.strings['roles.user']).toBeUndefined();
    expect(after.config.terms_url).toBeNull();
    expect(after.image_url).toBeNull();
    expect(after.config.paused).toBe(false);
    expect((await auditOf(ids.demo)).length).toBe(auditsBefore + 1);
  });

  it('tells the other instances through the bus, so their caches drop the client too', async () => {
    const messages: string[] = [];
    t.ctx.bus.subscribe('clients:changed', (message) => messages.push(message));
    await call('PATCH', admin, { secondary_color: '#22C55E' });
    expect(messages).toHaveLength(1);
  });
});

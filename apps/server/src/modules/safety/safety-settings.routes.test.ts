import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safetySettings } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, headersFor } from '../../test/factories.ts';
import { createSafetyRule } from '../../test/factories-safety.ts';

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

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
  host?: string,
) => t.app.inject({ method, url, headers: headersFor(token, host), ...(payload ? { payload } : {}) });
const SETTINGS = '/api/admin/safety/settings';
const CHECK = '/api/admin/safety/check';
const settingsOf = (clientId: string) =>
  t.ctx.db.select().from(safetySettings).where(eq(safetySettings.clientId, clientId));

describe('GET and PUT /api/admin/safety/settings', () => {
  it('answer 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'GET', url: SETTINGS });
    await expectSessionRequired(t, { method: 'PUT', url: SETTINGS, payload: { flag_action: 'hold' } });
  });

  it('PUT answers 400 naming the field, and changes nothing', async () => {
    for (const payload of [{}, { flag_action: 'delete' }]) {
      const res = await call('PUT', SETTINGS, admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('flag_action must be publish or hold');
    }
    expect(await settingsOf(ids.demo)).toEqual([]);
  });

  it('answer 403 to a team lead and a member', async () => {
    for (const token of [lead, member]) {
      expect((await call('GET', SETTINGS, token)).statusCode).toBe(403);
      expect((await call('PUT', SETTINGS, token, { flag_action: 'hold' })).statusCode).toBe(403);
    }
    expect(await settingsOf(ids.demo)).toEqual([]);
  });

  it("default to publish, and change only the admin's own client", async () => {
    expect((await call('GET', SETTINGS, admin)).json()).toEqual({ settings: { flag_action: 'publish' } });
    const put = await call('PUT', SETTINGS, admin, { flag_action: 'hold' });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ settings: { flag_action: 'hold' } });
    expect((await call('GET', SETTINGS, admin)).json()).toEqual({ settings: { flag_action: 'hold' } });
    expect(await settingsOf(ids.acme)).toEqual([]);
    const acmeAdmin = await t.login('admin@acme.test');
    const acme = await call('GET', SETTINGS, acmeAdmin, undefined, ACME_HOST);
    expect(acme.json()).toEqual({ settings: { flag_action: 'publish' } });
    await call('PUT', SETTINGS, admin, { flag_action: 'publish' });
    expect((await settingsOf(ids.demo))[0]!.flagAction).toBe('publish');
  });
});

describe('POST /api/admin/safety/check', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'POST', url: CHECK, payload: { text: 'hi' } });
  });

  it('answers 400 naming the field', async () => {
    for (const [payload, message] of [
      [{}, 'Text is required'],
      [{ text: 'x'.repeat(10_001) }, 'Text must be 10000 characters or less'],
    ] as const) {
      const res = await call('POST', CHECK, admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('answers 403 to a team lead and a member', async () => {
    for (const token of [lead, member])
      expect((await call('POST', CHECK, token, { text: 'hi' })).statusCode).toBe(403);
  });

  it("tells what would happen to a text under the client's lists and setting, and follows changes", async () => {
    await createSafetyRule(t.ctx.db, { clientId: ids.demo, phrase: 'Get rich quick', kind: 'block' });
    await createSafetyRule(t.ctx.db, { clientId: ids.demo, phrase: 'rivalco', kind: 'flag' });
    await createSafetyRule(t.ctx.db, { clientId: ids.demo, phrase: 'RivalCo Arena', kind: 'allow' });
    await createSafetyRule(t.ctx.db, { clientId: ids.acme, phrase: 'acmeword', kind: 'block' });
    const check = async (text: string) => (await call('POST', CHECK, admin, { text })).json();

    expect(await check('GET-RICH quick!! and RivalCo')).toEqual({
      outcome: 'blocked',
      is_held: false,
      blocked: ['Get rich quick'],
      flagged: ['rivalco'],
      allowed: [],
      matches: [
        { phrase: 'Get rich quick', kind: 'block', start: 0, end: 14 },
        { phrase: 'rivalco', kind: 'flag', start: 21, end: 28 },
      ],
    });
    expect(await check('Better than rivalço')).toMatchObject({ outcome: 'flagged', flagged: ['rivalco'] });
    expect(await check('See you at the RivalCo Arena')).toMatchObject({
      outcome: 'clean',
      allowed: ['RivalCo Arena'],
    });
    expect(await check('acmeword is fine here')).toMatchObject({ outcome: 'clean' });
    expect(await check('?!?! ...')).toMatchObject({ outcome: 'non_word' });
    expect(await check('🎉🎉')).toMatchObject({ outcome: 'clean' });

    // A new rule and the hold setting apply at once (the cached lists are dropped).
    const added = await call('POST', '/api/admin/safety/rules', admin, { phrase: 'fine here', kind: 'flag' });
    expect(added.statusCode).toBe(201);
    await call('PUT', SETTINGS, admin, { flag_action: 'hold' });
    expect(await check('it is fine here')).toMatchObject({ outcome: 'flagged', is_held: true });
    await call('DELETE', `/api/admin/safety/rules/${added.json().rule.id}`, admin);
    expect(await check('it is fine here')).toMatchObject({ outcome: 'clean', is_held: false });
    await call('PUT', SETTINGS, admin, { flag_action: 'publish' });
  });
});

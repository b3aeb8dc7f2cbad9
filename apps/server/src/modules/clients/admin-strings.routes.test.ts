import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createUser, headersFor } from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  admin = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const URL = '/api/admin/client/strings';
const call = (method: 'GET' | 'PATCH', token?: string, payload?: object, host?: string) =>
  t.app.inject({ method, url: URL, headers: headersFor(token, host), ...(payload ? { payload } : {}) });
const storedStrings = async (id: string) =>
  (await t.ctx.db.select().from(clients).where(eq(clients.id, id)))[0]!.config.strings ?? {};
const stringAudits = async (clientId: string) =>
  (await t.ctx.db.select().from(auditLog).where(eq(auditLog.clientId, clientId))).filter(
    (row) => row.action === 'client.strings',
  );
const bootstrapStrings = async (host: string) =>
  (await t.app.inject({ url: '/api/bootstrap', headers: { host } })).json().client.strings as Record<
    string,
    string
  >;
async function tokenOf(role: 'USER' | 'ANALYST' | 'APPLICANT', teamTags: string[] = []) {
  const user = await createUser(t.ctx.db, { clientId: ids.demo, role, teamTags });
  return t.login(user.email!);
}

describe('GET and PATCH /api/admin/client/strings (the words editor)', () => {
  it('answer 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'GET', url: URL });
    await expectSessionRequired(t, { method: 'PATCH', url: URL, payload: { strings: { 'nav.home': 'X' } } });
  });

  it('answer 400 naming the bad key or field, and change nothing', async () => {
    const before = await storedStrings(ids.demo);
    const cases: [object, RegExp][] = [
      [{ strings: { 'fr:nav.home': 'Accueil' } }, /strings\.fr:nav\.home/],
      [{ strings: { 'nav..home': 'Home' } }, /strings\.nav\.\.home/],
      [{ strings: { '<b>': 'Home' } }, /strings\.<b>/],
      [{ strings: { [`a${'b'.repeat(200)}`]: 'Home' } }, /strings\.ab+/],
      [
        { strings: { 'es:nav.home': 'x'.repeat(1001) } },
        /strings\.es:nav\.home: must be 1000 characters or less/,
      ],
      [{ strings: { 'nav.home': 3 } }, /strings\.nav\.home/],
      [{ strings: 'nav.home' }, /strings/],
      [{ words: {} }, /strings/],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PATCH', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await storedStrings(ids.demo)).toEqual(before);
    expect(await stringAudits(ids.demo)).toEqual([]);
  });

  it('answer 403 to every role but ADMIN, and change nothing', async () => {
    const tokens = [
      await tokenOf('USER'),
      await tokenOf('ANALYST'),
      await tokenOf('ANALYST', ['north']),
      await tokenOf('APPLICANT'),
    ];
    for (const token of tokens) {
      expect((await call('GET', token)).statusCode).toBe(403);
      expect((await call('PATCH', token, { strings: { 'nav.home': 'Hacked' } })).statusCode).toBe(403);
    }
    expect((await storedStrings(ids.demo))['nav.home']).toBeUndefined();
  });

  it("changes only the admin's own client: another client's overrides stay as they are", async () => {
    const acmeBefore = await storedStrings(ids.acme);
    const acmeAdmin = await t.login('admin@acme.test', ACME_HOST);
    const res = await call('PATCH', acmeAdmin, { strings: { 'es:nav.home': 'Base' } }, ACME_HOST);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', admin)).json().strings['es:nav.home']).toBeUndefined();
    await call('PATCH', acmeAdmin, { strings: { 'es:nav.home': null } }, ACME_HOST);
    expect(await storedStrings(ids.acme)).toEqual(acmeBefore);
  });

  it('PATCH sets and clears overrides per language, keeps the others, serves them at once and audits them', async () => {
    const before = await storedStrings(ids.demo);
    const set = await call('PATCH', admin, {
      strings: {
        'nav.home': '  Start  ',
        'es:nav.home': 'Inicio del programa',
        'es:words.projects': 'Misiones',
      },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().strings).toEqual({
      ...before,
      'nav.home': 'Start',
      'es:nav.home': 'Inicio del programa',
      'es:words.projects': 'Misiones',
    });
    expect((await call('GET', admin)).json()).toEqual(set.json());
    // The bootstrap (tenant cache dropped) carries them to the apps, English ones beside the client's words.
    const served = await bootstrapStrings(DEMO_HOST);
    expect(served).toMatchObject({
      'nav.home': 'Start',
      'es:nav.home': 'Inicio del programa',
      'words.project': 'Project',
    });

    // Partial: only the keys sent change; null and '' clear.
    const cleared = await call('PATCH', admin, { strings: { 'nav.home': null, 'es:words.projects': '' } });
    expect(cleared.json().strings).toEqual({ ...before, 'es:nav.home': 'Inicio del programa' });
    expect((await bootstrapStrings(DEMO_HOST))['nav.home']).toBeUndefined();

    // A change that changes nothing leaves no audit row.
    await call('PATCH', admin, { strings: { 'es:nav.home': 'Inicio del programa', 'nav.feed': null } });
    const audits = await stringAudits(ids.demo);
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.data)).toContainEqual({
      fields: ['nav.home', 'es:words.projects'],
      changes: {
        'nav.home': { from: 'Start', to: null },
        'es:words.projects': { from: 'Misiones', to: null },
      },
    });
    await call('PATCH', admin, { strings: { 'es:nav.home': null } });
    expect(await storedStrings(ids.demo)).toEqual(before);
  });
});

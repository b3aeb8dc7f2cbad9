import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createUser, headersFor, userByEmail } from '../../test/factories.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let oldContract: string;
let currentContract: string;
let acmeContract: string;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  const demoContracts = await t.ctx.db
    .select()
    .from(contracts)
    .where(eq(contracts.clientId, ids.demo))
    .orderBy(asc(contracts.version));
  [oldContract, currentContract] = demoContracts.map((c) => c.id) as [string, string];
  acmeContract = (await t.ctx.db.select().from(contracts).where(eq(contracts.clientId, ids.acme)))[0]!.id;
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

/** A member who has neither onboarded nor agreed to the current contract (like newbie@demo.test). */
async function newcomer(overrides: Partial<Parameters<typeof createUser>[1]> = {}) {
  const user = await createUser(t.ctx.db, {
    clientId: ids.demo,
    onboardedAt: null,
    contractId: oldContract,
    ...overrides,
  });
  return { user, token: await t.login(user.email!) };
}
const post = (url: string, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: headersFor(token), payload: payload as object });

describe('GET /api/contract', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/contract' });
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { token } = await newcomer();
    await expectBlockedWhilePaused(t, { url: '/api/contract' }, { member: token, admin: adminToken });
  });

  it("answers the client's current contract, each client its own", async () => {
    const { token } = await newcomer();
    const res = await t.app.inject({ url: '/api/contract', headers: headersFor(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().contract).toMatchObject({ id: currentContract, version: 2, title: 'Community terms' });
    expect(res.json().contract.body).toContain('version 2');
    const acme = await t.app.inject({
      url: '/api/contract',
      headers: headersFor(await t.login('member@acme.test'), ACME_HOST),
    });
    expect(acme.json().contract).toMatchObject({ id: acmeContract, title: 'Acme crew agreement' });
  });
});

describe('POST /api/me/contract', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, {
      method: 'POST',
      url: '/api/me/contract',
      payload: { contract_id: currentContract },
    });
  });

  it('answers 400 for a missing or malformed contract id and records nothing', async () => {
    const { user, token } = await newcomer();
    for (const payload of [{}, { contract_id: 'v2' }, { contract_id: 2 }]) {
      const res = await post('/api/me/contract', token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/contract_id must be a valid id/);
    }
    expect(await userByEmail(t.ctx.db, user.email!)).toEqual(user);
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { token } = await newcomer();
    await expectBlockedWhilePaused(
      t,
      { method: 'POST', url: '/api/me/contract', payload: { contract_id: currentContract } },
      { member: token, admin: adminToken },
    );
  });

  it("answers 409 stale_contract for an older version, an unknown id or another client's contract", async () => {
    const { user, token } = await newcomer();
    for (const contractId of [oldContract, randomUUID(), acmeContract]) {
      const res = await post('/api/me/contract', token, { contract_id: contractId });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('stale_contract');
    }
    expect(await userByEmail(t.ctx.db, user.email!)).toEqual(user);
  });

  it('records the agreement to the current contract', async () => {
    const { user, token } = await newcomer();
    const res = await post('/api/me/contract', token, { contract_id: currentContract });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.contract_id).toBe(currentContract);
    expect(res.json().user.contract_agreed_at).not.toBeNull();
    const row = await userByEmail(t.ctx.db, user.email!);
    expect(row.contractId).toBe(currentContract);
    expect(row.contractAgreedAt).toBeInstanceOf(Date);
    // The session shows it at once.
    const me = await t.app.inject({ url: '/api/me', headers: headersFor(token) });
    expect(me.json().user.contract_id).toBe(currentContract);
  });

  it('lets returning@demo.test (onboarded on an old contract) accept the new one', async () => {
    const token = await t.login('returning@demo.test');
    const res = await post('/api/me/contract', token, { contract_id: currentContract });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.onboarded_at).not.toBeNull();
    expect(res.json().user.contract_id).toBe(currentContract);
  });
});

describe('POST /api/me/onboarding', () => {
  const profile = { first_name: 'Finn', last_name: 'Fresh', city: ' Leeds ', country: 'United Kingdom' };

  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'POST', url: '/api/me/onboarding', payload: profile });
  });

  it('answers 400 naming the field and does not onboard', async () => {
    const { user, token } = await newcomer({ contractId: currentContract });
    const cases: [unknown, RegExp][] = [
      [{ last_name: 'Fresh' }, /first_name/],
      [{ ...profile, first_name: '  ' }, /First name is required/],
      [{ ...profile, last_name: 'x'.repeat(81) }, /Last name must be 80 characters or less/],
      [{ ...profile, city: 'x'.repeat(81) }, /City must be 80 characters or less/],
      [{ ...profile, country: ['UK'] }, /country/],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/me/onboarding', token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await userByEmail(t.ctx.db, user.email!)).onboardedAt).toBeNull();
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    const { token } = await newcomer({ contractId: currentContract });
    await expectBlockedWhilePaused(
      t,
      { method: 'POST', url: '/api/me/onboarding', payload: profile },
      { member: token, admin: adminToken },
    );
  });

  it('answers 409 contract_required until the current contract is accepted (newbie@demo.test)', async () => {
    const token = await t.login('newbie@demo.test');
    const res = await post('/api/me/onboarding', token, profile);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Accept the current contract before finishing onboarding.',
      code: 'contract_required',
    });
    expect((await userByEmail(t.ctx.db, 'newbie@demo.test')).onboardedAt).toBeNull();

    expect((await post('/api/me/contract', token, { contract_id: currentContract })).statusCode).toBe(200);
    const after = await post('/api/me/onboarding', token, profile);
    expect(after.statusCode).toBe(200);
    expect(after.json().user.onboarded_at).not.toBeNull();
  });

  it('onboards fresh@demo.test with the trimmed profile, and keeps the first onboarding time', async () => {
    const token = await t.login('fresh@demo.test');
    const res = await post('/api/me/onboarding', token, { ...profile, state: '' });
    expect(res.statusCode).toBe(200);
    const { user } = res.json();
    expect(user).toMatchObject({
      first_name: 'Finn',
      last_name: 'Fresh',
      city: 'Leeds',
      state: null,
      country: 'United Kingdom',
    });
    expect(user.onboarded_at).not.toBeNull();
    const row = await userByEmail(t.ctx.db, 'fresh@demo.test');
    expect(row.onboardedAt?.toISOString()).toBe(user.onboarded_at);

    const again = await post('/api/me/onboarding', token, { ...profile, first_name: 'Finnegan' });
    expect(again.json().user.first_name).toBe('Finnegan');
    expect(again.json().user.onboarded_at).toBe(user.onboarded_at);
  });
});

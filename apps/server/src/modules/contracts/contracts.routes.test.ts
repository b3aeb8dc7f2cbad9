import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, clients, contracts } from '../../db/schema/index.ts';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createUser } from '../../test/factories.ts';

/**
 * Contracts on the admin General page (ADMIN only): publishing a version makes it current at once, so members who
 * accepted another version meet SPEC 4's gate on their next request; acceptance counts follow.
 */

const f = useAdminFixture();
const versionsOf = async (clientId: string) =>
  (await f.t.ctx.db.select().from(contracts).where(eq(contracts.clientId, clientId))).length;
const publish = (token: string, payload: object, host?: string) =>
  f.send('POST', '/api/admin/contracts', token, payload, host);

describe('GET /api/admin/contracts', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(f.t, { url: '/api/admin/contracts' });
  });

  it('answers 403 to a lead, an analyst without team tags, a member and an applicant', async () => {
    const analyst = await createUser(f.t.ctx.db, { clientId: f.ids.demo, role: 'ANALYST' });
    for (const token of [
      f.tokens.lead,
      f.tokens.member,
      await f.t.login(analyst.email!),
      await f.t.login('applicant@demo.test'),
    ]) {
      expect((await f.send('GET', '/api/admin/contracts', token)).statusCode).toBe(403);
    }
  });

  it('shows the current version, its acceptance counts and the versions, of this client only', async () => {
    const res = await f.send('GET', '/api/admin/contracts', f.tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const [client] = await f.t.ctx.db.select().from(clients).where(eq(clients.id, f.ids.demo));
    expect(body.current.id).toBe(client!.contractId);
    expect(body.accepted_count).toBeGreaterThan(0);
    expect(body.member_count).toBeGreaterThanOrEqual(body.accepted_count);
    expect(body.versions.length).toBe(await versionsOf(f.ids.demo));
    expect(body.versions[0]).not.toHaveProperty('body');
  });
});

describe('POST /api/admin/contracts', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(f.t, {
      method: 'POST',
      url: '/api/admin/contracts',
      payload: { title: 'T', body: 'B' },
    });
  });

  it('answers 400 naming the field and publishes nothing', async () => {
    const before = await versionsOf(f.ids.demo);
    for (const [payload, message] of [
      [{ body: 'Text' }, /title is required/],
      [{ title: '  ', body: 'Text' }, /title is required/],
      [{ title: 'Terms' }, /body is required/],
      [{ title: 'Terms', body: 'x'.repeat(50_001) }, /body must be 50000 characters or less/],
      [{ title: 'Terms', body: 'Text', version: 9 }, /version/],
    ] as const) {
      const res = await publish(f.tokens.admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await versionsOf(f.ids.demo)).toBe(before);
  });

  it('answers 403 to everyone but admins and publishes nothing', async () => {
    const before = await versionsOf(f.ids.demo);
    const analyst = await createUser(f.t.ctx.db, { clientId: f.ids.demo, role: 'ANALYST' });
    for (const token of [f.tokens.lead, f.tokens.member, await f.t.login(analyst.email!)]) {
      expect((await publish(token, { title: 'Terms', body: 'Text' })).statusCode).toBe(403);
    }
    expect(await versionsOf(f.ids.demo)).toBe(before);
  });

  it("publishes on the admin's own client only (Acme's admin cannot touch Demo)", async () => {
    const before = await versionsOf(f.ids.demo);
    const res = await publish(f.tokens.acmeAdmin, { title: 'Acme terms', body: 'Text' }, '127.0.0.1');
    expect(res.statusCode).toBe(201);
    expect(await versionsOf(f.ids.demo)).toBe(before);
    const [demo] = await f.t.ctx.db.select().from(clients).where(eq(clients.id, f.ids.demo));
    expect(demo!.contractId).not.toBe(res.json().contract.id);
  });

  it('publishes the next version: members who accepted the old one are gated, then accept the new one', async () => {
    const old = (await f.send('GET', '/api/admin/contracts', f.tokens.admin)).json();
    const user = await createUser(f.t.ctx.db, { clientId: f.ids.demo, contractId: old.current.id });
    const token = await f.t.login(user.email!);
    const before = (await f.send('GET', '/api/me', token)).json();
    expect(before.user.contract_id).toBe(before.user.client.contract_id);

    const res = await publish(f.tokens.admin, { title: ' New terms ', body: '# Terms\n\nBe kind.' });
    expect(res.statusCode, res.body).toBe(201);
    const contract = res.json().contract;
    expect(contract).toMatchObject({ title: 'New terms', version: old.current.version + 1 });

    const me = (await f.send('GET', '/api/me', token)).json();
    expect(me.user.client.contract_id).toBe(contract.id);
    expect(me.user.contract_id).not.toBe(contract.id);
    const counts = (await f.send('GET', '/api/admin/contracts', f.tokens.admin)).json();
    expect(counts).toMatchObject({ current: { id: contract.id }, accepted_count: 0 });

    const accepted = await f.send('POST', '/api/me/contract', token, { contract_id: contract.id });
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);
    const after = (await f.send('GET', '/api/me', token)).json();
    expect(after.user.contract_id).toBe(contract.id);
    expect(after.user.contract_agreed_at).not.toBeNull();
    expect((await f.send('GET', '/api/admin/contracts', f.tokens.admin)).json().accepted_count).toBe(1);
    const [entry] = await f.t.ctx.db.select().from(auditLog).where(eq(auditLog.target, contract.id));
    expect(entry).toMatchObject({ action: 'contract.publish', data: { version: contract.version } });
  });
});

import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clientDomains, jobs } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { headersFor } from '../../test/factories.ts';
import { type FakeDns, startFakeDns } from '../../test/fake-dns.ts';
import { recheckDelayMs } from './domains.jobs.ts';
import { DOMAIN_CHECK_JOB } from './domains.repository.ts';

/** The background re-check of pending domains: verifies when the TXT record appears, backs off, stops after 72 h. */

let t: TestApp;
let dns: FakeDns;
let token: string;
beforeAll(async () => {
  dns = await startFakeDns();
  t = await buildTestApp({ DNS_SERVERS: dns.address, APP_HOST: 'app.rally.test' });
  token = await t.login('admin@acme.test');
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

const add = async (host: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/client/domains',
    headers: headersFor(token, ACME_HOST),
    payload: { host },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.ctx.db.select().from(clientDomains).where(eq(clientDomains.host, host));
  return row!;
};
const pendingChecks = (host: string) =>
  t.ctx.db
    .select()
    .from(jobs)
    .where(
      and(eq(jobs.kind, DOMAIN_CHECK_JOB), isNull(jobs.doneAt), sql`${jobs.payload}->>'host' = ${host}`),
    );
/** Makes the host's pending check due and runs it (the app's own runner may take it first: wait for its mark). */
async function runCheck(host: string, done: () => Promise<boolean>) {
  await t.ctx.db.execute(
    sql`update jobs set run_at = now() where kind = ${DOMAIN_CHECK_JOB} and done_at is null and payload->>'host' = ${host}`,
  );
  await t.ctx.jobs.drain();
  await expect.poll(done, { timeout: 10_000 }).toBe(true);
}
const rowOf = async (host: string) =>
  (await t.ctx.db.select().from(clientDomains).where(eq(clientDomains.host, host)))[0]!;
const servedAs = async (host: string) =>
  (await t.app.inject({ url: '/api/bootstrap', headers: { host } })).json().client.name as string;

describe('domains.check job', () => {
  it('backs off from 1 minute to at most 30', () => {
    expect([1, 2, 3, 6, 20].map(recheckDelayMs)).toEqual([60_000, 120_000, 240_000, 1_800_000, 1_800_000]);
  });

  it('is queued a minute after adding; while the record is missing it records why and schedules the next', async () => {
    const host = 'missing.acme-brand.test';
    const added = Date.now();
    await add(host);
    const [first] = await pendingChecks(host);
    expect(first!.runAt.getTime()).toBeGreaterThanOrEqual(added + 50_000);

    await runCheck(host, async () => (await rowOf(host)).lastCheckedAt !== null);
    const row = await rowOf(host);
    expect(row.verifiedAt).toBeNull();
    expect(row.lastError).toBe(`TXT record not found at _rally-verification.${host}`);
    await expect.poll(async () => (await pendingChecks(host)).map((j) => j.payload.attempt)).toEqual([2]);
    const [next] = await pendingChecks(host);
    expect(next!.runAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
  });

  it('verifies the domain when the TXT record appears, and the host then serves the client', async () => {
    const host = 'found.acme-brand.test';
    const row = await add(host);
    dns.set('TXT', `_rally-verification.${host}`, [row.verificationToken!]);
    expect(await servedAs(host)).toBe('Demo');

    await runCheck(host, async () => (await rowOf(host)).verifiedAt !== null);
    await expect.poll(() => servedAs(host)).toBe('Acme');
    expect(await pendingChecks(host)).toHaveLength(0);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'client.domain_verify'), eq(auditLog.target, host)));
    expect(audit).toMatchObject({ userId: null, data: { host, by: 'background_check' } });
  });

  it('stops 72 hours after the domain was added: no lookup, no next check, and the domain shows as failed', async () => {
    const host = 'late.acme-brand.test';
    await add(host);
    await t.ctx.db
      .update(clientDomains)
      .set({ createdAt: new Date(Date.now() - 73 * 3_600_000) })
      .where(eq(clientDomains.host, host));
    const asked = dns.questions.length;
    await runCheck(host, async () => (await pendingChecks(host)).length === 0);
    expect(dns.questions.length).toBe(asked);
    expect((await rowOf(host)).lastCheckedAt).toBeNull();
    const list = await t.app.inject({
      url: '/api/admin/client/domains',
      headers: headersFor(token, ACME_HOST),
    });
    const shown = list.json().domains.find((d: { host: string }) => d.host === host);
    expect(shown).toMatchObject({ status: 'failed', abilities: { can_verify: true } });
  });

  it('stops when the domain is removed', async () => {
    const host = 'removed.acme-brand.test';
    await add(host);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/client/domains/${host}`,
      headers: headersFor(token, ACME_HOST),
    });
    expect(del.statusCode).toBe(200);
    const asked = dns.questions.length;
    await runCheck(host, async () => (await pendingChecks(host)).length === 0);
    expect(dns.questions.length).toBe(asked);
  });
});

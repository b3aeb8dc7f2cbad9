import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHandoffs, sessions, users } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser, headersFor, nextAddress } from '../../test/factories.ts';
import { MAX_HANDOFF_FAILURES_PER_ADDRESS } from './commands/hand-off-sign-in.ts';

let t: TestApp;
let demoId: string;
beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await clientIds(t.ctx.db)).demo;
});
afterAll(() => t.close());

const handoff = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/handoff', headers });
const redeem = (payload: unknown, host = DEMO_HOST, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/handoff/redeem',
    headers: { host },
    remoteAddress,
    payload: payload as object,
  });
const codeOf = async (email: string, host = DEMO_HOST) => {
  const res = await handoff(headersFor(await t.login(email, host), host));
  expect(res.statusCode).toBe(201);
  return res.json().code as string;
};
const counts = async () => ({
  sessions: (await t.ctx.db.select({ n: count() }).from(sessions))[0]!.n,
  handoffs: (await t.ctx.db.select({ n: count() }).from(authHandoffs))[0]!.n,
});

describe('POST /api/auth/handoff', () => {
  it('answers 401 without a session, or with another client’s session, and stores nothing', async () => {
    const before = await counts();
    expect((await handoff({ host: DEMO_HOST })).statusCode).toBe(401);
    const acmeToken = await t.login('member@acme.test', ACME_HOST);
    expect((await handoff(headersFor(acmeToken, DEMO_HOST))).statusCode).toBe(401);
    expect((await counts()).handoffs).toBe(before.handoffs);
  });

  it('refuses a guest (403): a guest has no sign-in to hand on', async () => {
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/guests',
      headers: { host: DEMO_HOST },
      payload: {},
      remoteAddress: nextAddress(),
    });
    expect(guest.statusCode, guest.body).toBe(201);
    const res = await handoff(headersFor(guest.json().token));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('guest');
  });

  it('answers a one-time code, stored only as a hash, valid two minutes', async () => {
    const started = Date.now();
    const code = await codeOf('member@demo.test');
    expect(code.length).toBeGreaterThanOrEqual(40);
    const rows = await t.ctx.db.select().from(authHandoffs);
    expect(rows.some((r) => r.codeHash === code)).toBe(false);
    const row = rows.find((r) => r.createdAt.getTime() >= started - 1000)!;
    expect(row.clientId).toBe(demoId);
    const ttl = row.expiresAt.getTime() - started;
    expect(ttl).toBeGreaterThan(115_000);
    expect(ttl).toBeLessThan(125_000);
  });
});

describe('POST /api/auth/handoff/redeem', () => {
  it('answers 400 naming the field for bad input, and starts no session', async () => {
    const before = await counts();
    for (const payload of [{}, { code: 42 }, { code: 'short' }, { code: 'x'.repeat(201) }]) {
      const res = await redeem(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/code/);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses an unknown code (401)', async () => {
    const before = await counts();
    const res = await redeem({ code: 'n'.repeat(43) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('handoff_invalid');
    expect((await counts()).sessions).toBe(before.sessions);
  });

  it('refuses another client’s code (401) and leaves it to its own client', async () => {
    const code = await codeOf('member@acme.test', ACME_HOST);
    const before = await counts();
    expect((await redeem({ code }, DEMO_HOST)).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
    expect((await redeem({ code }, ACME_HOST)).statusCode).toBe(200);
  });

  it('signs the member in once: a session like a login’s, then the code is spent', async () => {
    const code = await codeOf('member@demo.test');
    const res = await redeem({ code });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.email).toBe('member@demo.test');
    expect(res.headers['set-cookie']).toMatch(/rally=/);
    const me = await t.app.inject({ url: '/api/me', headers: headersFor(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('member@demo.test');

    const before = await counts();
    expect((await redeem({ code })).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });

  it('refuses a code after two minutes (401)', async () => {
    const code = await codeOf('member@demo.test');
    vi.useFakeTimers({ now: Date.now() + 121_000, toFake: ['Date'] });
    try {
      expect((await redeem({ code })).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a member deactivated since the code was made (403)', async () => {
    const user = await createUser(t.ctx.db, { clientId: demoId });
    const code = await codeOf(user.email!);
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await redeem({ code });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_active');
  });

  it('refuses an address after too many failures (429), as failed logins are', async () => {
    const address = nextAddress();
    for (let i = 0; i < MAX_HANDOFF_FAILURES_PER_ADDRESS; i++)
      expect((await redeem({ code: `wrong-code-${i}`.padEnd(43, 'x') }, DEMO_HOST, address)).statusCode).toBe(
        401,
      );
    const code = await codeOf('member@demo.test');
    expect((await redeem({ code }, DEMO_HOST, address)).statusCode).toBe(429);
    expect((await redeem({ code }, DEMO_HOST)).statusCode).toBe(200);
  });
});

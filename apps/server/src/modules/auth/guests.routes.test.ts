import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, projectMembers, sessions, users } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, DEMO_HOST, type TestApp } from '../../test/build-test-app.ts';
import {
  clientIds,
  createProject,
  createUser,
  headersFor,
  nextAddress,
  tokenFromMail,
  unique,
} from '../../test/factories.ts';
import { convertGhostUser, GUEST_CLEANUP_JOB } from './guests.repository.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const ghostCount = async () =>
  (await t.ctx.db.select({ n: count() }).from(users).where(eq(users.isGhost, true)))[0]!.n;
const startGuest = (host = DEMO_HOST, payload: object = {}, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/guests', headers: { host }, payload, remoteAddress });
async function guest(host = DEMO_HOST) {
  const res = await startGuest(host);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { user: { id: string; email: string | null; is_ghost: boolean }; token: string };
}
const pendingCleanups = () =>
  t.ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, GUEST_CLEANUP_JOB), sql`${jobs.doneAt} is null`));
const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: headersFor(token), ...(payload ? { payload } : {}) });

describe('POST /api/guests', () => {
  it('answers 400 naming the field for a body with fields, and creates nobody', async () => {
    const before = await ghostCount();
    const res = await startGuest(DEMO_HOST, { email: 'a@b.co' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/email/);
    expect(await ghostCount()).toBe(before);
  });

  it('answers 403 not_open on a client without feature open, and creates nobody', async () => {
    const before = await ghostCount();
    const res = await startGuest(ACME_HOST);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Browsing as a guest is not available for this app',
      code: 'not_open',
    });
    expect(await ghostCount()).toBe(before);
  });

  it('creates a ghost without email in the client and signs them in like a login', async () => {
    const res = await startGuest();
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ email: null, is_ghost: true, role: 'USER' });
    expect(String(res.headers['set-cookie'])).toMatch(/^rally=[A-Za-z0-9_-]{40,};.*HttpOnly/);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row).toMatchObject({ clientId: ids.demo, email: null, passwordHash: null, isGhost: true });
    const me = await call('GET', '/api/me', body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(body.user.id);
    // Guests read projects and the feed.
    expect((await call('GET', '/api/projects', body.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/feed', body.token)).statusCode).toBe(200);
    // …and the cleanup that removes idle guests is scheduled, once.
    await guest();
    expect(await pendingCleanups()).toHaveLength(1);
  });

  it('is rate-limited per address like login', async () => {
    const address = nextAddress();
    for (let i = 0; i < 20; i++) expect((await startGuest(DEMO_HOST, {}, address)).statusCode).toBe(201);
    const refused = await startGuest(DEMO_HOST, {}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
  });

  it("keeps a guest's session to its own client", async () => {
    const { token } = await guest();
    expect(await call('GET', '/api/me', token).then((r) => r.statusCode)).toBe(200);
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: headersFor(token, ACME_HOST),
    });
    expect(other.statusCode).toBe(401);
  });
});

describe('guest writes', () => {
  it('answers 401 without a session and 403 guest_account_required to a guest, changing nothing', async () => {
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    const member = await createUser(t.ctx.db, { clientId: ids.demo });
    expect((await call('POST', `/api/projects/${project.id}/join`)).statusCode).toBe(401);
    const { user, token } = await guest();
    const writes: [Parameters<typeof call>[0], string, object?][] = [
      ['POST', `/api/projects/${project.id}/join`],
      ['POST', '/api/posts', { body: 'Hello' }],
      ['POST', `/api/posts/${project.id}/comments`, { body: 'Nice' }],
      ['PUT', `/api/posts/${project.id}/reaction`, { reaction: 'like' }],
      ['POST', `/api/users/${member.id}/follow`],
      ['POST', '/api/chat/conversations', { kind: 'brand' }],
      ['POST', `/api/activities/${project.id}/shares`, {}],
      ['POST', '/api/upload', {}],
      ['PATCH', '/api/me', { first_name: 'Gus' }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await call(method, url, token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({
        message: 'Create an account to take part: guests can only look around.',
        code: 'guest_account_required',
      });
    }
    const joined = await t.ctx.db
      .select({ n: count() })
      .from(projectMembers)
      .where(eq(projectMembers.userId, user.id));
    expect(joined[0]!.n).toBe(0);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.firstName).toBeNull();
    // Registering the device for push (SPEC 4), the shell's activity ping and signing out stay open.
    const device = {
      fcm: 'device-token',
      platform: 'android',
      deviceId: '0195f0a0-0000-7000-8000-000000000001',
    };
    expect((await call('PATCH', '/api/me', token, device)).statusCode).toBe(200);
    expect((await call('PATCH', '/api/me', token, { ...device, first_name: 'Gus' })).statusCode).toBe(403);
    expect((await call('POST', '/api/time', token)).statusCode).toBe(200);
    expect((await call('POST', '/api/logout', token)).statusCode).toBe(200);
  });

  it('lets a member write as before', async () => {
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    const member = await createUser(t.ctx.db, { clientId: ids.demo });
    const token = await t.login(member.email!);
    expect((await call('POST', `/api/projects/${project.id}/join`, token)).statusCode).not.toBe(403);
  });
});

describe('creating an account from a guest session', () => {
  it('turns the same row into an unverified account, ends the guest session, then signs in on verify', async () => {
    const { user, token } = await guest();
    const email = `${unique('guest')}@example.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: headersFor(token),
      payload: { email, password: 'long-enough-pw', first_name: 'Gia', last_name: 'Guest' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.ctx.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: user.id, isGhost: false, firstName: 'Gia', emailVerifiedAt: null });
    expect((await call('GET', '/api/me', token)).statusCode).toBe(401);

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verify',
      headers: { host: DEMO_HOST },
      payload: { token: await tokenFromMail(t.ctx.db, email, 'verify') },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ id: user.id, is_ghost: false, email });
  });

  it('creates a new account as before for a signed-in member (not a guest)', async () => {
    const member = await createUser(t.ctx.db, { clientId: ids.demo });
    const token = await t.login(member.email!);
    const email = `${unique('other')}@example.test`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/accounts',
      headers: headersFor(token),
      payload: { email, password: 'long-enough-pw', first_name: 'New', last_name: 'Person' },
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    expect(row!.id).not.toBe(member.id);
    const [kept] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(kept!.email).toBe(member.email);
  });
});

describe('guests tenancy', () => {
  it("never converts another client's ghost, nor a member", async () => {
    const { user } = await guest();
    const member = await createUser(t.ctx.db, { clientId: ids.demo });
    const fields = {
      email: 'x@example.test',
      passwordHash: 'h',
      firstName: 'X',
      lastName: 'Y',
      locale: null,
    };
    expect(
      await convertGhostUser(t.ctx.db, { ...fields, clientId: ids.acme, userId: user.id }),
    ).toBeUndefined();
    expect(
      await convertGhostUser(t.ctx.db, { ...fields, clientId: ids.demo, userId: member.id }),
    ).toBeUndefined();
    const [ghostRow] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(ghostRow).toMatchObject({ isGhost: true, email: null, clientId: ids.demo });
    const [memberRow] = await t.ctx.db.select().from(users).where(eq(users.id, member.id));
    expect(memberRow!.email).toBe(member.email);
  });
});

describe('the idle guest cleanup job', () => {
  it('removes only ghosts idle for 30 days, with their sessions, in every client', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    const recent = new Date(Date.now() - 29 * 86_400_000);
    const ghost = (clientId: string, at: Date) =>
      createUser(t.ctx.db, { clientId, email: null, isGhost: true, createdAt: at, lastActiveAt: at });
    const idle = [await ghost(ids.demo, old), await ghost(ids.acme, old)];
    const kept = [
      await ghost(ids.demo, recent),
      await ghost(ids.acme, recent),
      await createUser(t.ctx.db, { clientId: ids.demo, createdAt: old, lastActiveAt: old }),
      await createUser(t.ctx.db, { clientId: ids.acme, createdAt: old }),
    ];
    // An old ghost that came back recently (a new session) is not idle.
    const returning = await ghost(ids.demo, old);
    await t.ctx.db.insert(sessions).values({
      clientId: ids.demo,
      userId: returning.id,
      tokenHash: unique('hash'),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await t.ctx.db.insert(sessions).values({
      clientId: ids.demo,
      userId: idle[0]!.id,
      tokenHash: unique('hash'),
      createdAt: old,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    kept.push(returning);
    await guest();

    await t.ctx.db.execute(
      sql`update jobs set run_at = now() where kind = ${GUEST_CLEANUP_JOB} and done_at is null`,
    );
    await t.ctx.jobs.drain();

    const left = async (list: { id: string }[]) => {
      const rows = await t.ctx.db.select({ id: users.id }).from(users);
      const present = new Set(rows.map((r) => r.id));
      return list.filter((u) => present.has(u.id)).length;
    };
    expect(await left(idle)).toBe(0);
    expect(await left(kept)).toBe(kept.length);
    const idleSessions = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, idle[0]!.id));
    expect(idleSessions).toHaveLength(0);
    // Guests remain, so the next run is due in a day.
    const next = await pendingCleanups();
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, devices, sessions, teamMembers, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo.ts';
import { useAdminFixture } from '../../test/admin-fixture.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { createTeam, createUser, headersFor, userByEmail } from '../../test/factories.ts';

/**
 * People administration: list filters and orders, deactivation and reactivation, and what an ANALYST may change
 * (SPEC 6: the members of their teams only, never to ADMIN). Every change leaves an audit row.
 */

const f = useAdminFixture();
const row = async (id: string) => (await f.t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const auditOf = (target: string) =>
  f.t.ctx.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);
/** A global ANALYST (no team tags) of Demo and their token. */
const globalAnalyst = async () => {
  const user = await createUser(f.t.ctx.db, { clientId: f.ids.demo, role: 'ANALYST', teamTags: [] });
  return { user, token: await f.t.login(user.email!) };
};
const applicantToken = () => f.t.login('applicant@demo.test');

describe('GET /api/admin/users filters and orders', () => {
  it('answers 400 naming the field for a bad status, last_active or sort', async () => {
    for (const [query, message] of [
      ['?status=gone', /status must be one of active, invited, deactivated/],
      ['?last_active=year', /last_active must be one of/],
      ['?sort=age', /sort must be one of newest, oldest, name, last_active/],
    ] as const) {
      const res = await f.send('GET', `/api/admin/users${query}`, f.tokens.admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('filters by status and last activity and sorts by name and last active, paging by the last id', async () => {
    const team = await createTeam(f.t.ctx.db, { clientId: f.ids.demo });
    const day = 24 * 3600_000;
    const mk = (firstName: string, extra: Partial<typeof users.$inferInsert>) =>
      createUser(f.t.ctx.db, { clientId: f.ids.demo, firstName, lastName: 'Zz', ...extra });
    const carl = await mk('Carl', { lastActiveAt: new Date(Date.now() - 2 * day) });
    const anna = await mk('Anna', { lastActiveAt: new Date(Date.now() - 40 * day) });
    const bert = await mk('Bert', { isActive: false, deactivatedAt: new Date() });
    const dora = await mk('Dora', { passwordHash: null, invitedAt: new Date() });
    await f.t.ctx.db
      .insert(teamMembers)
      .values([carl, anna, bert, dora].map((u) => ({ clientId: f.ids.demo, teamId: team.id, userId: u.id })));
    const ids = async (query: string) => {
      const res = await f.send('GET', `/api/admin/users?team=${team.id}${query}`, f.tokens.admin);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { users: { id: string; status: string }[]; next_cursor: string | null };
    };
    expect((await ids('&status=deactivated')).users).toMatchObject([{ id: bert.id, status: 'deactivated' }]);
    expect((await ids('&status=invited')).users).toMatchObject([{ id: dora.id, status: 'invited' }]);
    expect((await ids('&status=active&sort=name')).users.map((u) => u.id)).toEqual([anna.id, carl.id]);
    expect((await ids('&last_active=7d')).users.map((u) => u.id)).toEqual([carl.id]);
    expect((await ids('&last_active=over_30d&sort=name')).users.map((u) => u.id)).toEqual([
      anna.id,
      bert.id,
      dora.id,
    ]);
    expect((await ids('&last_active=never&sort=oldest')).users.map((u) => u.id)).toEqual([bert.id, dora.id]);
    const first = await ids('&sort=name&limit=2');
    expect(first.users.map((u) => u.id)).toEqual([anna.id, bert.id]);
    expect(first.next_cursor).toBe(bert.id);
    const next = await ids(`&sort=name&limit=2&cursor=${bert.id}`);
    expect(next.users.map((u) => u.id)).toEqual([carl.id, dora.id]);
    expect((await ids(`&sort=name&limit=-2&cursor=${carl.id}`)).users.map((u) => u.id)).toEqual([
      anna.id,
      bert.id,
    ]);
    const active = await ids('&sort=last_active');
    expect(active.users.map((u) => u.id).slice(0, 2)).toEqual([carl.id, anna.id]);
  });

  it("a member's active-time ping makes them last active now", async () => {
    const { user, token } = await f.newMember();
    const before = await f.send(
      'GET',
      `/api/admin/users?q=${encodeURIComponent(user.email!)}`,
      f.tokens.admin,
    );
    expect(before.json().users[0].last_active_at).toBeNull();
    expect((await f.send('POST', '/api/time', token)).statusCode).toBe(200);
    const after = await f.send(
      'GET',
      `/api/admin/users?q=${encodeURIComponent(user.email!)}&last_active=7d`,
      f.tokens.admin,
    );
    expect(after.json().users.map((u: { id: string }) => u.id)).toEqual([user.id]);
    expect(after.json().users[0].last_active_at).not.toBeNull();
  });

  it('tells the viewer whom they may manage: a team lead their teams’ members, never an admin', async () => {
    const res = await f.send('GET', '/api/admin/users?limit=100', f.tokens.lead);
    const listed = res.json().users as { email: string; can_manage: boolean }[];
    expect(listed.find((u) => u.email === 'lead@demo.test')?.can_manage).toBe(false);
    const admins = await f.send('GET', '/api/admin/users?limit=100&role=ADMIN', f.tokens.admin);
    expect((admins.json().users as { can_manage: boolean }[]).every((u) => u.can_manage)).toBe(true);
  });
});

describe('POST /api/admin/users/{id}/deactivate and /reactivate', () => {
  it('answers 401 without a valid session of this client', async () => {
    const user = await createUser(f.t.ctx.db, { clientId: f.ids.demo });
    await expectSessionRequired(f.t, { method: 'POST', url: `/api/admin/users/${user.id}/deactivate` });
    await expectSessionRequired(f.t, { method: 'POST', url: `/api/admin/users/${user.id}/reactivate` });
  });

  it('answers 400 for a bad id or the admin themselves, and changes nothing', async () => {
    const bad = await f.send('POST', '/api/admin/users/nope/deactivate', f.tokens.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id must be a user id/);
    const me = await userByEmail(f.t.ctx.db, 'admin@demo.test');
    const self = await f.send('POST', `/api/admin/users/${me.id}/deactivate`, f.tokens.admin);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot deactivate your own account');
    expect((await row(me.id)).isActive).toBe(true);
  });

  it('answers 403 to a member, an applicant, a team lead outside their teams and an analyst for an admin', async () => {
    const target = await createUser(f.t.ctx.db, { clientId: f.ids.demo });
    const admin2 = await createUser(f.t.ctx.db, { clientId: f.ids.demo, role: 'ADMIN' });
    const analyst = await globalAnalyst();
    for (const [token, id, message] of [
      [f.tokens.member, target.id, 'You are not allowed to change users'],
      [f.tokens.lead, target.id, 'You can only manage members of the Teams you lead'],
      [analyst.token, admin2.id, 'Only admins can change an admin'],
      [await applicantToken(), target.id, undefined],
    ] as const) {
      const res = await f.send('POST', `/api/admin/users/${id}/deactivate`, token);
      expect(res.statusCode).toBe(403);
      if (message) expect(res.json().message).toBe(message);
    }
    expect((await row(target.id)).isActive).toBe(true);
    expect((await row(admin2.id)).isActive).toBe(true);
  });

  it("answers 404 for another client's user", async () => {
    const acme = await createUser(f.t.ctx.db, { clientId: f.ids.acme });
    const res = await f.send('POST', `/api/admin/users/${acme.id}/deactivate`, f.tokens.admin);
    expect(res.statusCode).toBe(404);
    expect((await row(acme.id)).isActive).toBe(true);
  });

  it('signs the member out at once, drops their devices, refuses their login, keeps them; reactivates', async () => {
    const { user, token } = await f.newMember();
    expect((await f.send('GET', '/api/me', token)).statusCode).toBe(200);
    await f.t.ctx.db.insert(devices).values({
      clientId: f.ids.demo,
      userId: user.id,
      deviceId: randomUUID(),
      fcmToken: 'push-token',
      platform: 'android',
    });
    const res = await f.send('POST', `/api/admin/users/${user.id}/deactivate`, f.tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ id: user.id, status: 'deactivated', is_active: false });
    expect((await f.send('GET', '/api/me', token)).statusCode).toBe(401);
    const live = await f.t.ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id)));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect(await f.t.ctx.db.select().from(devices).where(eq(devices.userId, user.id))).toEqual([]);
    const login = await f.t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: headersFor(),
      payload: { email: user.email, password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe("This account has been deactivated. Contact your program's admins.");
    expect((await row(user.id)).firstName).toBe(user.firstName);

    const back = await f.send('POST', `/api/admin/users/${user.id}/reactivate`, f.tokens.admin);
    expect(back.json().user).toMatchObject({ status: 'active', is_active: true });
    expect((await f.t.login(user.email!)).length).toBeGreaterThan(10);
    expect((await auditOf(user.id)).map((a) => a.action)).toEqual(['user.deactivate', 'user.reactivate']);
  });

  it('lets a team lead deactivate a member of their team', async () => {
    const user = await createUser(f.t.ctx.db, { clientId: f.ids.demo });
    await f.t.ctx.db
      .insert(teamMembers)
      .values({ clientId: f.ids.demo, teamId: f.team.Sales!, userId: user.id });
    const res = await f.send('POST', `/api/admin/users/${user.id}/deactivate`, f.tokens.lead);
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(user.id)).isActive).toBe(false);
  });
});

describe('PATCH /api/admin/users/{id} by an ANALYST', () => {
  it('a team lead changes teams only within their teams (the member keeps the others) and never grants ADMIN', async () => {
    const other = await createTeam(f.t.ctx.db, { clientId: f.ids.demo });
    const user = await createUser(f.t.ctx.db, { clientId: f.ids.demo });
    await f.t.ctx.db.insert(teamMembers).values([
      { clientId: f.ids.demo, teamId: f.team.Sales!, userId: user.id },
      { clientId: f.ids.demo, teamId: other.id, userId: user.id },
    ]);
    const grant = await f.send('PATCH', `/api/admin/users/${user.id}`, f.tokens.lead, { role: 'ADMIN' });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toBe('Only admins can grant the admin role');
    const outside = await f.send('PATCH', `/api/admin/users/${user.id}`, f.tokens.lead, {
      team_ids: [f.team.Marketing!],
    });
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe('You can only add people to the Teams you lead');
    const tags = await f.send('PATCH', `/api/admin/users/${user.id}`, f.tokens.lead, { team_tags: [] });
    expect(tags.statusCode).toBe(403);
    expect((await row(user.id)).role).toBe('USER');

    const made = await f.send('PATCH', `/api/admin/users/${user.id}`, f.tokens.lead, { role: 'ANALYST' });
    expect(made.statusCode, made.body).toBe(200);
    // A lead made by a team lead leads that lead's teams, never every team.
    expect(made.json().user).toMatchObject({ role: 'ANALYST', team_tags: [f.team.Sales] });
    const removed = await f.send('PATCH', `/api/admin/users/${user.id}`, f.tokens.lead, { team_ids: [] });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.teams.map((t: { id: string }) => t.id)).toEqual([other.id]);
    expect((await auditOf(user.id)).map((a) => a.action)).toEqual(['user.access', 'user.access']);
  });

  it('an admin sets the teams an ANALYST leads; the audit row says from what to what', async () => {
    const user = await createUser(f.t.ctx.db, { clientId: f.ids.demo, role: 'ANALYST' });
    const res = await f.send('PATCH', `/api/admin/users/${user.id}`, f.tokens.admin, {
      team_tags: [f.team.Marketing],
    });
    expect(res.json().user.team_tags).toEqual([f.team.Marketing]);
    const [entry] = await auditOf(user.id);
    expect(entry!.data).toEqual({ changes: { team_tags: { from: [], to: [f.team.Marketing] } } });
  });
});

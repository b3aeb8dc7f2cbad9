import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createTeam, createUser, userByEmail } from '../../test/factories.ts';
import { call } from '../../test/factories-people.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let admin: string;
let lead: string;
let member: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  admin = await t.login('admin@demo.test');
  lead = await t.login('lead@demo.test');
  member = await t.login('member@demo.test');
});
afterAll(() => t.close());

type Listed = { id: string; email: string; role: string; teams: { id: string; name: string }[] };
const list = async (token: string, query = '') => {
  const res = await call(t, 'GET', `/api/admin/users${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { users: Listed[]; next_cursor: string | null };
};
const emails = (page: { users: Listed[] }) => page.users.map((u) => u.email);
const teamIdsOf = async (userId: string) =>
  (await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.userId, userId)))
    .map((m) => m.teamId)
    .sort();

describe('GET /api/admin/users', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/admin/users' });
  });

  it('answers 400 naming the field for bad filters', async () => {
    for (const [query, message] of [
      ['?role=BOSS', /role must be one of/],
      ['?team=sales', /team must be a team id/],
      ['?limit=1000', /limit must be between/],
      ['?cursor=abc', /valid id/],
    ] as const) {
      const res = await call(t, 'GET', `/api/admin/users${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers 403 to a member', async () => {
    expect((await call(t, 'GET', '/api/admin/users', member)).statusCode).toBe(403);
  });

  it("lists this client's users newest first with their teams, never another client's", async () => {
    const page = await list(admin, '?limit=100');
    expect(emails(page)).toContain('member@demo.test');
    expect(emails(page)).not.toContain('member@acme.test');
    const maya = page.users.find((u) => u.email === 'member@demo.test')!;
    expect(maya).toMatchObject({ role: 'USER', teams: [{ name: 'Marketing' }] });
    expect((maya as unknown as { display_name: string }).display_name).toBe('Maya Member');
  });

  it('searches names and emails (wildcards taken literally) and filters by role and team', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Filter team' });
    const zed = await createUser(t.ctx.db, { clientId: ids.demo, firstName: 'Zedekiah', lastName: 'Quill' });
    await t.ctx.db.insert(teamMembers).values({ clientId: ids.demo, teamId: team.id, userId: zed.id });
    expect(emails(await list(admin, '?q=zedek'))).toEqual([zed.email]);
    expect(emails(await list(admin, '?q=ah%20quill'))).toEqual([zed.email]);
    expect(emails(await list(admin, '?q=%25'))).toEqual([]);
    expect(emails(await list(admin, `?team=${team.id}`))).toEqual([zed.email]);
    expect(emails(await list(admin, '?role=ANALYST'))).toEqual(['lead@demo.test']);
  });

  it('shows a team lead only the people of their teams', async () => {
    const page = await list(lead, '?limit=100');
    expect(emails(page)).toContain('lead@demo.test');
    expect(emails(page)).not.toContain('member@demo.test');
    for (const user of page.users) expect(user.teams.map((x) => x.name)).toContain('Sales');
  });

  it('pages with the cursor: exact page, next page, newer items and a deleted cursor', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createUser(t.ctx.db, { clientId: ids.demo }));
    await t.ctx.db
      .insert(teamMembers)
      .values(made.map((u) => ({ clientId: ids.demo, teamId: team.id, userId: u.id })));
    const [u0, u1, u2] = made;
    const first = await list(admin, `?team=${team.id}&limit=2`);
    expect(first.users.map((u) => u.id)).toEqual([u2!.id, u1!.id]);
    expect(first.next_cursor).toBe(u1!.id);
    const next = await list(admin, `?team=${team.id}&limit=2&cursor=${u1!.id}`);
    expect(next).toMatchObject({ users: [{ id: u0!.id }], next_cursor: null });
    const newer = await list(admin, `?team=${team.id}&limit=-2&cursor=${u0!.id}`);
    expect(newer.users.map((u) => u.id)).toEqual([u2!.id, u1!.id]);
    expect((await list(admin, `?team=${team.id}&limit=3`)).next_cursor).toBeNull();
    await t.ctx.db.delete(users).where(eq(users.id, u1!.id));
    const afterDeleted = await list(admin, `?team=${team.id}&cursor=${u1!.id}`);
    expect(afterDeleted.users.map((u) => u.id)).toEqual([u0!.id]);
    expect((await list(admin, '?q=nobody-has-this-name')).users).toEqual([]);
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    await expectSessionRequired(t, {
      method: 'PATCH',
      url: `/api/admin/users/${user.id}`,
      payload: { role: 'ADMIN' },
    });
  });

  it('answers 400 naming the field and changes nothing', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const acmeTeam = await createTeam(t.ctx.db, { clientId: ids.acme });
    for (const [payload, message] of [
      [{}, /Send a role, team_ids or team_tags/],
      [{ role: 'APPLICANT' }, /role must be one of USER, ANALYST, ADMIN/],
      [{ team_ids: ['x'] }, /team_ids must be team ids/],
      [{ team_ids: [acmeTeam.id] }, /team_ids must be teams of this app/],
      [{ role: 'ADMIN', email: 'a@b.c' }, /email/],
    ] as const) {
      const res = await call(t, 'PATCH', `/api/admin/users/${user.id}`, admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe('USER');
    expect(await teamIdsOf(user.id)).toEqual([]);
  });

  it('answers 400 when an admin would demote themselves', async () => {
    const me = await userByEmail(t.ctx.db, 'admin@demo.test');
    const res = await call(t, 'PATCH', `/api/admin/users/${me.id}`, admin, { role: 'USER' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot take away your own admin role');
    expect((await userByEmail(t.ctx.db, 'admin@demo.test')).role).toBe('ADMIN');
  });

  it('answers 403 to a lead and a member', async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    for (const token of [lead, member]) {
      const res = await call(t, 'PATCH', `/api/admin/users/${user.id}`, token, { role: 'ADMIN' });
      expect(res.statusCode).toBe(403);
    }
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.role).toBe('USER');
  });

  it("answers 404 for another client's user", async () => {
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const res = await call(t, 'PATCH', `/api/admin/users/${acmeUser.id}`, admin, { role: 'ADMIN' });
    expect(res.statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, acmeUser.id));
    expect(row!.role).toBe('USER');
  });

  it("sets the role and exactly the given teams; the user's session follows", async () => {
    const [a, b, c] = [
      await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Team A' }),
      await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Team B' }),
      await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Team C' }),
    ];
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    await t.ctx.db.insert(teamMembers).values({ clientId: ids.demo, teamId: a!.id, userId: user.id });
    const token = await t.login(user.email!);
    await call(t, 'GET', '/api/me', token);
    const res = await call(t, 'PATCH', `/api/admin/users/${user.id}`, admin, {
      role: 'ANALYST',
      team_ids: [b!.id, c!.id, c!.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: user.id,
      role: 'ANALYST',
      teams: [
        { id: b!.id, name: 'Team B' },
        { id: c!.id, name: 'Team C' },
      ],
    });
    expect(await teamIdsOf(user.id)).toEqual([b!.id, c!.id].sort());
    expect((await call(t, 'GET', '/api/me', token)).json().user.role).toBe('ANALYST');
    const cleared = await call(t, 'PATCH', `/api/admin/users/${user.id}`, admin, { team_ids: [] });
    expect(cleared.json().user).toMatchObject({ role: 'ANALYST', teams: [] });
  });
});

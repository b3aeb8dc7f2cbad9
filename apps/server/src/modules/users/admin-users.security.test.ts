import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createTeam, createUser, userByEmail } from '../../test/factories.ts';
import { call } from '../../test/factories-people.ts';

/**
 * Security of the admin users API: only admins grant ADMIN, a team lead manages only their teams' members; another client's user or team ids are
 * 404 or 400 and change nothing; a team lead only lists the people of their teams; input is bounded.
 */

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

const userRow = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const teamsOf = async (userId: string) =>
  (await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.userId, userId))).map((m) => m.teamId);

describe('PATCH /api/admin/users/{id}', () => {
  it('a team lead or a member cannot grant ADMIN or teams outside their own, to anyone, themselves included', async () => {
    const target = await createUser(t.ctx.db, { clientId: ids.demo });
    const leadUser = await userByEmail(t.ctx.db, 'lead@demo.test');
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    for (const token of [lead, member]) {
      for (const id of [target.id, leadUser.id]) {
        const res = await call(t, 'PATCH', `/api/admin/users/${id}`, token, {
          role: 'ADMIN',
          team_ids: [team.id],
        });
        expect(res.statusCode).toBe(403);
      }
    }
    expect((await userRow(target.id)).role).toBe('USER');
    expect((await userRow(leadUser.id)).role).toBe('ANALYST');
    expect(await teamsOf(target.id)).toEqual([]);
  });

  it("answers 404 for another client's user, and changes nothing", async () => {
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const res = await call(t, 'PATCH', `/api/admin/users/${acmeUser.id}`, admin, { role: 'ADMIN' });
    expect(res.statusCode).toBe(404);
    expect((await userRow(acmeUser.id)).role).toBe('USER');
  });

  it("refuses another client's team ids (400) and keeps the user's teams", async () => {
    const target = await createUser(t.ctx.db, { clientId: ids.demo });
    const ours = await createTeam(t.ctx.db, { clientId: ids.demo }, [target.id]);
    const theirs = await createTeam(t.ctx.db, { clientId: ids.acme });
    const res = await call(t, 'PATCH', `/api/admin/users/${target.id}`, admin, {
      team_ids: [ours.id, theirs.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/team_ids/);
    expect(await teamsOf(target.id)).toEqual([ours.id]);
    expect(await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, theirs.id))).toEqual([]);
  });

  it('refuses roles that cannot be given, unknown fields and malformed ids, and changes nothing', async () => {
    const target = await createUser(t.ctx.db, { clientId: ids.demo });
    const cases: [string, unknown][] = [
      [target.id, { role: 'APPLICANT' }],
      [target.id, { role: 'SUPERADMIN' }],
      [target.id, { role: 'ADMIN', client_id: ids.acme }],
      [target.id, { team_tags: ['zz'] }],
      [target.id, { team_tags: [ids.acme] }],
      [target.id, { team_ids: ['zz'] }],
      [target.id, { team_ids: Array(201).fill(ids.demo) }],
      [target.id, {}],
      ['zz', { role: 'ADMIN' }],
    ];
    for (const [id, payload] of cases) {
      const res = await call(t, 'PATCH', `/api/admin/users/${id}`, admin, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    expect(await userRow(target.id)).toEqual(target);
  });
});

describe('GET /api/admin/users', () => {
  it("lists only this client's users, for any search", async () => {
    const acmeUser = await createUser(t.ctx.db, {
      clientId: ids.acme,
      firstName: 'Zed',
      lastName: 'Foreign',
    });
    for (const q of ['', 'Foreign', acmeUser.email!, "%' or 1=1--"]) {
      const query = new URLSearchParams({ q, limit: '100' });
      const res = await call(t, 'GET', `/api/admin/users?${query}`, admin);
      expect(res.statusCode, q).toBe(200);
      expect(res.body).not.toContain(acmeUser.id);
    }
  });

  it('a team lead lists only the people of their teams, whatever team filter they pass', async () => {
    const outsider = await createUser(t.ctx.db, { clientId: ids.demo, firstName: 'Out', lastName: 'Sider' });
    const other = await createTeam(t.ctx.db, { clientId: ids.demo }, [outsider.id]);
    const all = await call(t, 'GET', '/api/admin/users?limit=100', lead);
    expect(all.statusCode).toBe(200);
    expect(all.body).not.toContain(outsider.id);
    const filtered = await call(t, 'GET', `/api/admin/users?limit=100&team=${other.id}`, lead);
    expect(filtered.json().users).toEqual([]);
  });

  it('a member cannot list users; bad queries are a 400', async () => {
    expect((await call(t, 'GET', '/api/admin/users', member)).statusCode).toBe(403);
    for (const q of ['?limit=1000', '?cursor=zz', '?team=zz', '?role=ROOT', `?q=${'x'.repeat(201)}`])
      expect((await call(t, 'GET', `/api/admin/users${q}`, admin)).statusCode, q).toBe(400);
  });
});

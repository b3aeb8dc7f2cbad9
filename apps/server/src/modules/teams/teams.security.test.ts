import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createTeam, createUser } from '../../test/factories.ts';
import { call, memberWithToken } from '../../test/factories-people.ts';

/**
 * Security of teams: another client's team and user ids are 404 and change nothing; a hidden team is invisible
 * to non-members; analysts only read the admin side; malformed ids are a 400.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
let admin: string;
let lead: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  admin = await t.login('admin@demo.test');
  lead = await t.login('lead@demo.test');
});
afterAll(() => t.close());

const membersOf = (teamId: string) =>
  t.ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
const teamRow = async (id: string) => (await t.ctx.db.select().from(teams).where(eq(teams.id, id)))[0];

describe("another client's team and user ids", () => {
  it('are 404 on member routes, and joining adds nobody', async () => {
    const member = await memberWithToken(t, ids.demo);
    const foreign = await createTeam(t.ctx.db, { clientId: ids.acme, name: 'Acme crew' });
    for (const [method, url] of [
      ['GET', `/api/teams/${foreign.id}`],
      ['GET', `/api/teams/${foreign.id}/members`],
      ['POST', `/api/teams/${foreign.id}/membership`],
      ['DELETE', `/api/teams/${foreign.id}/membership`],
    ] as const) {
      const res = await call(t, method, url, member.token);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Acme crew');
    }
    expect(await membersOf(foreign.id)).toEqual([]);
    const discover = await call(t, 'GET', '/api/teams/discover', member.token);
    expect(discover.body).not.toContain(foreign.id);
  });

  it('are 404 on admin routes, and change nothing', async () => {
    const foreign = await createTeam(t.ctx.db, { clientId: ids.acme, name: 'Acme crew' });
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const ours = await createTeam(t.ctx.db, { clientId: ids.demo });
    const calls: ['PATCH' | 'DELETE' | 'PUT', string, unknown?][] = [
      ['PATCH', `/api/admin/teams/${foreign.id}`, { name: 'Taken over' }],
      ['DELETE', `/api/admin/teams/${foreign.id}`],
      ['PUT', `/api/admin/teams/${foreign.id}/members/${acmeUser.id}`],
      ['DELETE', `/api/admin/teams/${foreign.id}/members/${acmeUser.id}`],
      // Our team with their user, and their team with our admin: neither crosses over.
      ['PUT', `/api/admin/teams/${ours.id}/members/${acmeUser.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(t, method, url, admin, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await teamRow(foreign.id)).toEqual(foreign);
    expect(await membersOf(ours.id)).toEqual([]);
    const list = await call(t, 'GET', '/api/admin/teams', admin);
    expect(list.body).not.toContain(foreign.id);
  });

  it('refuses an image that is not an upload of this client', async () => {
    const res = await call(t, 'POST', '/api/admin/teams', admin, {
      name: 'Pictured',
      image_url: '/api/files/00000000-0000-7000-8000-000000000000.png',
    });
    expect(res.statusCode).toBe(400);
    const js = await call(t, 'POST', '/api/admin/teams', admin, {
      name: 'Js',
      image_url: 'javascript:alert(1)',
    });
    expect(js.statusCode).toBe(400);
  });
});

describe('hidden teams', () => {
  it('are 404 to a non-member on every member route, never listed in discover, and cannot be joined', async () => {
    const insider = await createUser(t.ctx.db, { clientId: ids.demo });
    const outsider = await memberWithToken(t, ids.demo);
    const hidden = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Hush', isDiscoverable: false }, [
      insider.id,
    ]);
    for (const [method, url] of [
      ['GET', `/api/teams/${hidden.id}`],
      ['GET', `/api/teams/${hidden.id}/members`],
      ['POST', `/api/teams/${hidden.id}/membership`],
    ] as const) {
      const res = await call(t, method, url, outsider.token);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain(insider.id);
    }
    expect((await call(t, 'GET', '/api/teams/discover', outsider.token)).body).not.toContain(hidden.id);
    expect((await membersOf(hidden.id)).map((m) => m.userId)).toEqual([insider.id]);
  });
});

describe('roles', () => {
  it('an analyst reads the admin teams but cannot create, change, delete or staff them', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Steady' });
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    expect((await call(t, 'GET', '/api/admin/teams', lead)).statusCode).toBe(200);
    const calls: ['POST' | 'PATCH' | 'DELETE' | 'PUT', string, unknown?][] = [
      ['POST', '/api/admin/teams', { name: 'By lead' }],
      ['PATCH', `/api/admin/teams/${team.id}`, { name: 'Renamed' }],
      ['DELETE', `/api/admin/teams/${team.id}`],
      ['PUT', `/api/admin/teams/${team.id}/members/${user.id}`],
      ['DELETE', `/api/admin/teams/${team.id}/members/${user.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(t, method, url, lead, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await teamRow(team.id)).toEqual(team);
    expect(await membersOf(team.id)).toEqual([]);
  });

  it('a member cannot reach the admin teams at all', async () => {
    const member = await memberWithToken(t, ids.demo);
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    expect((await call(t, 'GET', '/api/admin/teams', member.token)).statusCode).toBe(403);
    const put = await call(t, 'PUT', `/api/admin/teams/${team.id}/members/${member.user.id}`, member.token);
    expect(put.statusCode).toBe(403);
    const own = await t.ctx.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, member.user.id)));
    expect(own).toEqual([]);
  });
});

describe('malformed input', () => {
  it('answers 400 (never 500) for malformed ids and limits', async () => {
    const member = await memberWithToken(t, ids.demo);
    for (const url of ['/api/teams/zz', '/api/teams/zz/members', `/api/teams/${ids.demo}/members?limit=1000`])
      expect((await call(t, 'GET', url, member.token)).statusCode, url).toBe(400);
    expect((await call(t, 'POST', '/api/teams/1;drop/membership', member.token)).statusCode).toBe(400);
    expect((await call(t, 'PATCH', '/api/admin/teams/zz', admin, { name: 'x' })).statusCode).toBe(400);
    expect((await call(t, 'PUT', `/api/admin/teams/${ids.demo}/members/zz`, admin)).statusCode).toBe(400);
    const long = await call(t, 'POST', '/api/admin/teams', admin, { name: 'x'.repeat(10_000) });
    expect(long.statusCode).toBe(400);
    const extra = await call(t, 'POST', '/api/admin/teams', admin, { name: 'Ok', client_id: ids.acme });
    expect(extra.statusCode).toBe(400);
  });
});

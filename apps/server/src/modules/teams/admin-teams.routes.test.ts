import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers, teams, users } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createTeam, createUser, uploadFile } from '../../test/factories.ts';
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

const teamCount = async () => (await t.ctx.db.select({ n: count() }).from(teams))[0]!.n;
const bootstrapHasTeams = async (host: string) =>
  (await t.app.inject({ url: '/api/bootstrap', headers: { host } })).json().client.has_teams;

describe('GET /api/admin/teams', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/admin/teams' });
  });

  it('answers 403 to a member', async () => {
    const res = await call(t, 'GET', '/api/admin/teams', member);
    expect(res.statusCode).toBe(403);
  });

  it('lists every team of the client (hidden ones too) with member counts, for admins and leads', async () => {
    const hidden = await createTeam(t.ctx.db, {
      clientId: ids.demo,
      name: 'aaa hidden',
      isDiscoverable: false,
    });
    await createTeam(t.ctx.db, { clientId: ids.acme, name: 'aaa acme' });
    for (const token of [admin, lead]) {
      const res = await call(t, 'GET', '/api/admin/teams', token);
      expect(res.statusCode).toBe(200);
      const list = res.json().teams;
      expect(list[0]).toMatchObject({ id: hidden.id, is_discoverable: false, member_count: 0 });
      expect(list.map((x: { name: string }) => x.name)).not.toContain('aaa acme');
      expect(list.find((x: { name: string }) => x.name === 'Marketing').member_count).toBe(2);
    }
  });
});

describe('POST /api/admin/teams', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { method: 'POST', url: '/api/admin/teams', payload: { name: 'X' } });
  });

  it('answers 400 naming the field and creates nothing', async () => {
    const before = await teamCount();
    for (const [payload, message] of [
      [{}, /Name is required/],
      [{ name: '   ' }, /Name is required/],
      [{ name: 'x'.repeat(81) }, /Name must be 80 characters or less/],
      [{ name: 'Ok', image_url: 'https://evil.test/x.png' }, /Image must be a file uploaded/],
      [
        { name: 'Ok', image_url: '/api/files/0190a0a0-0000-7000-8000-000000000000.png' },
        /Image must be a file uploaded/,
      ],
      [{ name: 'Ok', colour: 'red' }, /colour/],
    ] as const) {
      const res = await call(t, 'POST', '/api/admin/teams', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await teamCount()).toBe(before);
  });

  it('answers 403 to a lead and a member (ADMIN only) and creates nothing', async () => {
    const before = await teamCount();
    for (const token of [lead, member]) {
      expect((await call(t, 'POST', '/api/admin/teams', token, { name: 'Nope' })).statusCode).toBe(403);
    }
    expect(await teamCount()).toBe(before);
  });

  it('creates a team with an uploaded image; the first team of a client turns has_teams on', async () => {
    const acmeAdmin = await t.login('admin@acme.test', ACME_HOST);
    await t.ctx.db.delete(teams).where(eq(teams.clientId, ids.acme));
    t.app.invalidateTenants();
    expect(await bootstrapHasTeams(ACME_HOST)).toBe(false);
    const image = await uploadFile(t.app, acmeAdmin, {
      type: 'team-image',
      objectId: ids.acme,
      host: ACME_HOST,
    });
    const res = await call(
      t,
      'POST',
      '/api/admin/teams',
      acmeAdmin,
      { name: ' Launch Squad ', description: 'Rockets', image_url: image, is_discoverable: false },
      ACME_HOST,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().team).toMatchObject({
      name: 'Launch Squad',
      description: 'Rockets',
      image_url: image,
      is_discoverable: false,
      member_count: 0,
    });
    expect(await bootstrapHasTeams(ACME_HOST)).toBe(true);
  });
});

describe('PATCH and DELETE /api/admin/teams/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    await expectSessionRequired(t, { method: 'PATCH', url: `/api/admin/teams/${team.id}`, payload: {} });
    await expectSessionRequired(t, { method: 'DELETE', url: `/api/admin/teams/${team.id}` });
  });

  it('answers 400 for bad input and changes nothing', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Keep me' });
    const bad = await call(t, 'PATCH', `/api/admin/teams/${team.id}`, admin, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Name is required/);
    expect((await call(t, 'PATCH', '/api/admin/teams/xyz', admin, { name: 'A' })).json().message).toMatch(
      /id must be a team id/,
    );
    const [row] = await t.ctx.db.select().from(teams).where(eq(teams.id, team.id));
    expect(row!.name).toBe('Keep me');
  });

  it('answers 403 to a lead', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    expect((await call(t, 'PATCH', `/api/admin/teams/${team.id}`, lead, { name: 'L' })).statusCode).toBe(403);
    expect((await call(t, 'DELETE', `/api/admin/teams/${team.id}`, lead)).statusCode).toBe(403);
  });

  it("answers 404 for another client's team and leaves it alone", async () => {
    const acme = await createTeam(t.ctx.db, { clientId: ids.acme, name: 'Acme only' });
    expect((await call(t, 'PATCH', `/api/admin/teams/${acme.id}`, admin, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect((await call(t, 'DELETE', `/api/admin/teams/${acme.id}`, admin)).statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(teams).where(eq(teams.id, acme.id));
    expect(row!.name).toBe('Acme only');
  });

  it("renames a team (members' sessions show the new name) and deletes it with its memberships", async () => {
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const token = await t.login(user.email!);
    const team = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Old name' }, [user.id]);
    await t.ctx.db
      .update(users)
      .set({ teamTags: [team.id] })
      .where(eq(users.id, user.id));
    await call(t, 'GET', '/api/me', token);
    const res = await call(t, 'PATCH', `/api/admin/teams/${team.id}`, admin, {
      name: 'New name',
      description: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().team).toMatchObject({ name: 'New name', description: null, member_count: 1 });
    expect((await call(t, 'GET', '/api/me', token)).json().user.membership).toEqual([
      { team_id: team.id, name: 'New name' },
    ]);
    const del = await call(t, 'DELETE', `/api/admin/teams/${team.id}`, admin);
    expect(del.json()).toEqual({ ok: true });
    expect(await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toHaveLength(0);
    const me = (await call(t, 'GET', '/api/me', token)).json().user;
    expect(me.membership).toEqual([]);
    expect(me.team_tags).toEqual([]);
  });

  it('deleting the last team of a client turns has_teams off', async () => {
    const acmeAdmin = await t.login('admin@acme.test', ACME_HOST);
    const list = (await call(t, 'GET', '/api/admin/teams', acmeAdmin, undefined, ACME_HOST)).json().teams;
    for (const team of list)
      await call(t, 'DELETE', `/api/admin/teams/${team.id}`, acmeAdmin, undefined, ACME_HOST);
    expect(await bootstrapHasTeams(ACME_HOST)).toBe(false);
  });
});

describe('PUT and DELETE /api/admin/teams/{id}/members/{userId}', () => {
  const url = (teamId: string, userId: string) => `/api/admin/teams/${teamId}/members/${userId}`;

  it('answers 401 without a valid session of this client', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    await expectSessionRequired(t, { method: 'PUT', url: url(team.id, user.id) });
  });

  it('answers 400 for a bad user id and 403 to a lead, adding nobody', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const bad = await call(t, 'PUT', url(team.id, 'me'), admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/userId must be a user id/);
    expect((await call(t, 'PUT', url(team.id, user.id), lead)).statusCode).toBe(403);
    expect(await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toHaveLength(0);
  });

  it("answers 404 for another client's user or team", async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const acmeUser = await createUser(t.ctx.db, { clientId: ids.acme });
    const acmeTeam = await createTeam(t.ctx.db, { clientId: ids.acme });
    const demoUser = await createUser(t.ctx.db, { clientId: ids.demo });
    expect((await call(t, 'PUT', url(team.id, acmeUser.id), admin)).statusCode).toBe(404);
    expect((await call(t, 'PUT', url(acmeTeam.id, demoUser.id), admin)).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, team.id))).toHaveLength(0);
  });

  it('adds a member (idempotent; hidden teams too) and removes them; their session follows', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Staffed', isDiscoverable: false });
    const user = await createUser(t.ctx.db, { clientId: ids.demo });
    const token = await t.login(user.email!);
    await call(t, 'GET', '/api/me', token);
    expect((await call(t, 'PUT', url(team.id, user.id), admin)).json()).toEqual({ ok: true });
    expect((await call(t, 'PUT', url(team.id, user.id), admin)).statusCode).toBe(200);
    expect((await call(t, 'GET', '/api/me', token)).json().user.membership).toEqual([
      { team_id: team.id, name: 'Staffed' },
    ]);
    expect((await call(t, 'DELETE', url(team.id, user.id), admin)).json()).toEqual({ ok: true });
    expect((await call(t, 'GET', '/api/me', token)).json().user.membership).toEqual([]);
  });
});

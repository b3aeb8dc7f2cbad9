import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema/index.ts';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createTeam } from '../../test/factories.ts';
import { awardPoints, call, memberWithToken } from '../../test/factories-people.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const membersOf = (teamId: string) =>
  t.ctx.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
const standing = (team: { standings: { period: string; points: number; rank: number }[] }, period: string) =>
  team.standings.find((s) => s.period === period);

describe('GET /api/teams', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/teams' });
  });

  it("lists only the member's own teams with member counts, points and all-time rank", async () => {
    const a = await memberWithToken(t, ids.demo);
    const b = await memberWithToken(t, ids.demo);
    const mine = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'AA Leaders' }, [
      a.user.id,
      b.user.id,
    ]);
    await createTeam(t.ctx.db, { clientId: ids.demo, name: 'AA Others' }, [b.user.id]);
    await awardPoints(t.ctx.db, { clientId: ids.demo, userId: a.user.id, points: 700 });
    await awardPoints(t.ctx.db, { clientId: ids.demo, userId: b.user.id, points: 300 });

    const res = await call(t, 'GET', '/api/teams', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().teams).toEqual([
      {
        id: mine.id,
        name: 'AA Leaders',
        image_url: null,
        description: null,
        member_count: 2,
        points: 1000,
        rank: 1,
      },
    ]);
  });

  it('answers an empty list for a member of no team', async () => {
    const a = await memberWithToken(t, ids.demo);
    const res = await call(t, 'GET', '/api/teams', a.token);
    expect(res.json()).toEqual({ teams: [] });
  });
});

describe('GET /api/teams/{id}', () => {
  it('answers 401 without a valid session of this client', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    await expectSessionRequired(t, { url: `/api/teams/${team.id}` });
  });

  it('answers 400 naming the field for a bad id or limit', async () => {
    const a = await memberWithToken(t, ids.demo);
    const bad = await call(t, 'GET', '/api/teams/nope', a.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id must be a team id/);
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const limit = await call(t, 'GET', `/api/teams/${team.id}?limit=0`, a.token);
    expect(limit.statusCode).toBe(400);
    expect(limit.json().message).toMatch(/limit/);
  });

  it("answers 404 for another client's team and for a hidden team the member is not in", async () => {
    const a = await memberWithToken(t, ids.demo);
    const acme = await createTeam(t.ctx.db, { clientId: ids.acme });
    expect((await call(t, 'GET', `/api/teams/${acme.id}`, a.token)).statusCode).toBe(404);
    const hidden = await createTeam(t.ctx.db, { clientId: ids.demo, isDiscoverable: false });
    expect((await call(t, 'GET', `/api/teams/${hidden.id}`, a.token)).statusCode).toBe(404);
    // Admins and leads manage teams, so they see hidden ones.
    const admin = await t.login('admin@demo.test');
    expect((await call(t, 'GET', `/api/teams/${hidden.id}`, admin)).statusCode).toBe(200);
  });

  it('shows the team, its standings per period with fair ranks, and a first page of members', async () => {
    const [a, b, c] = [
      await memberWithToken(t, ids.demo),
      await memberWithToken(t, ids.demo),
      await memberWithToken(t, ids.demo),
    ];
    const team = await createTeam(
      t.ctx.db,
      { clientId: ids.demo, name: 'Rankers', description: 'We climb' },
      [a.user.id, b.user.id],
    );
    const rival = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Rivals' }, [c.user.id]);
    const longAgo = new Date(Date.now() - 400 * 86_400_000);
    await awardPoints(t.ctx.db, { clientId: ids.demo, userId: a.user.id, points: 5000, at: longAgo });
    await awardPoints(t.ctx.db, { clientId: ids.demo, userId: b.user.id, points: 40_000 });
    await awardPoints(t.ctx.db, { clientId: ids.demo, userId: c.user.id, points: 40_000 });

    const res = await call(t, 'GET', `/api/teams/${team.id}?limit=1`, a.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.team).toMatchObject({
      id: team.id,
      name: 'Rankers',
      description: 'We climb',
      member_count: 2,
      is_member: true,
      can_join: false,
    });
    expect(standing(body.team, 'all')).toEqual({ period: 'all', points: 45_000, rank: 1 });
    // This week both teams have 40,000 points: a tie shares the rank.
    expect(standing(body.team, 'week')).toEqual({ period: 'week', points: 40_000, rank: 1 });
    const rivalRes = await call(t, 'GET', `/api/teams/${rival.id}`, c.token);
    expect(standing(rivalRes.json().team, 'week')!).toMatchObject({ points: 40_000, rank: 1 });
    expect(standing(rivalRes.json().team, 'all')!.rank).toBeGreaterThan(1);
    expect(body.members).toHaveLength(1);
    expect(body.members[0]).toEqual({
      id: b.user.id,
      display_name: 'Test User',
      image_url: null,
      location: null,
    });
    expect(body.next_cursor).toBe(b.user.id);
  });
});

describe('GET /api/teams/{id}/members', () => {
  it('pages through the members with the cursor, newer ones with a negative limit', async () => {
    const people = [];
    for (let i = 0; i < 3; i++) people.push(await memberWithToken(t, ids.demo));
    const team = await createTeam(
      t.ctx.db,
      { clientId: ids.demo },
      people.map((p) => p.user.id),
    );
    const [p0, p1, p2] = people.map((p) => p.user.id);
    const token = people[0]!.token;
    const first = await call(t, 'GET', `/api/teams/${team.id}/members?limit=2`, token);
    expect(first.json().users.map((u: { id: string }) => u.id)).toEqual([p2, p1]);
    expect(first.json().next_cursor).toBe(p1);
    const second = await call(t, 'GET', `/api/teams/${team.id}/members?limit=2&cursor=${p1}`, token);
    expect(second.json()).toMatchObject({ users: [{ id: p0 }], next_cursor: null });
    const newer = await call(t, 'GET', `/api/teams/${team.id}/members?limit=-5&cursor=${p0}`, token);
    expect(newer.json().users.map((u: { id: string }) => u.id)).toEqual([p2, p1]);
    const exact = await call(t, 'GET', `/api/teams/${team.id}/members?limit=3`, token);
    expect(exact.json()).toMatchObject({ next_cursor: null });
    expect(exact.json().users).toHaveLength(3);
  });

  it('answers an empty page for a team without members', async () => {
    const a = await memberWithToken(t, ids.demo);
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const res = await call(t, 'GET', `/api/teams/${team.id}/members`, a.token);
    expect(res.json()).toEqual({ users: [], next_cursor: null });
  });
});

describe('POST and DELETE /api/teams/{id}/membership', () => {
  it('answers 401 without a valid session of this client', async () => {
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    await expectSessionRequired(t, { method: 'POST', url: `/api/teams/${team.id}/membership` });
    await expectSessionRequired(t, { method: 'DELETE', url: `/api/teams/${team.id}/membership` });
  });

  it('answers 400 for a bad id and changes nothing', async () => {
    const a = await memberWithToken(t, ids.demo);
    const res = await call(t, 'POST', '/api/teams/123/membership', a.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/id must be a team id/);
  });

  it('answers 403 for a hidden team the admin can see but not join by themselves', async () => {
    const admin = await memberWithToken(t, ids.demo, { role: 'ADMIN' });
    const hidden = await createTeam(t.ctx.db, { clientId: ids.demo, isDiscoverable: false });
    const res = await call(t, 'POST', `/api/teams/${hidden.id}/membership`, admin.token);
    expect(res.statusCode).toBe(403);
    expect(await membersOf(hidden.id)).toHaveLength(0);
  });

  it("answers 404 for another client's team", async () => {
    const acme = await memberWithToken(t, ids.acme, {}, ACME_HOST);
    const team = await createTeam(t.ctx.db, { clientId: ids.demo });
    const res = await call(t, 'POST', `/api/teams/${team.id}/membership`, acme.token, undefined, ACME_HOST);
    expect(res.statusCode).toBe(404);
    expect(await membersOf(team.id)).toHaveLength(0);
  });

  it('joins a discoverable team (idempotent), shows it in /api/me and /api/teams, then leaves it', async () => {
    const a = await memberWithToken(t, ids.demo);
    const team = await createTeam(t.ctx.db, { clientId: ids.demo, name: 'Joinable' });
    const joined = await call(t, 'POST', `/api/teams/${team.id}/membership`, a.token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ is_member: true, member_count: 1 });
    expect((await call(t, 'POST', `/api/teams/${team.id}/membership`, a.token)).json()).toEqual({
      is_member: true,
      member_count: 1,
    });
    const me = await call(t, 'GET', '/api/me', a.token);
    expect(me.json().user.membership).toEqual([{ team_id: team.id, name: 'Joinable' }]);
    const detail = await call(t, 'GET', `/api/teams/${team.id}`, a.token);
    expect(detail.json().team).toMatchObject({ is_member: true, can_join: false });

    const left = await call(t, 'DELETE', `/api/teams/${team.id}/membership`, a.token);
    expect(left.json()).toEqual({ is_member: false, member_count: 0 });
    const rows = await t.ctx.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, a.user.id)));
    expect(rows).toHaveLength(0);
    expect((await call(t, 'GET', '/api/me', a.token)).json().user.membership).toEqual([]);
  });
});

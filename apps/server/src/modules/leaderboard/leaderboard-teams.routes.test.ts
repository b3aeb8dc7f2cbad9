import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createProject, createTeam, createUser, headersFor } from '../../test/factories.ts';
import {
  addPoints,
  createBoardClient,
  createBoardMember,
  setClientFeatures,
} from '../../test/factories-leaderboard.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const get = (token: string, url: string, host: string) =>
  t.app.inject({ url, headers: headersFor(token, host) });

describe('GET /api/leaderboard?scope=teams', () => {
  it('sums current members, ranks ties fairly by name, pages by team id and shows my teams', async () => {
    const board = await createBoardClient(t.ctx.db);
    const me = await createBoardMember(t, board);
    const [a, b, c, d] = await Promise.all(
      [1, 2, 3, 4].map(() => createUser(t.ctx.db, { clientId: board.clientId })),
    );
    const left = await createUser(t.ctx.db, { clientId: board.clientId });
    const inactive = await createUser(t.ctx.db, { clientId: board.clientId, isActive: false });
    for (const [u, points] of [
      [me.user, 5],
      [a!, 20],
      [b!, 10],
      [c!, 25],
      [d!, 30],
      [left, 100],
      [inactive, 100],
    ] as const)
      await addPoints(t.ctx.db, { clientId: board.clientId, userId: u.id, points });
    const tx = { clientId: board.clientId };
    const zulu = await createTeam(t.ctx.db, { ...tx, name: 'Zulu' }, [me.user.id, a!.id, inactive.id]); // 25
    const alpha = await createTeam(t.ctx.db, { ...tx, name: 'Alpha' }, [c!.id]); // 25
    const top = await createTeam(t.ctx.db, { ...tx, name: 'Top' }, [d!.id, b!.id]); // 40
    await createTeam(t.ctx.db, { ...tx, name: 'Empty' }); // no points: not ranked
    const mine = await createTeam(t.ctx.db, { ...tx, name: 'Quiet' }, [me.user.id]); // 5
    await createTeam(t.ctx.db, { ...tx, name: 'Gone' }); // `left` is not a member of any team

    const first = await get(me.token, '/api/leaderboard?scope=teams&period=all&limit=2', board.host);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(
      body.entries.map((e: { rank: number; points: number; id: string }) => [e.rank, e.points, e.id]),
    ).toEqual([
      [1, 40, top.id],
      [2, 25, alpha.id],
    ]);
    expect(body.entries[0]).toEqual({
      id: top.id,
      rank: 1,
      points: 40,
      user: null,
      team: { id: top.id, name: 'Top', image_url: null, member_count: 2 },
    });
    expect(body.next_cursor).toBe(alpha.id);
    const second = (
      await get(me.token, `/api/leaderboard?scope=teams&period=all&limit=2&cursor=${alpha.id}`, board.host)
    ).json();
    expect(second.entries.map((e: { rank: number; id: string }) => [e.rank, e.id])).toEqual([
      [2, zulu.id],
      [4, mine.id],
    ]);
    expect(second.entries[0].team.member_count).toBe(2);
    expect(second.next_cursor).toBeNull();
  });

  it("lists the member's teams with their rank, after every ranked team when they have no points", async () => {
    const board = await createBoardClient(t.ctx.db);
    const other = await createUser(t.ctx.db, { clientId: board.clientId });
    await addPoints(t.ctx.db, { clientId: board.clientId, userId: other.id, points: 8 });
    await createTeam(t.ctx.db, { clientId: board.clientId, name: 'Busy' }, [other.id]);
    const me = await createBoardMember(t, board);
    const quiet = await createTeam(t.ctx.db, { clientId: board.clientId, name: 'Quiet' }, [me.user.id]);
    const login = await t.login(me.user.email!, board.host); // the session lists the new membership
    const body = (await get(login, '/api/leaderboard?scope=teams&period=week', board.host)).json();
    expect(body.entries).toHaveLength(1);
    expect(body.my_teams).toEqual([{ id: quiet.id, name: 'Quiet', rank: 2, points: 0 }]);
  });

  it('answers no entries for a client without teams', async () => {
    const board = await createBoardClient(t.ctx.db);
    const me = await createBoardMember(t, board);
    const body = (await get(me.token, '/api/leaderboard?scope=teams', board.host)).json();
    expect(body).toMatchObject({ scope: 'teams', entries: [], next_cursor: null, my_teams: [] });
  });

  it('answers 400 for a team cursor that is not on the board', async () => {
    const board = await createBoardClient(t.ctx.db);
    const me = await createBoardMember(t, board);
    const res = await get(me.token, `/api/leaderboard?scope=teams&cursor=${ids.demo}`, board.host);
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/leaderboard/me', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/leaderboard/me' });
  });

  it("answers 400 for a bad project_id, 403 without the feature, 404 for another client's project", async () => {
    const board = await createBoardClient(t.ctx.db);
    const me = await createBoardMember(t, board);
    const bad = await get(me.token, '/api/leaderboard/me?project_id=x', board.host);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('project_id must be a project id');
    const foreign = await createProject(t.ctx.db, { clientId: ids.acme });
    expect((await get(me.token, `/api/leaderboard/me?project_id=${foreign.id}`, board.host)).statusCode).toBe(
      404,
    );
    await setClientFeatures(t.app, t.ctx.db, board.clientId, ['community']);
    expect((await get(me.token, '/api/leaderboard/me', board.host)).statusCode).toBe(403);
  });

  it('answers my rank and points in every period', async () => {
    const board = await createBoardClient(t.ctx.db);
    const me = await createBoardMember(t, board);
    const rival = await createUser(t.ctx.db, { clientId: board.clientId });
    await addPoints(t.ctx.db, { clientId: board.clientId, userId: rival.id, points: 9 });
    await addPoints(t.ctx.db, { clientId: board.clientId, userId: me.user.id, points: 4 });
    await addPoints(t.ctx.db, {
      clientId: board.clientId,
      userId: me.user.id,
      points: 20,
      createdAt: new Date(Date.now() - 400 * 86_400_000),
    });
    const team = await createTeam(t.ctx.db, { clientId: board.clientId, name: 'Mine' }, [me.user.id]);
    await createTeam(t.ctx.db, { clientId: board.clientId, name: 'Rivals' }, [rival.id]);
    const token = await t.login(me.user.email!, board.host); // a session that lists the new team
    const res = await get(token, '/api/leaderboard/me', board.host);
    expect(res.statusCode).toBe(200);
    const periods = res.json().periods as {
      period: string;
      rank: number;
      points: number;
      teams: { id: string; rank: number; points: number }[];
    }[];
    expect(periods.map((p) => [p.period, p.rank, p.points, p.teams])).toEqual([
      ['week', 2, 4, [{ id: team.id, name: 'Mine', rank: 2, points: 4 }]],
      ['month', 2, 4, [{ id: team.id, name: 'Mine', rank: 2, points: 4 }]],
      ['all', 1, 24, [{ id: team.id, name: 'Mine', rank: 1, points: 24 }]],
    ]);
  });
});

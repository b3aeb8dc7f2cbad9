import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACME_HOST, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { expectBlockedWhilePaused, expectSessionRequired } from '../../test/expectations.ts';
import { clientIds, createProject, createUser, headersFor, joinProject } from '../../test/factories.ts';
import {
  addPoints,
  createBoardClient,
  createBoardMember,
  setClientFeatures,
} from '../../test/factories-leaderboard.ts';

let t: TestApp;
let ids: { demo: string; acme: string };
let memberToken: string;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
  memberToken = await t.login('member@demo.test');
  adminToken = await t.login('admin@demo.test');
});
afterAll(() => t.close());

interface Entry {
  id: string;
  rank: number;
  points: number;
  user: { id: string; display_name: string } | null;
}
type Board = { clientId: string; host: string };

const get = (token: string, query: string, host?: string) =>
  t.app.inject({ url: `/api/leaderboard${query}`, headers: headersFor(token, host) });

/** A board client with members of the given all-time points (names A, B, C… in that order). */
async function boardWith(points: number[]) {
  const board = await createBoardClient(t.ctx.db);
  const people = [];
  for (const [i, p] of points.entries()) {
    const m = await createBoardMember(t, board, {
      firstName: String.fromCharCode(65 + i),
      lastName: 'Person',
    });
    if (p !== 0) await addPoints(t.ctx.db, { clientId: board.clientId, userId: m.user.id, points: p });
    people.push(m);
  }
  return { board, people };
}

const page = async (board: Board, token: string, query: string) => {
  const res = await get(token, query, board.host);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    entries: Entry[];
    next_cursor: string | null;
    me: { rank: number; points: number };
    period_start: string | null;
  };
};

describe('GET /api/leaderboard', () => {
  it('answers 401 without a valid session of this client', async () => {
    await expectSessionRequired(t, { url: '/api/leaderboard' });
  });

  it('answers 403 client_paused to a member of a paused client', async () => {
    await expectBlockedWhilePaused(
      t,
      { url: '/api/leaderboard' },
      { member: memberToken, admin: adminToken },
    );
  });

  it('answers 400 naming the field for a bad period, scope, limit, cursor or project_id', async () => {
    const cases: [string, string][] = [
      ['?period=year', 'period must be one of week, month, all'],
      ['?scope=people', 'scope must be one of members, teams'],
      ['?limit=0', 'limit cannot be 0'],
      ['?limit=101', 'limit must be between -100 and 100'],
      ['?limit=ten', 'limit must be a number'],
      ['?cursor=nope', 'must be a valid id'],
      ['?project_id=nope', 'project_id must be a project id'],
    ];
    for (const [query, message] of cases) {
      const res = await get(memberToken, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
  });

  it('answers 400 for a cursor that is not on the board', async () => {
    const res = await get(memberToken, `?cursor=${ids.acme}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'cursor is not on this leaderboard' });
  });

  it('answers 403 when the client does not have the leaderboard feature', async () => {
    const board = await createBoardClient(t.ctx.db, ['community']);
    const { token } = await createBoardMember(t, board);
    const res = await get(token, '', board.host);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'The leaderboard is not enabled for this app' });
    await setClientFeatures(t.app, t.ctx.db, board.clientId, ['leaderboard']);
    expect((await get(token, '', board.host)).statusCode).toBe(200);
  });

  it("answers 404 for another client's project, and for a project the member may not see", async () => {
    const acmeProject = await createProject(t.ctx.db, { clientId: ids.acme });
    const res = await get(memberToken, `?project_id=${acmeProject.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Project not found' });
    const hidden = await createProject(t.ctx.db, { clientId: ids.demo, audience: 'invite' });
    expect((await get(memberToken, `?project_id=${hidden.id}`)).statusCode).toBe(404);
    // Admins rank any project of their client.
    expect((await get(adminToken, `?project_id=${hidden.id}`)).statusCode).toBe(200);
  });

  it('ranks by points with fair ties (1, 2, 2, 4) ordered by user id, with period dates', async () => {
    const { board, people } = await boardWith([30, 50, 30, 10, 0]);
    const [a, b, c, d, e] = people;
    const body = await page(board, e!.token, '?period=all');
    const byRank = [b!, ...[a!, c!].sort((x, y) => (x.user.id < y.user.id ? -1 : 1)), d!];
    expect(body.entries.map((x) => [x.rank, x.points, x.id])).toEqual([
      [1, 50, byRank[0]!.user.id],
      [2, 30, byRank[1]!.user.id],
      [2, 30, byRank[2]!.user.id],
      [4, 10, byRank[3]!.user.id],
    ]);
    expect(body).toMatchObject({ period: 'all', scope: 'members', period_start: null, period_end: null });
    expect(body.entries[0]!.user).toEqual({
      id: b!.user.id,
      display_name: 'B Person',
      username: null,
      display_username: false,
      first_name: 'B',
      last_name: 'Person',
      image_url: null,
    });
    // Without points, the member's rank is right after everyone with points.
    expect(body.me).toEqual({ rank: 5, points: 0 });
    expect(body.next_cursor).toBeNull();
    const week = await page(board, a!.token, '?period=week');
    expect(week).toMatchObject({ period: 'week', me: { rank: 2, points: 30 } });
    expect(week.period_start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows only active members: not applicants, guests, deactivated people or another client', async () => {
    const { board, people } = await boardWith([40, 20]);
    for (const extra of [{ role: 'APPLICANT' as const }, { isGhost: true }, { isActive: false }]) {
      const u = await createUser(t.ctx.db, { clientId: board.clientId, ...extra });
      await addPoints(t.ctx.db, { clientId: board.clientId, userId: u.id, points: 30 });
    }
    const acme = await createUser(t.ctx.db, { clientId: ids.acme });
    await addPoints(t.ctx.db, { clientId: ids.acme, userId: acme.id, points: 35 });
    const body = await page(board, people[1]!.token, '?period=all');
    expect(body.entries.map((e) => [e.rank, e.points])).toEqual([
      [1, 40],
      [2, 20],
    ]);
    expect(body.me).toEqual({ rank: 2, points: 20 });
  });

  it('leaves out members whose points were reversed to zero, and counts reversals', async () => {
    const { board, people } = await boardWith([15, 25]);
    await addPoints(t.ctx.db, { clientId: board.clientId, userId: people[1]!.user.id, points: -25 });
    await addPoints(t.ctx.db, { clientId: board.clientId, userId: people[0]!.user.id, points: -5 });
    const body = await page(board, people[1]!.token, '?period=all');
    expect(body.entries.map((e) => [e.id, e.rank, e.points])).toEqual([[people[0]!.user.id, 1, 10]]);
    expect(body.me).toEqual({ rank: 2, points: 0 });
  });

  it('pages through ties with the cursor: ranks continue and nobody is repeated or skipped', async () => {
    const points = [9, 7, 7, 7, 7, 5, 5, 3, 1];
    const { board, people } = await boardWith(points);
    const seen: Entry[] = [];
    let cursor: string | null = null;
    let calls = 0;
    do {
      const body = await page(
        board,
        people[0]!.token,
        `?period=all&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(body.entries.length).toBeLessThanOrEqual(2);
      seen.push(...body.entries);
      cursor = body.next_cursor;
      calls++;
    } while (cursor && calls < 10);
    expect(calls).toBe(5);
    expect(seen.map((e) => e.points)).toEqual(points);
    expect(seen.map((e) => e.rank)).toEqual([1, 2, 2, 2, 2, 6, 6, 8, 9]);
    expect(new Set(seen.map((e) => e.id)).size).toBe(points.length);
    // Exactly one page: no cursor. A negative limit with a cursor gives the higher-ranked rows before it.
    const all = await page(board, people[0]!.token, '?period=all&limit=9');
    expect(all.next_cursor).toBeNull();
    const newer = await page(board, people[0]!.token, `?period=all&limit=-3&cursor=${seen[5]!.id}`);
    expect(newer.entries.map((e) => [e.id, e.rank])).toEqual(seen.slice(2, 5).map((e) => [e.id, e.rank]));
    expect(newer.next_cursor).toBeNull();
  });

  it("shows the member's own rank when off the first page", async () => {
    const { board, people } = await boardWith([50, 40, 30, 30, 20, 10]);
    const body = await page(board, people[5]!.token, '?period=all&limit=2');
    expect(body.entries).toHaveLength(2);
    expect(body.me).toEqual({ rank: 6, points: 10 });
    const tied = await page(board, people[3]!.token, '?period=all&limit=2');
    expect(tied.me).toEqual({ rank: 3, points: 30 });
  });

  it('answers an empty ranking for a period without points', async () => {
    const board = await createBoardClient(t.ctx.db);
    const { token } = await createBoardMember(t, board);
    const body = await page(board, token, '?period=month');
    expect(body).toMatchObject({ entries: [], next_cursor: null, me: { rank: 1, points: 0 } });
  });

  it("ranks one project's points only, for members who may see it", async () => {
    const { board, people } = await boardWith([0, 0, 0]);
    const [a, b, c] = people;
    const project = await createProject(t.ctx.db, { clientId: board.clientId });
    const other = await createProject(t.ctx.db, { clientId: board.clientId });
    await joinProject(t.ctx.db, { clientId: board.clientId, projectId: project.id, userId: a!.user.id });
    const award = (userId: string, points: number, projectId: string | null) =>
      addPoints(t.ctx.db, { clientId: board.clientId, userId, points, projectId });
    await award(a!.user.id, 10, project.id);
    await award(b!.user.id, 20, other.id);
    await award(c!.user.id, 5, project.id);
    await award(c!.user.id, 50, null);
    const body = await page(board, a!.token, `?period=all&project_id=${project.id}`);
    expect(body.entries.map((e) => [e.id, e.points])).toEqual([
      [a!.user.id, 10],
      [c!.user.id, 5],
    ]);
    const overall = await page(board, a!.token, '?period=all');
    expect(overall.entries.map((e) => e.points)).toEqual([55, 20, 10]);
  });

  it("shows names by the viewer's role: an email only to admins and leads", async () => {
    const board = await createBoardClient(t.ctx.db);
    const { token } = await createBoardMember(t, board);
    const admin = await createBoardMember(t, board, { role: 'ADMIN' });
    const nameless = await createUser(t.ctx.db, {
      clientId: board.clientId,
      firstName: null,
      lastName: null,
    });
    await addPoints(t.ctx.db, { clientId: board.clientId, userId: nameless.id, points: 3 });
    const seenByMember = await page(board, token, '?period=all');
    expect(seenByMember.entries[0]!.user!.display_name).toBe('Unknown');
    const seenByAdmin = await page(board, admin.token, '?period=all');
    expect(seenByAdmin.entries[0]!.user!.display_name).toBe(nameless.email);
  });

  it("answers on the Acme host with Acme's members only", async () => {
    const crew = await createUser(t.ctx.db, { clientId: ids.acme });
    await addPoints(t.ctx.db, { clientId: ids.acme, userId: crew.id, points: 12 });
    const token = await t.login('member@acme.test', ACME_HOST);
    const acme = await get(token, '?period=all', ACME_HOST);
    expect(acme.statusCode).toBe(200);
    expect((acme.json().entries as Entry[]).map((e) => e.id)).toContain(crew.id);
    const demo = await get(memberToken, '?period=all&limit=100');
    expect((demo.json().entries as Entry[]).map((e) => e.id)).not.toContain(crew.id);
  });
});

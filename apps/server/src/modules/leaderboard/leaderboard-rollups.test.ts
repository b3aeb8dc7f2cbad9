import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import {
  createActivity,
  createProject,
  createUser,
  headersFor,
  joinProject,
  ledgerOf,
} from '../../test/factories.ts';
import {
  addPoints,
  createBoardClient,
  createBoardMember,
  firstOfMonth,
  isoDay,
  rollupOf,
  thisMonday,
} from '../../test/factories-leaderboard.ts';
import { awardPoints, reversePoints } from '../points/points.repository.ts';

// The rollups are kept by a trigger on the points ledger (migration 0003); these tests run it on PGlite, and
// on PostgreSQL when TEST_DATABASE_URL is set.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SECOND = 1000;
const DAY = 86_400_000;

describe('leaderboard rollups of the points ledger', () => {
  it('puts a row in the week from its ISO Monday and the month from its 1st, in UTC', async () => {
    const board = await createBoardClient(t.ctx.db);
    const user = await createUser(t.ctx.db, { clientId: board.clientId });
    const monday = thisMonday();
    const first = firstOfMonth();
    const rows = [
      { at: monday, points: 7 },
      { at: new Date(monday.getTime() - SECOND), points: 3 }, // Sunday 23:59:59, the week before
      { at: first, points: 11 },
      { at: new Date(first.getTime() - SECOND), points: 13 }, // the last second of last month
      { at: new Date(Date.now() - 62 * DAY), points: 17 },
    ];
    for (const r of rows)
      await addPoints(t.ctx.db, {
        clientId: board.clientId,
        userId: user.id,
        points: r.points,
        createdAt: r.at,
      });
    const of = (period: string, at: Date) =>
      rollupOf(t.ctx.db, { clientId: board.clientId, userId: user.id, period, periodStart: isoDay(at) });

    const sundayWeek = new Date(monday.getTime() - 7 * DAY);
    const sumWhere = (pred: (at: Date) => boolean) =>
      rows.filter((r) => pred(r.at)).reduce((s, r) => s + r.points, 0);
    expect(await of('week', monday)).toBe(sumWhere((at) => at >= monday));
    expect(await of('week', sundayWeek)).toBe(sumWhere((at) => at >= sundayWeek && at < monday) || null);
    expect(await of('month', first)).toBe(sumWhere((at) => at >= first));
    const lastMonth = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() - 1, 1));
    expect(await of('month', lastMonth)).toBe(sumWhere((at) => at >= lastMonth && at < first));
    expect(await of('all', new Date(0))).toBe(51);
  });

  it('serves this week, this month and all time from those rollups', async () => {
    const board = await createBoardClient(t.ctx.db);
    const { user, token } = await createBoardMember(t, board);
    const now = new Date();
    await addPoints(t.ctx.db, { clientId: board.clientId, userId: user.id, points: 5, createdAt: now });
    await addPoints(t.ctx.db, {
      clientId: board.clientId,
      userId: user.id,
      points: 40,
      createdAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 15)),
    });
    const pointsIn = async (period: string) => {
      const res = await t.app.inject({
        url: `/api/leaderboard?period=${period}`,
        headers: headersFor(token, board.host),
      });
      expect(res.statusCode).toBe(200);
      return res.json().me.points as number;
    };
    expect(await pointsIn('week')).toBe(5);
    expect(await pointsIn('month')).toBe(5);
    expect(await pointsIn('all')).toBe(45);
  });

  it('keeps a project rollup beside the all-projects one', async () => {
    const board = await createBoardClient(t.ctx.db);
    const user = await createUser(t.ctx.db, { clientId: board.clientId });
    const project = await createProject(t.ctx.db, { clientId: board.clientId });
    await addPoints(t.ctx.db, {
      clientId: board.clientId,
      userId: user.id,
      points: 4,
      projectId: project.id,
    });
    await addPoints(t.ctx.db, { clientId: board.clientId, userId: user.id, points: 6 });
    const q = { clientId: board.clientId, userId: user.id, period: 'all', periodStart: '1970-01-01' };
    expect(await rollupOf(t.ctx.db, q)).toBe(10);
    expect(await rollupOf(t.ctx.db, { ...q, projectId: project.id })).toBe(4);
  });
});

describe('points from taking part', () => {
  it("count on the activity's project board as well as the client's", async () => {
    const board = await createBoardClient(t.ctx.db);
    const { user, token } = await createBoardMember(t, board);
    const project = await createProject(t.ctx.db, { clientId: board.clientId });
    const activity = await createActivity(t.ctx.db, {
      clientId: board.clientId,
      projectId: project.id,
      points: 15,
      config: { type: 'general_participation', prompt: 'Tell us', response: 'text', choices: [] },
    });
    await joinProject(t.ctx.db, { clientId: board.clientId, projectId: project.id, userId: user.id });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/activities/${activity.id}/participation`,
      headers: headersFor(token, board.host),
      payload: { type: 'general_participation', text: 'Here is my answer' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const board1 = await t.app.inject({
      url: `/api/leaderboard?period=week&project_id=${project.id}`,
      headers: headersFor(token, board.host),
    });
    expect(board1.json().entries.map((e: { id: string; points: number }) => [e.id, e.points])).toEqual([
      [user.id, 15],
    ]);
    const q = { clientId: board.clientId, userId: user.id, period: 'all', periodStart: '1970-01-01' };
    expect(await rollupOf(t.ctx.db, q)).toBe(15);
  });
});

describe('awardPoints and reversePoints', () => {
  it('awards once per source with its project, and reverses once with a negative row', async () => {
    const board = await createBoardClient(t.ctx.db);
    const user = await createUser(t.ctx.db, { clientId: board.clientId });
    const project = await createProject(t.ctx.db, { clientId: board.clientId });
    const award = {
      clientId: board.clientId,
      userId: user.id,
      points: 25,
      projectId: project.id,
      source: 'x:1',
    };
    expect(await awardPoints(t.ctx.db, award)).toBe(25);
    expect(await awardPoints(t.ctx.db, award)).toBe(0);
    const q = { clientId: board.clientId, userId: user.id, period: 'all', periodStart: '1970-01-01' };
    expect(await rollupOf(t.ctx.db, { ...q, projectId: project.id })).toBe(25);

    expect(await reversePoints(t.ctx.db, { clientId: board.clientId, source: 'x:1' })).toBe(25);
    expect(await reversePoints(t.ctx.db, { clientId: board.clientId, source: 'x:1' })).toBe(0);
    expect(await reversePoints(t.ctx.db, { clientId: board.clientId, source: 'x:unknown' })).toBe(0);
    expect(await rollupOf(t.ctx.db, { ...q, projectId: project.id })).toBe(0);
    expect(await rollupOf(t.ctx.db, q)).toBe(0);
    const ledger = await ledgerOf(t.ctx.db, user.id);
    expect(ledger.map((r) => [r.points, r.source, r.projectId])).toEqual([
      [25, 'x:1', project.id],
      [-25, 'reversal:x:1', project.id],
    ]);
  });
});

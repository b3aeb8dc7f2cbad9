import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTeam, createUser } from '../../test/factories.ts';
import { addPoints, createBoardClient, isoDay } from '../../test/factories-leaderboard.ts';
import {
  findClientSpread,
  findFirstDay,
  findMemberSeries,
  findTeamTotals,
  findWeeksWithPoints,
} from './metrics.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The module only reads: every read with another client's id finds nothing of this client's members. */
describe('metrics reads are scoped to the client', () => {
  it("finds nothing of a member when asked with another client's id", async () => {
    const home = await createBoardClient(t.ctx.db);
    const other = await createBoardClient(t.ctx.db);
    const user = await createUser(t.ctx.db, { clientId: home.clientId });
    await createTeam(t.ctx.db, { clientId: home.clientId }, [user.id]);
    await addPoints(t.ctx.db, { clientId: home.clientId, userId: user.id, points: 7 });
    const today = isoDay(new Date());
    const range = { from: today, to: today };
    const mine = { clientId: home.clientId, userId: user.id, ...range };
    const foreign = { clientId: other.clientId, userId: user.id, ...range };

    expect(await findMemberSeries(t.ctx.db, { ...mine, bucket: 'day' })).toHaveLength(1);
    expect(await findMemberSeries(t.ctx.db, { ...foreign, bucket: 'day' })).toEqual([]);
    expect(await findFirstDay(t.ctx.db, foreign)).toBeNull();
    expect((await findTeamTotals(t.ctx.db, mine)).totals.points).toBe(7);
    expect(await findTeamTotals(t.ctx.db, foreign)).toEqual({ members: 0, totals: {} });
    expect(await findWeeksWithPoints(t.ctx.db, { ...foreign, since: today })).toEqual([]);
    expect((await findClientSpread(t.ctx.db, { clientId: other.clientId, ...range })).values).toEqual({});
  });
});

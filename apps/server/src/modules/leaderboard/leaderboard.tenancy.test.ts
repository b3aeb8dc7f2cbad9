import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createProject, createUser } from '../../test/factories.ts';
import { awardPoints } from '../points/points.repository.ts';
import { getPeriodRange } from './leaderboard.periods.ts';
import { boardKeyOf, getMemberPoints, getStanding, hasRankableProject } from './leaderboard.repository.ts';

/**
 * The leaderboards only read (their rollups are written by a trigger on the points ledger); every read takes the
 * tenant: with the other client's id, a project and the points of Demo are not found.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

const allTime = (clientId: string) =>
  boardKeyOf({ clientId, period: 'all', periodStart: getPeriodRange('all').key });

describe('leaderboard reads', () => {
  it("hasRankableProject with another client's id finds no project of Demo", async () => {
    const member = await createUser(t.ctx.db, { clientId: ids.demo });
    const project = await createProject(t.ctx.db, { clientId: ids.demo });
    for (const anyProject of [true, false]) {
      const q = { projectId: project.id, userId: member.id, anyProject };
      expect(await hasRankableProject(t.ctx.db, { ...q, clientId: ids.acme })).toBe(false);
      expect(await hasRankableProject(t.ctx.db, { ...q, clientId: ids.demo })).toBe(true);
    }
  });

  it("getMemberPoints and getStanding with another client's id see none of a Demo member's points", async () => {
    const member = await createUser(t.ctx.db, { clientId: ids.demo });
    await awardPoints(t.ctx.db, {
      clientId: ids.demo,
      userId: member.id,
      points: 70,
      source: `t:${member.id}`,
    });
    expect(await getMemberPoints(t.ctx.db, { ...allTime(ids.acme), userId: member.id })).toBeNull();
    expect(await getMemberPoints(t.ctx.db, { ...allTime(ids.demo), userId: member.id })).toBe(70);
    const viewer = { userId: member.id, isRanked: true };
    expect((await getStanding(t.ctx.db, { ...allTime(ids.acme), ...viewer })).points).toBe(0);
    expect((await getStanding(t.ctx.db, { ...allTime(ids.demo), ...viewer })).points).toBe(70);
  });
});

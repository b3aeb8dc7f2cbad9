import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientIds, createUser, ledgerOf } from '../../test/factories.ts';
import { awardPoints, getPointsTotal, reversePoints } from './points.repository.ts';

/**
 * The ledger is append-only (no UPDATE or DELETE); its reads and reversals still take the tenant: another
 * client's id neither sees nor reverses an award of Demo.
 */

let t: TestApp;
let ids: { demo: string; acme: string };
beforeAll(async () => {
  t = await buildTestApp();
  ids = await clientIds(t.ctx.db);
});
afterAll(() => t.close());

describe('the points ledger', () => {
  it("reversePoints with another client's id reverses nothing", async () => {
    const member = await createUser(t.ctx.db, { clientId: ids.demo });
    const source = `tenancy:${member.id}`;
    await awardPoints(t.ctx.db, { clientId: ids.demo, userId: member.id, points: 25, source });
    expect(await reversePoints(t.ctx.db, { clientId: ids.acme, source })).toBe(0);
    expect((await ledgerOf(t.ctx.db, member.id)).map((row) => row.points)).toEqual([25]);
    expect(await reversePoints(t.ctx.db, { clientId: ids.demo, source })).toBe(25);
    expect((await ledgerOf(t.ctx.db, member.id)).map((row) => row.points)).toEqual([25, -25]);
  });

  it("getPointsTotal with another client's id counts none of the member's points", async () => {
    const member = await createUser(t.ctx.db, { clientId: ids.demo });
    await awardPoints(t.ctx.db, {
      clientId: ids.demo,
      userId: member.id,
      points: 30,
      source: `t:${member.id}`,
    });
    expect(await getPointsTotal(t.ctx.db, { clientId: ids.acme, userId: member.id })).toBe(0);
    expect(await getPointsTotal(t.ctx.db, { clientId: ids.demo, userId: member.id })).toBe(30);
  });
});

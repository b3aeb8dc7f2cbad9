import type { DashboardResponse } from '@rally/shared';
import { describe, expect, it } from 'vitest';
import { createDashboardCache, type DashboardCacheKey, dashboardCacheKey } from './dashboard.cache.ts';

const key = (over: Partial<DashboardCacheKey> = {}): DashboardCacheKey => ({
  clientId: 'c1',
  scope: { kind: 'client' },
  seesApplicants: true,
  period: '30d',
  to: '2026-11-25',
  ...over,
});
const answer = (members: number) => ({ members }) as DashboardResponse;

describe('dashboardCacheKey', () => {
  it("never gives a team lead's answer the key of the client's, or of other teams", () => {
    const client = dashboardCacheKey(key());
    const lead = dashboardCacheKey(
      key({ scope: { kind: 'teams', teamIds: ['t1', 't2'] }, seesApplicants: false }),
    );
    const other = dashboardCacheKey(
      key({ scope: { kind: 'teams', teamIds: ['t3'] }, seesApplicants: false }),
    );
    expect(new Set([client, lead, other]).size).toBe(3);
    // The same teams in another order are the same scope.
    expect(
      dashboardCacheKey(key({ scope: { kind: 'teams', teamIds: ['t2', 't1'] }, seesApplicants: false })),
    ).toBe(lead);
  });

  it('keeps clients, periods, days and the applicants figure apart', () => {
    const keys = [
      key(),
      key({ clientId: 'c2' }),
      key({ period: '7d' }),
      key({ to: '2026-11-26' }),
      key({ seesApplicants: false }),
    ].map(dashboardCacheKey);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('createDashboardCache', () => {
  it('holds at most its bound, dropping the least recently used answer', async () => {
    const cache = createDashboardCache({ max: 2 });
    let loads = 0;
    const load = (n: number) => async () => {
      loads++;
      return answer(n);
    };
    await cache.get(key({ clientId: 'a' }), load(1));
    await cache.get(key({ clientId: 'b' }), load(2));
    await cache.get(key({ clientId: 'a' }), load(99)); // a hit: a is now the most recent
    await cache.get(key({ clientId: 'c' }), load(3)); // drops b
    expect(cache.size()).toBe(2);
    expect(loads).toBe(3);
    expect((await cache.get(key({ clientId: 'a' }), load(99))).members).toBe(1);
    expect((await cache.get(key({ clientId: 'b' }), load(4))).members).toBe(4);
    expect(loads).toBe(4);
    expect(cache.size()).toBe(2);
  });

  it('computes an answer once for callers asking at the same time', async () => {
    const cache = createDashboardCache();
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const load = async () => {
      loads++;
      await gate;
      return answer(7);
    };
    const pending = [cache.get(key(), load), cache.get(key(), load), cache.get(key(), load)];
    release();
    expect((await Promise.all(pending)).map((a) => a.members)).toEqual([7, 7, 7]);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = createDashboardCache();
    await expect(cache.get(key(), () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect((await cache.get(key(), async () => answer(3))).members).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { isTied, parseLeaderboardFilter, podiumOrder, toSearchParams } from './leaderboard-filter';

describe('parseLeaderboardFilter', () => {
  it('defaults to members this week, and falls back from unknown values', () => {
    expect(parseLeaderboardFilter(new URLSearchParams(''), true)).toEqual({
      period: 'week',
      scope: 'members',
      projectId: null,
    });
    expect(parseLeaderboardFilter(new URLSearchParams('period=year&scope=x'), true)).toMatchObject({
      period: 'week',
      scope: 'members',
    });
  });

  it('reads period, teams (only when the client has teams) and project, and round-trips', () => {
    const params = new URLSearchParams('period=all&scope=teams&project=p1');
    const f = parseLeaderboardFilter(params, true);
    expect(f).toEqual({ period: 'all', scope: 'teams', projectId: 'p1' });
    expect(toSearchParams(f).toString()).toBe('period=all&scope=teams&project=p1');
    expect(parseLeaderboardFilter(params, false).scope).toBe('members');
    expect(toSearchParams({ period: 'week', scope: 'members', projectId: null }).toString()).toBe('');
  });
});

describe('podiumOrder', () => {
  it('stands second, first, third, and copes with fewer', () => {
    expect(podiumOrder(['a', 'b', 'c', 'd']).map((p) => [p.entry, p.place])).toEqual([
      ['b', 2],
      ['a', 1],
      ['c', 3],
    ]);
    expect(podiumOrder(['a']).map((p) => p.place)).toEqual([1]);
    expect(podiumOrder([])).toEqual([]);
  });
});

describe('isTied', () => {
  it('marks ranks shared with a neighbour', () => {
    const entries = [{ rank: 1 }, { rank: 2 }, { rank: 2 }, { rank: 4 }];
    expect(entries.map((_, i) => isTied(entries, i))).toEqual([false, true, true, false]);
  });
});

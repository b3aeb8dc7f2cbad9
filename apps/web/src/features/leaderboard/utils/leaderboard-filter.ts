import { LEADERBOARD_PERIODS, type LeaderboardPeriod, type LeaderboardScope } from '@rally/shared';
import type { LeaderboardFilter } from '../api/get-leaderboard';

/** The ranking asked for by the page's query (?period=&scope=&project=), with defaults for anything unknown. */
export function parseLeaderboardFilter(params: URLSearchParams, hasTeams: boolean): LeaderboardFilter {
  const period = params.get('period');
  const scope: LeaderboardScope = hasTeams && params.get('scope') === 'teams' ? 'teams' : 'members';
  return {
    period: (LEADERBOARD_PERIODS as readonly string[]).includes(period ?? '')
      ? (period as LeaderboardPeriod)
      : 'week',
    scope,
    projectId: params.get('project') || null,
  };
}

/** The query of a filter, leaving defaults out so plain /community/leaderboard stays plain. */
export function toSearchParams(f: LeaderboardFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (f.period !== 'week') params.set('period', f.period);
  if (f.scope !== 'members') params.set('scope', f.scope);
  if (f.projectId) params.set('project', f.projectId);
  return params;
}

/**
 * The podium's three places in the order they stand (2nd, 1st, 3rd), from the top of the ranking; fewer when
 * fewer rows have points.
 */
export function podiumOrder<T>(top: readonly T[]): { entry: T; place: 1 | 2 | 3 }[] {
  const [first, second, third] = top;
  return [
    second !== undefined ? { entry: second, place: 2 as const } : null,
    first !== undefined ? { entry: first, place: 1 as const } : null,
    third !== undefined ? { entry: third, place: 3 as const } : null,
  ].filter((x) => x !== null);
}

/** Whether a rank is shared with a neighbour in the list (shown as "tied"). */
export function isTied(entries: readonly { rank: number }[], index: number): boolean {
  const rank = entries[index]?.rank;
  return entries[index - 1]?.rank === rank || entries[index + 1]?.rank === rank;
}

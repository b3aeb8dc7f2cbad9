import type { LeaderboardPeriod } from '@rally/shared';

/** period_start of the all-time rollups (migration 0003). */
export const ALL_TIME_START = '1970-01-01';

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A leaderboard period around `now`, in UTC as the rollup trigger counts it. */
export interface PeriodRange {
  /** period_start of its rows in leaderboard_points. */
  key: string;
  /** First day shown to people (ISO date), null for all time. */
  start: string | null;
  /** Last day, inclusive (ISO date), null for all time. */
  end: string | null;
}

/** The current week (from ISO Monday), month or all time, in UTC. */
export function getPeriodRange(period: LeaderboardPeriod, now = new Date()): PeriodRange {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  if (period === 'all') return { key: ALL_TIME_START, start: null, end: null };
  if (period === 'month') {
    const start = isoDay(Date.UTC(y, m, 1));
    return { key: start, start, end: isoDay(Date.UTC(y, m + 1, 1) - DAY_MS) };
  }
  const today = Date.UTC(y, m, now.getUTCDate());
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  const start = isoDay(monday);
  return { key: start, start, end: isoDay(monday + 6 * DAY_MS) };
}

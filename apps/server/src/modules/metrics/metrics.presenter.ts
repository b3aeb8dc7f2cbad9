import {
  ACTIVITY_TYPES,
  type MetricsBreakdown,
  type MetricsFigure,
  type MetricsPeriod,
  type MetricsResponse,
  type MetricsSummary,
  SOCIAL_CHANNELS,
} from '@rally/shared';
import { bucketStarts, type MetricsRange, medianWithZeros } from './metrics.periods.ts';
import type { ClientSpread } from './metrics.repository.ts';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** What the presenter compares a member with. */
export interface Comparison {
  team: { members: number; totals: Record<string, number> };
  spread: ClientSpread;
}

function figure(key: string, value: number, c: Comparison): MetricsFigure {
  const team = c.team.members > 0 ? round1((c.team.totals[key] ?? 0) / c.team.members) : null;
  return {
    value,
    team_average: team,
    client_median: round1(medianWithZeros(c.spread.values[key] ?? [], c.spread.members)),
  };
}

/** Keys of a breakdown: every known one (the member's first, by count), then any other the data holds. */
function breakdown(prefix: string, known: readonly string[], mine: Record<string, number>, c: Comparison) {
  const seen = new Set(known);
  for (const key of Object.keys(mine))
    if (key.startsWith(`${prefix}:`)) seen.add(key.slice(prefix.length + 1));
  const rows: MetricsBreakdown[] = [...seen].map((key) => ({
    key,
    ...figure(`${prefix}:${key}`, mine[`${prefix}:${key}`] ?? 0, c),
  }));
  return rows.sort((a, b) => b.value - a.value);
}

/** GET /api/metrics from the member's rows per bucket, the comparisons and the weekly ranks. */
export function presentMetrics(
  period: MetricsPeriod,
  range: MetricsRange,
  series: { start: string; metric: string; value: number }[],
  comparison: Comparison,
  ranks: { week_start: string; points: number; rank: number | null }[],
): MetricsResponse {
  const buckets = new Map(
    bucketStarts(range).map((start) => [
      start,
      { start, points: 0, shares: 0, clicks: 0, active_seconds: 0 },
    ]),
  );
  const mine: Record<string, number> = {};
  for (const row of series) {
    const value = Number(row.value);
    const [head] = row.metric.split(':');
    mine[row.metric] = (mine[row.metric] ?? 0) + value;
    if (head !== row.metric) mine[head!] = (mine[head!] ?? 0) + value;
    const point = buckets.get(row.start);
    if (!point) continue;
    if (row.metric === 'points') point.points += value;
    else if (row.metric === 'clicks') point.clicks += value;
    else if (row.metric === 'active_seconds') point.active_seconds += value;
    else if (head === 'shares') point.shares += value;
  }
  const total = (key: string) => figure(key, mine[key] ?? 0, comparison);
  return {
    period,
    from: range.from,
    to: range.to,
    bucket: range.bucket,
    series: [...buckets.values()],
    totals: {
      points: total('points'),
      shares: total('shares'),
      clicks: total('clicks'),
      participations: total('activities'),
      active_seconds: total('active_seconds'),
    },
    shares_by_network: breakdown('shares', SOCIAL_CHANNELS, mine, comparison),
    participations_by_type: breakdown('activities', ACTIVITY_TYPES, mine, comparison),
    rank_history: ranks.map((r) => ({ week_start: r.week_start, rank: r.rank, points: Number(r.points) })),
  };
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** Consecutive weeks with points, ending this week or, while this one has none yet, last week. */
export function streakOf(weeksNewestFirst: string[], thisWeek: string, lastWeek: string): number {
  const newest = weeksNewestFirst[0];
  if (newest !== thisWeek && newest !== lastWeek) return 0;
  let n = 1;
  for (let i = 1; i < weeksNewestFirst.length; i++) {
    const gap = Date.parse(weeksNewestFirst[i - 1]!) - Date.parse(weeksNewestFirst[i]!);
    if (gap !== 7 * 86_400_000) break;
    n++;
  }
  return n;
}

/** GET /api/metrics/summary. */
export function presentSummary(input: {
  weekStart: string;
  standing: { points: number; above: number };
  isRanked: boolean;
  streak: number;
  tasks: {
    id: string;
    project_id: string;
    project_name: string;
    title: string;
    type: string;
    points: number;
    due_at: Date | string | null;
  }[];
  pendingTrainings: number;
  unconfirmedShares: number;
  fresh: {
    kind: 'project' | 'activity';
    id: string;
    project_id: string;
    title: string;
    created_at: Date | string;
  }[];
}): MetricsSummary {
  const { standing } = input;
  return {
    week: {
      start: input.weekStart,
      points: Number(standing.points),
      rank: input.isRanked && standing.points > 0 ? Number(standing.above) + 1 : null,
    },
    streak_weeks: input.streak,
    next: input.tasks.map((t) => ({
      ...t,
      points: Number(t.points),
      due_at: t.due_at === null ? null : iso(t.due_at),
    })),
    pending_trainings: input.pendingTrainings,
    unconfirmed_shares: input.unconfirmedShares,
    fresh: input.fresh.map((f) => ({ ...f, created_at: iso(f.created_at) })),
  };
}

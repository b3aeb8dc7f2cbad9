import {
  type DashboardDay,
  type DashboardFigure,
  type DashboardNetwork,
  type DashboardPeriod,
  type DashboardResponse,
  getDisplayName,
  NETWORK_AUDIENCE,
  SOCIAL_CHANNELS,
} from '@rally/shared';
import { type DashboardRanges, daysOf } from './dashboard.periods.ts';
import type { DashboardScope } from './dashboard.policy.ts';
import type { ShareFigures, TrainingCompletion } from './dashboard.repository.ts';
import type { MemberFigures, MetricFigures } from './dashboard-rollups.repository.ts';

/** The repository's reads the dashboard is presented from. */
export interface DashboardData extends MemberFigures, MetricFigures, ShareFigures {
  brandContent: DashboardFigure;
  applicants: DashboardFigure | null;
  trainings: TrainingCompletion;
}

const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
const fig = (value: number, previous: number): DashboardFigure => ({ value, previous });

/** The audience of a network (an unknown one counts as the smallest known). */
const audienceOf = (network: string) =>
  NETWORK_AUDIENCE[network as keyof typeof NETWORK_AUDIENCE] ?? Math.min(...Object.values(NETWORK_AUDIENCE));

/** GET /api/admin/dashboard from the repository's reads. */
export function presentDashboard(
  period: DashboardPeriod,
  ranges: DashboardRanges,
  scope: DashboardScope,
  data: DashboardData,
): DashboardResponse {
  const sums = { current: new Map<string, number>(), previous: new Map<string, number>() };
  for (const row of data.totals) {
    const into = row.current ? sums.current : sums.previous;
    into.set(row.metric, (into.get(row.metric) ?? 0) + Number(row.value));
  }
  const sumOf = (m: Map<string, number>, test: (metric: string) => boolean) =>
    [...m].reduce((acc, [metric, v]) => (test(metric) ? acc + v : acc), 0);
  const both = (test: (metric: string) => boolean) =>
    fig(sumOf(sums.current, test), sumOf(sums.previous, test));

  // Networks: every known one and any other the data holds; most shares, then clicks, first (this period, then before).
  const clicks = new Map<string, DashboardFigure>();
  for (const row of data.networkClicks) {
    const f = clicks.get(row.network) ?? fig(0, 0);
    if (row.current) f.value += Number(row.clicks);
    else f.previous += Number(row.clicks);
    clicks.set(row.network, f);
  }
  const names = new Set<string>(SOCIAL_CHANNELS);
  for (const m of [...sums.current.keys(), ...sums.previous.keys()])
    if (m.startsWith('shares:')) names.add(m.slice('shares:'.length));
  for (const n of clicks.keys()) names.add(n);
  const networks: DashboardNetwork[] = [...names]
    .map((network) => ({
      network,
      shares: both((m) => m === `shares:${network}`),
      clicks: clicks.get(network) ?? fig(0, 0),
    }))
    .sort(
      (a, b) =>
        b.shares.value - a.shares.value ||
        b.clicks.value - a.clicks.value ||
        b.shares.previous - a.shares.previous ||
        b.clicks.previous - a.clicks.previous,
    );
  const reach = networks.reduce(
    (acc, n) =>
      fig(
        acc.value + n.shares.value * audienceOf(n.network),
        acc.previous + n.shares.previous * audienceOf(n.network),
      ),
    fig(0, 0),
  );

  const days = new Map<string, DashboardDay>(
    daysOf(ranges.current).map((day) => [
      day,
      { day, active_members: 0, shares: 0, clicks: 0, completions: 0, trainings: 0, points: 0 },
    ]),
  );
  for (const row of data.activeByDay) {
    const point = days.get(row.day);
    if (point) point.active_members = row.members;
  }
  for (const row of data.daily) {
    const point = days.get(row.day);
    if (!point) continue;
    point.shares = Number(row.shares);
    point.clicks = Number(row.clicks);
    point.completions = Number(row.activities);
    point.trainings = Number(row.training);
    point.points = Number(row.points);
  }

  const c = data.counts;
  return {
    period,
    from: ranges.current.from,
    to: ranges.current.to,
    previous_from: ranges.previous.from,
    previous_to: ranges.previous.to,
    scope: scope.kind,
    members: c.members,
    active_members_7d: fig(c.active7, c.active7_prev),
    active_members_30d: fig(c.active30, c.active30_prev),
    participation_rate: fig(percent(c.participants, c.members), percent(c.participants_prev, c.members)),
    shares: both((m) => m.startsWith('shares:')),
    clicks: both((m) => m === 'clicks'),
    estimated_reach: reach,
    networks,
    brand_content_waiting: data.brandContent,
    applicants_waiting: data.applicants,
    trainings_completed: both((m) => m === 'activities:training'),
    trainings_completion: fig(
      percent(data.trainings.done, data.trainings.assigned),
      percent(data.trainings.doneThen, data.trainings.assignedThen),
    ),
    series: [...days.values()],
    top_members: data.topMembers.map((r) => ({
      user_id: r.user_id,
      name: getDisplayName(r),
      image_url: r.image_url,
      points: Number(r.points),
      previous_points: Number(r.points_prev),
    })),
    top_teams: data.topTeams.map((r) => ({
      team_id: r.team_id,
      name: r.name,
      members: Number(r.members),
      points: Number(r.points),
      previous_points: Number(r.points_prev),
    })),
    top_content: data.topContent.map((r) => ({
      activity_id: r.activity_id,
      project_id: r.project_id,
      title: r.title,
      shares: Number(r.shares),
      clicks: Number(r.clicks),
      previous_shares: Number(r.shares_prev),
      previous_clicks: Number(r.clicks_prev),
    })),
  };
}

import {
  type DashboardFigure,
  type DashboardPeriod,
  type DashboardResponse,
  getPalette,
} from '@rally/shared';
import { clsx } from 'clsx';
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFigure, trendOf } from '../utils/dashboard-format';

function TopList({
  title,
  more,
  empty,
  children,
}: {
  title: string;
  more: { to: string; label: string };
  empty: string;
  children: ReactNode[];
}) {
  return (
    <section className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{title}</h3>
        <Link to={more.to} className="text-sm font-medium text-slate-700 underline underline-offset-2">
          {more.label}
        </Link>
      </div>
      {children.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100">{children}</ol>
      )}
    </section>
  );
}

/** A row's trend in a few characters ("+25%", "new"), and in words for screen readers. */
function RowTrend({
  figure,
  previous,
  versus,
}: {
  figure: DashboardFigure;
  previous: string;
  versus: string;
}) {
  const { t } = useTranslation();
  const trend = trendOf(figure);
  const Icon =
    trend.direction === 'up' ? ArrowUpRight : trend.direction === 'down' ? ArrowDownRight : ArrowRight;
  const short =
    trend.direction === 'flat'
      ? '='
      : trend.percent === null
        ? t('adminDashboard.tops.new')
        : `${trend.direction === 'up' ? '+' : '−'}${trend.percent}%`;
  const words =
    trend.direction === 'flat'
      ? t('adminDashboard.trend.flat', { versus })
      : t(`adminDashboard.trend.${trend.direction}${trend.percent === null ? 'FromZero' : ''}`, {
          percent: trend.percent,
          versus,
        });
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center gap-0.5 text-xs font-medium tabular-nums',
        trend.direction === 'up'
          ? 'text-emerald-700'
          : trend.direction === 'down'
            ? 'text-rose-700'
            : 'text-slate-600',
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      <span aria-hidden>{short}</span>
      <span className="sr-only">
        {words} {t('adminDashboard.trend.previous', { previous })}
      </span>
    </span>
  );
}

/**
 * One ranked row: name, figure and trend, over a bar of the figure against the list's largest, with a mark where the
 * same row stood in the period before, so the list reads as a bar chart. The bar repeats what the words say and is
 * hidden from screen readers.
 */
function Row({
  to,
  name,
  label,
  figure,
  max,
  previous,
  versus,
  colors,
}: {
  to: string;
  name: string;
  label: string;
  figure: DashboardFigure;
  max: number;
  previous: string;
  versus: string;
  colors: { now: string };
}) {
  const width = (v: number) => `${max > 0 ? Math.max(0, Math.min(100, (v / max) * 100)) : 0}%`;
  return (
    <li className="py-2 text-sm">
      <div className="flex items-center justify-between gap-3">
        <Link to={to} title={name} className="min-w-0 truncate font-medium text-slate-900 hover:underline">
          {name}
        </Link>
        <span className="flex shrink-0 items-center gap-2">
          <span className="tabular-nums text-slate-700">{label}</span>
          <RowTrend figure={figure} previous={previous} versus={versus} />
        </span>
      </div>
      <div aria-hidden className="relative mt-1.5 h-2 rounded-full bg-slate-100">
        <div
          data-testid="top-bar-now"
          className="absolute inset-y-0 left-0 rounded-full"
          style={{ width: width(figure.value), backgroundColor: colors.now }}
        />
        {figure.previous > 0 && (
          <div
            data-testid="top-bar-before"
            className="absolute -inset-y-0.5 w-0.5 -translate-x-1/2 rounded-full bg-slate-700"
            style={{ left: width(figure.previous) }}
          />
        )}
      </div>
    </li>
  );
}

const largest = (figures: DashboardFigure[]) => Math.max(0, ...figures.flatMap((f) => [f.value, f.previous]));

/**
 * Top members, teams and content of the period, each linking to where they are looked after, with its trend against
 * the period before and a bar of both.
 */
export function DashboardTops({
  data,
  period,
  primaryColor,
}: {
  data: DashboardResponse;
  period: DashboardPeriod;
  primaryColor: string;
}) {
  const { t } = useTranslation();
  const palette = useMemo(() => getPalette(primaryColor), [primaryColor]);
  const colors = { now: palette[0]! };
  const points = (n: number) => t('adminDashboard.tops.points', { count: n, value: formatFigure(n) });
  const versus = t(`adminDashboard.versus.${period}`);
  const members = data.top_members.map((m) => ({
    ...m,
    figure: { value: m.points, previous: m.previous_points },
  }));
  const teams = data.top_teams.map((x) => ({
    ...x,
    figure: { value: x.points, previous: x.previous_points },
  }));
  // Content ranks by shares (then clicks): its trend and bar follow its shares.
  const content = data.top_content.map((a) => ({
    ...a,
    figure: { value: a.shares, previous: a.previous_shares },
  }));
  // Each list's bars are scaled to its own largest figure, this period or the one before.
  const max = {
    members: largest(members.map((x) => x.figure)),
    teams: largest(teams.map((x) => x.figure)),
    content: largest(content.map((x) => x.figure)),
  };
  const sharesClicks = (shares: number, clicks: number) =>
    t('adminDashboard.tops.sharesClicks', {
      shares: t('adminDashboard.tops.shareCount', { count: shares }),
      clicks: t('adminDashboard.tops.clickCount', { count: clicks }),
    });
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <TopList
        title={t('adminDashboard.tops.members')}
        more={{ to: '/community/leaderboard', label: t('adminDashboard.tops.openLeaderboard') }}
        empty={t('adminDashboard.tops.noMembers')}
      >
        {members.map((m) => (
          <Row
            key={m.user_id}
            to={`/people/${m.user_id}`}
            name={m.name}
            label={points(m.points)}
            figure={m.figure}
            max={max.members}
            previous={points(m.previous_points)}
            versus={versus}
            colors={colors}
          />
        ))}
      </TopList>
      <TopList
        title={t('adminDashboard.tops.teams')}
        more={{ to: '/admin/users', label: t('adminDashboard.tops.openUsers') }}
        empty={t('adminDashboard.tops.noTeams')}
      >
        {teams.map((team) => (
          <Row
            key={team.team_id}
            to={`/community/teams/${team.team_id}`}
            name={team.name}
            label={points(team.points)}
            figure={team.figure}
            max={max.teams}
            previous={points(team.previous_points)}
            versus={versus}
            colors={colors}
          />
        ))}
      </TopList>
      <TopList
        title={t('adminDashboard.tops.content')}
        more={{ to: '/admin/projects', label: t('adminDashboard.tops.openProjects') }}
        empty={t('adminDashboard.tops.noContent')}
      >
        {content.map((a) => (
          <Row
            key={a.activity_id}
            to={`/admin/projects/${a.project_id}`}
            name={a.title}
            label={sharesClicks(a.shares, a.clicks)}
            figure={a.figure}
            max={max.content}
            previous={sharesClicks(a.previous_shares, a.previous_clicks)}
            versus={versus}
            colors={colors}
          />
        ))}
      </TopList>
    </div>
  );
}

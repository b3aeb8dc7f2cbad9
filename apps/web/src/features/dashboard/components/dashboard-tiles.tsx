import { type DashboardFigure, type DashboardPeriod, type DashboardResponse, isAdmin } from '@rally/shared';
import { clsx } from 'clsx';
import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUser } from '../../../lib/auth';
import { formatFigure, trendOf } from '../utils/dashboard-format';

interface TileSpec {
  key: string;
  figure: DashboardFigure;
  to: string;
  format?: (value: number) => string;
  /** The comparison window when it is not the period's (active members: fixed 7 / 30 days). */
  versus?: string;
  /** Fewer is better (a queue waiting for someone). */
  lowerIsBetter?: boolean;
}

const percent = (v: number) => `${formatFigure(v)}%`;

/** The trend in words and an arrow: the words carry it, the colour only repeats it. */
export function TrendText({
  figure,
  versus,
  format,
  lowerIsBetter,
}: {
  figure: DashboardFigure;
  versus: string;
  format: (value: number) => string;
  lowerIsBetter?: boolean;
}) {
  const { t } = useTranslation();
  const trend = trendOf(figure);
  const Icon =
    trend.direction === 'up' ? ArrowUpRight : trend.direction === 'down' ? ArrowDownRight : ArrowRight;
  const good = trend.direction === 'flat' ? null : (trend.direction === 'up') !== Boolean(lowerIsBetter);
  const words =
    trend.direction === 'flat'
      ? t('adminDashboard.trend.flat', { versus })
      : t(`adminDashboard.trend.${trend.direction}${trend.percent === null ? 'FromZero' : ''}`, {
          percent: trend.percent,
          versus,
          previous: format(figure.previous),
        });
  return (
    <p
      className={clsx(
        'mt-2 flex items-start gap-1 text-xs',
        good === null ? 'text-slate-600' : good ? 'text-emerald-700' : 'text-rose-700',
      )}
    >
      <Icon aria-hidden className="mt-px size-3.5 shrink-0" />
      <span>
        {words}
        <span className="text-slate-600">
          {' '}
          {t('adminDashboard.trend.previous', { previous: format(figure.previous) })}
        </span>
      </span>
    </p>
  );
}

/** The dashboard's figures, each with its trend and a link to where the admin acts on it. */
export function DashboardTiles({ data, period }: { data: DashboardResponse; period: DashboardPeriod }) {
  const { t } = useTranslation();
  const user = useUser();
  const versus = t(`adminDashboard.versus.${period}`);
  // Admins act on a figure in its report, for the same days (Reporting is theirs only, SPEC 6); leads in the tab
  // they have.
  const seesReports = user !== null && isAdmin(user);
  const report = (name: string, otherwise: string) =>
    seesReports
      ? `/admin/reporting?${new URLSearchParams({ report: name, from: data.from, to: data.to })}`
      : otherwise;
  const tiles: TileSpec[] = [
    {
      key: 'active7',
      figure: data.active_members_7d,
      to: '/admin/users',
      versus: t('adminDashboard.versus.7d'),
    },
    {
      key: 'active30',
      figure: data.active_members_30d,
      to: '/admin/users',
      versus: t('adminDashboard.versus.30d'),
    },
    {
      key: 'participation',
      figure: data.participation_rate,
      to: report('participation', '/admin/participation'),
      format: percent,
    },
    { key: 'shares', figure: data.shares, to: report('shares', '/admin/projects') },
    { key: 'clicks', figure: data.clicks, to: report('shares', '/admin/projects') },
    { key: 'reach', figure: data.estimated_reach, to: report('shares', '/admin/projects') },
    {
      key: 'brandContent',
      figure: data.brand_content_waiting,
      to: '/admin/participation?status=pending&type=content_submission',
      versus: t('adminDashboard.versus.start'),
      lowerIsBetter: true,
    },
    ...(data.applicants_waiting
      ? [
          {
            key: 'applicants',
            figure: data.applicants_waiting,
            to: '/admin/applicants',
            versus: t('adminDashboard.versus.start'),
            lowerIsBetter: true,
          },
        ]
      : []),
    { key: 'trainings', figure: data.trainings_completed, to: report('trainings', '/admin/projects') },
    {
      key: 'trainingRate',
      figure: data.trainings_completion,
      to: report('trainings', '/admin/projects'),
      format: percent,
      versus: t('adminDashboard.versus.start'),
    },
  ];
  return (
    <section aria-labelledby="dashboard-figures">
      <h3 id="dashboard-figures" className="sr-only">
        {t('adminDashboard.figuresLabel')}
      </h3>
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {tiles.map((tile) => {
          const format = tile.format ?? formatFigure;
          return (
            <li key={tile.key} className="min-w-0">
              <Link
                to={tile.to}
                className="block h-full rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-slate-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2"
              >
                <p className="text-sm font-medium text-slate-600">{t(`adminDashboard.tiles.${tile.key}`)}</p>
                <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">
                  {format(tile.figure.value)}
                </p>
                <TrendText
                  figure={tile.figure}
                  versus={tile.versus ?? versus}
                  format={format}
                  lowerIsBetter={tile.lowerIsBetter}
                />
                <p className="mt-2 text-xs font-medium text-slate-700 underline underline-offset-2">
                  {tile.to.startsWith('/admin/reporting')
                    ? t('adminDashboard.actions.report')
                    : t(`adminDashboard.actions.${tile.key}`)}
                </p>
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-slate-600">{t('adminDashboard.reachNote')}</p>
    </section>
  );
}

import { hasFeature, isNavItemVisible, MAIN_NAV, type MetricsSummary, type Stats } from '@rally/shared';
import { ArrowRight, Award, BookOpen, Flame, Send, Sparkles, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useNavContext } from '../../../hooks/use-nav-context';
import { i18n } from '../../../lib/i18n';
import { useMetricsSummary } from '../api/get-metrics';
import { useStats } from '../api/get-stats';
import { dayLabel } from '../utils/metrics-format';

/** Badges earned in the last 30 days count as new on Home. */
const NEW_BADGE_DAYS = 30;
const cardClass = 'rounded-2xl border border-slate-200/80 bg-white p-4 shadow-sm';

/** Home's placeholder while the member's figures load: the same boxes, without words. */
export function MyMetricsHomeSkeleton() {
  return (
    <div className="grid gap-3 sm:grid-cols-3" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-24" />
      ))}
    </div>
  );
}

function Stat({
  icon,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  hint?: string;
}) {
  return (
    <li className={cardClass}>
      <p className="flex items-center gap-2 text-sm font-medium text-slate-600">
        {icon}
        {label}
      </p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</p>
      {hint && <p className="text-xs text-slate-600">{hint}</p>}
    </li>
  );
}

function newBadges(stats: Stats | undefined, now = Date.now()) {
  const since = now - NEW_BADGE_DAYS * 86_400_000;
  return (stats?.earnedBadges ?? [])
    .filter((b) => b.earned_at !== null && Date.parse(b.earned_at) >= since)
    .slice(0, 3);
}

function NextList({ summary, hasTraining }: { summary: MetricsSummary; hasTraining: boolean }) {
  const { t } = useTranslation();
  const extras: ReactNode[] = [];
  if (hasTraining && summary.pending_trainings > 0)
    extras.push(
      <li key="trainings">
        <Link
          to="/training-library"
          className="flex items-center gap-2 py-2 font-medium text-brand-text hover:underline"
        >
          <BookOpen aria-hidden className="size-4" />
          {t('homeProgress.pendingTrainings', { count: summary.pending_trainings })}
        </Link>
      </li>,
    );
  if (summary.unconfirmed_shares > 0)
    extras.push(
      <li key="shares">
        <Link
          to="/performance/posts"
          className="flex items-center gap-2 py-2 font-medium text-brand-text hover:underline"
        >
          <Send aria-hidden className="size-4" />
          {t('homeProgress.unconfirmedShares', { count: summary.unconfirmed_shares })}
        </Link>
      </li>,
    );
  return (
    <section aria-labelledby="home-next" className={cardClass}>
      <h2 id="home-next" className="text-lg font-semibold text-slate-900">
        {t('homeProgress.nextTitle')}
      </h2>
      {summary.next.length === 0 && extras.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('homeProgress.nextEmpty')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {summary.next.map((task) => (
            <li key={task.id}>
              <Link
                to={`/projects/${task.project_id}/activities/${task.id}`}
                className="group flex items-center gap-3 py-2.5"
              >
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900 group-hover:underline">
                    {task.title}
                  </span>
                  <span className="block truncate text-xs text-slate-600">
                    {task.project_name} · {t(`activityTypes.${task.type}`, { defaultValue: task.type })} ·{' '}
                    {task.due_at
                      ? t('homeProgress.due', { date: dayLabel(task.due_at) })
                      : t('homeProgress.noDue')}
                  </span>
                </span>
                <span className="shrink-0 text-xs font-semibold text-brand-text">
                  {t('homeProgress.pointsValue', { count: task.points })}
                </span>
                <ArrowRight aria-hidden className="size-4 shrink-0 text-slate-400" />
              </Link>
            </li>
          ))}
          {extras}
        </ul>
      )}
    </section>
  );
}

/**
 * Home's own part for the member: points and rank this week, streak, what to do next, newly earned badges and
 * fresh content. Loaded after the first paint (with the later strings), so Home's first download stays small.
 */
export function MyMetricsHome({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const ctx = useNavContext();
  const query = useMetricsSummary(userId);
  const stats = useStats(userId);
  const performance = MAIN_NAV.find((item) => item.labelKey === 'nav.performance');
  const canSeeMetrics = performance ? isNavItemVisible(performance, ctx) : false;
  if (query.isPending) return <MyMetricsHomeSkeleton />;
  if (query.isError)
    return (
      <Alert tone="error">
        <p>{t('homeProgress.errorText')}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => query.refetch()}>
          {t('homeProgress.retry')}
        </Button>
      </Alert>
    );
  const summary = query.data;
  const badges = newBadges(stats.data);
  return (
    <div className="space-y-4">
      <section aria-labelledby="home-week" className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="home-week" className="text-lg font-semibold text-slate-900">
            {t('homeProgress.label')}
          </h2>
          {canSeeMetrics && (
            <Link to="/performance/metrics" className="text-sm font-medium text-brand-text hover:underline">
              {t('homeProgress.seeMetrics')}
            </Link>
          )}
        </div>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Stat
            icon={<Sparkles aria-hidden className="size-4" />}
            label={t('homeProgress.pointsThisWeek')}
            value={summary.week.points.toLocaleString(i18n.language)}
          />
          <Stat
            icon={<Trophy aria-hidden className="size-4" />}
            label={t('homeProgress.rankThisWeek')}
            value={
              summary.week.rank === null
                ? t('homeProgress.notRanked')
                : t('homeProgress.rank', { rank: summary.week.rank })
            }
          />
          <Stat
            icon={<Flame aria-hidden className="size-4" />}
            label={t('homeProgress.streak')}
            value={t('homeProgress.streakWeeks', { count: summary.streak_weeks })}
            hint={summary.streak_weeks === 0 ? t('homeProgress.streakNone') : undefined}
          />
        </ul>
      </section>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <NextList summary={summary} hasTraining={hasFeature(ctx.features, 'training')} />
        <div className="space-y-4">
          {badges.length > 0 && (
            <section aria-labelledby="home-badges" className={cardClass}>
              <h2 id="home-badges" className="text-lg font-semibold text-slate-900">
                {t('homeProgress.badgesTitle')}
              </h2>
              <ul className="mt-2 space-y-2 text-sm">
                {badges.map((b) => (
                  <li key={b.id} className="flex items-center gap-3">
                    {b.image_url ? (
                      <img src={b.image_url} alt="" className="size-9 rounded-full object-cover" />
                    ) : (
                      <Award aria-hidden className="size-9 rounded-full bg-brand/10 p-2 text-brand-text" />
                    )}
                    <span className="min-w-0">
                      <span className="block font-medium text-slate-900">{b.name}</span>
                      {b.earned_at && (
                        <span className="block text-xs text-slate-600">{dayLabel(b.earned_at)}</span>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
              <Link
                to="/performance/badges"
                className="mt-2 inline-block text-sm font-medium text-brand-text hover:underline"
              >
                {t('homeProgress.seeBadges')}
              </Link>
            </section>
          )}
          {summary.fresh.length > 0 && (
            <section aria-labelledby="home-fresh" className={cardClass}>
              <h2 id="home-fresh" className="text-lg font-semibold text-slate-900">
                {t('homeProgress.freshTitle')}
              </h2>
              <ul className="mt-2 divide-y divide-slate-100 text-sm">
                {summary.fresh.map((f) => (
                  <li key={`${f.kind}-${f.id}`}>
                    <Link
                      to={
                        f.kind === 'project'
                          ? `/projects/${f.id}`
                          : `/projects/${f.project_id}/activities/${f.id}`
                      }
                      className="group flex items-center gap-3 py-2.5"
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium text-slate-900 group-hover:underline">
                          {f.title}
                        </span>
                        <span className="block text-xs text-slate-600">
                          {f.kind === 'project'
                            ? t('homeProgress.freshProject', {
                                project: t('words.project').toLocaleLowerCase(),
                              })
                            : t('homeProgress.freshActivity')}{' '}
                          · {dayLabel(f.created_at)}
                        </span>
                      </span>
                      <ArrowRight aria-hidden className="size-4 shrink-0 text-slate-400" />
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </div>
  );
}

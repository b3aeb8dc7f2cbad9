import {
  DEFAULT_PRIMARY_COLOR,
  METRICS_PERIODS,
  type MetricsPeriod,
  type MetricsResponse,
} from '@rally/shared';
import { ChartColumn } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryStates } from '../../../components/ui/query-states';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePeriodParam } from '../../../hooks/use-period-param';
import { useUser } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import { useMetrics } from '../api/get-metrics';
import { MyMetricsCharts } from './my-metrics-charts';
import { MyMetricsFigures } from './my-metrics-figures';

const DEFAULT_PERIOD: MetricsPeriod = '30d';

/** Whether the period counted nothing at all (the charts would be flat). */
function isEmpty(data: MetricsResponse): boolean {
  const t = data.totals;
  return (
    t.points.value === 0 &&
    t.shares.value === 0 &&
    t.clicks.value === 0 &&
    t.participations.value === 0 &&
    t.active_seconds.value === 0 &&
    data.rank_history.every((r) => r.rank === null)
  );
}

function MetricsSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="space-y-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-64" />
        ))}
      </div>
    </div>
  );
}

/** /performance/metrics: the member's figures and charts for a period, each beside team average and median. */
export function MyMetricsView() {
  const { t } = useTranslation();
  const user = useUser();
  const client = useClient();
  const [period, choose] = usePeriodParam(METRICS_PERIODS, DEFAULT_PERIOD);
  const query = useMetrics(user?.id ?? '', period);
  if (!user) return null;
  const body = (
    <QueryStates
      query={query}
      skeleton={<MetricsSkeleton />}
      errorTitle={t('myMetrics.errorTitle')}
      isEmpty={isEmpty}
      empty={
        <EmptyState
          icon={ChartColumn}
          title={t('myMetrics.emptyTitle')}
          description={t('myMetrics.emptyText')}
          action={
            <Link to="/projects" className={buttonClasses('primary')}>
              {t('myMetrics.browseProjects')}
            </Link>
          }
        />
      }
    >
      {(data) => (
        <>
          <MyMetricsFigures totals={data.totals} />
          <MyMetricsCharts data={data} primaryColor={client.config.primary_color || DEFAULT_PRIMARY_COLOR} />
        </>
      )}
    </QueryStates>
  );
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">{t('myMetrics.intro', { client: client.name })}</p>
      <SegmentedControl
        label={t('myMetrics.periodLabel')}
        options={METRICS_PERIODS.map((value) => ({ value, label: t(`myMetrics.periods.${value}`) }))}
        value={period}
        onChange={choose}
      />
      {body}
    </div>
  );
}

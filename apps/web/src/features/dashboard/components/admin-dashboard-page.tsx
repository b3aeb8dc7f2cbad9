import { DASHBOARD_PERIODS, DEFAULT_PRIMARY_COLOR } from '@rally/shared';
import { LayoutDashboard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '../../../components/layouts/page-heading';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryStates } from '../../../components/ui/query-states';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { usePeriodParam } from '../../../hooks/use-period-param';
import { useUser } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import { useDashboard } from '../api/get-dashboard';
import { isEmptyDashboard } from '../utils/dashboard-format';
import { DashboardCharts } from './dashboard-charts';
import { DashboardTiles } from './dashboard-tiles';
import { DashboardTops } from './dashboard-tops';

function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="space-y-4">
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-56" />
        ))}
      </div>
    </div>
  );
}

/** /admin: the program's figures for a period with trends, charts and tops; a team lead's for their teams. */
export function AdminDashboardPage() {
  const { t } = useTranslation();
  const user = useUser();
  const client = useClient();
  const [period, choose] = usePeriodParam(DASHBOARD_PERIODS, '30d');
  const query = useDashboard(user?.id ?? '', period);
  const primary = client.config.primary_color || DEFAULT_PRIMARY_COLOR;
  if (!user) return null;
  const body = (
    <QueryStates
      query={query}
      skeleton={<DashboardSkeleton />}
      errorTitle={t('adminDashboard.errorTitle')}
      isEmpty={isEmptyDashboard}
      empty={
        <EmptyState
          icon={LayoutDashboard}
          title={t('adminDashboard.emptyTitle')}
          description={t('adminDashboard.emptyText')}
          action={
            <Link to="/admin/projects" className={buttonClasses('primary')}>
              {t('adminDashboard.openProjects')}
            </Link>
          }
        />
      }
    >
      {(data) => (
        <>
          <DashboardTiles data={data} period={period} />
          <DashboardCharts data={data} primaryColor={primary} />
          <DashboardTops data={data} period={period} primaryColor={primary} />
        </>
      )}
    </QueryStates>
  );
  const teamsOnly = query.data?.scope === 'teams';
  return (
    <div className="space-y-5">
      <PageHeading
        title={t('adminDashboard.heading')}
        // The member count is not known before the figures arrive: a placeholder, never a 0 that is not true.
        description={
          query.data ? (
            t(teamsOnly ? 'adminDashboard.introTeams' : 'adminDashboard.intro', {
              client: client.name,
              members: query.data.members,
            })
          ) : query.isPending ? (
            <Skeleton className="h-4 w-64 max-w-full" />
          ) : undefined
        }
      />
      <SegmentedControl
        label={t('adminDashboard.periodLabel')}
        options={DASHBOARD_PERIODS.map((value) => ({ value, label: t(`adminDashboard.periods.${value}`) }))}
        value={period}
        onChange={choose}
      />
      {body}
    </div>
  );
}

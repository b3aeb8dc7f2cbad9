import { type DashboardPeriod, DashboardResponseSchema } from '@rally/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Cache keys start with the user id and the API path (data never leaks between sessions). */
export const dashboardKeys = {
  period: (userId: string, period: DashboardPeriod) => [userId, 'api/admin/dashboard', period] as const,
};

/** GET /api/admin/dashboard: the program's figures for a period (a team lead's: their teams'). */
export const getDashboard = (period: DashboardPeriod) =>
  api.get('/api/admin/dashboard', { schema: DashboardResponseSchema, query: { period } });

/** The dashboard of a period; another period keeps the previous figures on screen while it loads. */
export function useDashboard(userId: string, period: DashboardPeriod) {
  return useQuery({
    queryKey: dashboardKeys.period(userId, period),
    queryFn: () => getDashboard(period),
    placeholderData: keepPreviousData,
  });
}

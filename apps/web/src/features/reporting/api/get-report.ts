import { type ReportResponse, ReportResponseSchema } from '@rally/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ReportView } from '../utils/report-params';

/** Cache keys start with the user id and the API path (data never leaks between sessions). */
export const reportKeys = {
  view: (userId: string, view: ReportView) => [userId, 'api/admin/reports', view] as const,
  subscriptions: (userId: string) => [userId, 'api/admin/report-subscriptions'] as const,
  options: (userId: string) => [userId, 'api/admin/reports/options'] as const,
};

/** GET /api/admin/reports/{report}: one page of the table, the chart and the headline figures. */
export const getReport = (view: ReportView): Promise<ReportResponse> =>
  api.get(`/api/admin/reports/${view.report}`, {
    schema: ReportResponseSchema,
    query: { ...view.filters, sort: view.sort, dir: view.dir, cursor: view.cursor },
  });

/** The report of a view; another view keeps the previous figures on screen while it loads. */
export function useReport(userId: string, view: ReportView) {
  return useQuery({
    queryKey: reportKeys.view(userId, view),
    queryFn: () => getReport(view),
    placeholderData: keepPreviousData,
  });
}

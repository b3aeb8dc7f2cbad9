import {
  type CreateReportSubscriptionRequest,
  OkResponseSchema,
  type ReportName,
  ReportSubscriptionResponseSchema,
  ReportSubscriptionsResponseSchema,
} from '@rally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { reportKeys } from './get-report';

/** GET /api/admin/report-subscriptions: the admin's own scheduled reports. */
export const getReportSubscriptions = async () =>
  (await api.get('/api/admin/report-subscriptions', { schema: ReportSubscriptionsResponseSchema }))
    .subscriptions;

export function useReportSubscriptions(userId: string) {
  return useQuery({ queryKey: reportKeys.subscriptions(userId), queryFn: getReportSubscriptions });
}

/** POST /api/admin/reports/{report}/subscriptions, then the list is read again. */
export function useSubscribeToReport(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ report, body }: { report: ReportName; body: CreateReportSubscriptionRequest }) =>
      (
        await api.post(`/api/admin/reports/${report}/subscriptions`, body, {
          schema: ReportSubscriptionResponseSchema,
        })
      ).subscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.subscriptions(userId) }),
  });
}

/** DELETE /api/admin/report-subscriptions/{id} (unsubscribe), then the list is read again. */
export function useUnsubscribeFromReport(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`/api/admin/report-subscriptions/${id}`, { schema: OkResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.subscriptions(userId) }),
  });
}

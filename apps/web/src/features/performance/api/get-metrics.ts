import { type MetricsPeriod, MetricsResponseSchema, MetricsSummarySchema } from '@rally/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Cache keys start with the user id and the API path (data never leaks between sessions). */
export const metricsKeys = {
  period: (userId: string, period: MetricsPeriod) => [userId, 'api/metrics', period] as const,
  summary: (userId: string) => [userId, 'api/metrics/summary'] as const,
};

/** GET /api/metrics: the member's own figures for a period. */
export const getMetrics = (period: MetricsPeriod) =>
  api.get('/api/metrics', { schema: MetricsResponseSchema, query: { period } });

/** My Metrics for a period; another period keeps the previous charts on screen while it loads. */
export function useMetrics(userId: string, period: MetricsPeriod) {
  return useQuery({
    queryKey: metricsKeys.period(userId, period),
    queryFn: () => getMetrics(period),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/metrics/summary: Home's points and rank this week, streak, what to do next and fresh content. */
export const getMetricsSummary = () => api.get('/api/metrics/summary', { schema: MetricsSummarySchema });

export function useMetricsSummary(userId: string) {
  return useQuery({ queryKey: metricsKeys.summary(userId), queryFn: getMetricsSummary });
}

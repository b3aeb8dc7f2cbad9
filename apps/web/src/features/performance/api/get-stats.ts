import { StatsResponseSchema } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getStats = () => api.get('/api/stats', { schema: StatsResponseSchema });

/** GET /api/stats: earned and unearned badges (also decides whether My Badges shows). */
export function useStats(userId: string | null, enabled = true) {
  return useQuery({
    queryKey: [userId, 'api/stats'],
    queryFn: getStats,
    enabled: enabled && userId !== null,
  });
}

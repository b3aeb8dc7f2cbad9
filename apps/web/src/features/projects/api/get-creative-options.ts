import { CreativesResponseSchema } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminProjectKeys } from './admin-query-keys';

/** GET /api/admin/library/creatives: every creative, for the activity's creatives picker. */
export const getCreativeOptions = () =>
  api.get('/api/admin/library/creatives', { schema: CreativesResponseSchema });

/** Library creatives (the same cache entry as the Library's unfiltered list). */
export function useCreativeOptions(userId: string, enabled = true) {
  return useQuery({
    queryKey: adminProjectKeys.creatives(userId),
    queryFn: async () => (await getCreativeOptions()).creatives,
    enabled,
  });
}

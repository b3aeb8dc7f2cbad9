import { AdminProjectsResponseSchema } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { participationKeys } from './query-keys';

/** GET /api/admin/projects?status=all: the project filter's options (ADMIN only). */
export const getProjectOptions = () =>
  api.get('/api/admin/projects', { query: { status: 'all' }, schema: AdminProjectsResponseSchema });

/** Every project, archived ones included; shares its cache entry with the admin projects list "All". */
export function useProjectOptions(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: participationKeys.projects(userId),
    queryFn: async () => (await getProjectOptions()).projects,
    enabled,
  });
}

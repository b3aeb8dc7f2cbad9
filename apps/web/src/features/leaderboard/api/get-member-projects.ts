import { ProjectsResponseSchema } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET /api/projects: the member's projects, for the project filter. Same key and body as the projects
 * feature's list, so the two share one cache entry.
 */
export function useMemberProjects(userId: string) {
  return useQuery({
    queryKey: [userId, 'api/projects', { type: 'all' }] as const,
    queryFn: () => api.get('/api/projects', { schema: ProjectsResponseSchema, query: { type: 'all' } }),
  });
}

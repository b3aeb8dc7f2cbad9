import type { QueryClient } from '@tanstack/react-query';

/** Which projects the admin list shows. */
export type ProjectStatusFilter = 'current' | 'archived' | 'all';

/**
 * Cache keys of the admin's projects data. Every key starts with the user id (data never leaks between
 * sessions) and the API path, so one prefix refreshes every list and detail below it.
 */
export const adminProjectKeys = {
  all: (userId: string) => [userId, 'api/admin/projects'] as const,
  list: (userId: string, status: ProjectStatusFilter) => [userId, 'api/admin/projects', { status }] as const,
  detail: (userId: string, projectId: string) => [userId, 'api/admin/projects', projectId] as const,
  teams: (userId: string) => [userId, 'api/admin/teams'] as const,
  templates: (userId: string) => [userId, 'api/admin/library/templates', {}] as const,
  creatives: (userId: string) => [userId, 'api/admin/library/creatives', {}] as const,
};

/**
 * After a change to a project or its activities: the admin lists and details, and what the admin sees
 * as a member (the member projects and activities caches use the same `[userId, path]` prefixes).
 */
export function refreshAdminProjects(queryClient: QueryClient, userId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminProjectKeys.all(userId) }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/projects'] }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/activities'] }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/training-library'] }),
  ]);
}

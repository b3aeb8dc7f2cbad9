import type { ACTIVITY_FILTERS } from '@rally/shared';

export const PARTICIPATION_STATUSES = ['all', 'pending', 'completed', 'approved', 'rejected'] as const;

/** The filters of the participation list and its CSV export. */
export interface ParticipationFilters {
  status: (typeof PARTICIPATION_STATUSES)[number];
  type: (typeof ACTIVITY_FILTERS)[number];
  /** Only this project's participations, when set. */
  projectId: string | null;
}

/** The query string of GET /api/admin/participations(.csv) for the filters. */
export const toQuery = (filters: ParticipationFilters) => ({
  status: filters.status,
  type: filters.type,
  project_id: filters.projectId ?? undefined,
});

/** Cache keys of the review list; every key starts with the user id and the API path. */
export const participationKeys = {
  all: (userId: string) => [userId, 'api/admin/participations'] as const,
  list: (userId: string, filters: ParticipationFilters) =>
    [userId, 'api/admin/participations', filters] as const,
  /** The same entry as the admin projects list "All" (ADMIN only). */
  projects: (userId: string) => [userId, 'api/admin/projects', { status: 'all' }] as const,
};

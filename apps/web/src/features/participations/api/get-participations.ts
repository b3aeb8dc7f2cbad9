import { AdminParticipationsResponseSchema } from '@rally/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type ParticipationFilters, participationKeys, toQuery } from './query-keys';

/** Participations per page of the review list. */
export const PARTICIPATION_PAGE_SIZE = 20;

/** GET /api/admin/participations (ADMIN; an ANALYST sees their teams' members only). */
export const getParticipations = (filters: ParticipationFilters, cursor: string | null) =>
  api.get('/api/admin/participations', {
    query: { ...toQuery(filters), limit: PARTICIPATION_PAGE_SIZE, cursor },
    schema: AdminParticipationsResponseSchema,
  });

export function getParticipationsQueryOptions(userId: string, filters: ParticipationFilters) {
  return infiniteQueryOptions({
    queryKey: participationKeys.list(userId, filters),
    queryFn: ({ pageParam }) => getParticipations(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** The filtered participations, newest first, a page at a time ("Load more"). */
export function useParticipations(userId: string, filters: ParticipationFilters) {
  return useInfiniteQuery(getParticipationsQueryOptions(userId, filters));
}

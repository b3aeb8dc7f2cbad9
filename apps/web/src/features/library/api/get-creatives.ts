import { CreativesResponseSchema } from '@rally/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type LibraryFilter, libraryKeys, normalizeFilter } from './query-keys';

/** GET /api/admin/library/creatives?q=&tag= (ADMIN only). */
export const getCreatives = (filter: LibraryFilter) =>
  api.get('/api/admin/library/creatives', {
    query: { ...normalizeFilter(filter) },
    schema: CreativesResponseSchema,
  });

export function getCreativesQueryOptions(userId: string, filter: LibraryFilter) {
  return queryOptions({
    queryKey: libraryKeys.creativeList(userId, filter),
    queryFn: async () => (await getCreatives(filter)).creatives,
  });
}

/** Creatives matching the filter; the previous results stay on screen while a new search loads. */
export function useCreatives(userId: string, filter: LibraryFilter) {
  return useQuery({ ...getCreativesQueryOptions(userId, filter), placeholderData: keepPreviousData });
}

import { TemplatesResponseSchema } from '@rally/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type LibraryFilter, libraryKeys, normalizeFilter } from './query-keys';

/** GET /api/admin/library/templates?q=&tag= (ADMIN only). */
export const getTemplates = (filter: LibraryFilter) =>
  api.get('/api/admin/library/templates', {
    query: { ...normalizeFilter(filter) },
    schema: TemplatesResponseSchema,
  });

export function getTemplatesQueryOptions(userId: string, filter: LibraryFilter) {
  return queryOptions({
    queryKey: libraryKeys.templateList(userId, filter),
    queryFn: async () => (await getTemplates(filter)).templates,
  });
}

/** Templates matching the filter; the previous results stay on screen while a new search loads. */
export function useTemplates(userId: string, filter: LibraryFilter) {
  return useQuery({ ...getTemplatesQueryOptions(userId, filter), placeholderData: keepPreviousData });
}

import type { QueryClient } from '@tanstack/react-query';

/** Search of a library list; empty parts are left out so "no filter" is always the same cache entry. */
export interface LibraryFilter {
  q?: string;
  tag?: string;
}

export function normalizeFilter(filter: LibraryFilter): LibraryFilter {
  const q = filter.q?.trim();
  const tag = filter.tag?.trim();
  return { ...(q ? { q } : {}), ...(tag ? { tag } : {}) };
}

/**
 * Cache keys of the library. Every key starts with the user id and the API path, so one prefix refreshes
 * every filtered list (the activity pickers read the unfiltered `{}` entry).
 */
export const libraryKeys = {
  templates: (userId: string) => [userId, 'api/admin/library/templates'] as const,
  templateList: (userId: string, filter: LibraryFilter) =>
    [userId, 'api/admin/library/templates', normalizeFilter(filter)] as const,
  creatives: (userId: string) => [userId, 'api/admin/library/creatives'] as const,
  creativeList: (userId: string, filter: LibraryFilter) =>
    [userId, 'api/admin/library/creatives', normalizeFilter(filter)] as const,
};

/** After a template changes: every template list, and activities that show it. */
export const refreshTemplates = (queryClient: QueryClient, userId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: libraryKeys.templates(userId) }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/activities'] }),
  ]);

/** After a creative changes: every creative list, and activities that show it. */
export const refreshCreatives = (queryClient: QueryClient, userId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: libraryKeys.creatives(userId) }),
    queryClient.invalidateQueries({ queryKey: [userId, 'api/activities'] }),
  ]);

import { MentionsResponseSchema } from '@rally/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feedKeys } from './query-keys';

/** GET /api/mentions?q=: members of the client whose name matches, for @mention autocomplete. */
export const getMentions = (q: string) =>
  api.get('/api/mentions', { schema: MentionsResponseSchema, query: { q } });

export function useMentionCandidates(userId: string, q: string | null) {
  return useQuery({
    queryKey: feedKeys.mentions(userId, q ?? ''),
    queryFn: () => getMentions(q ?? ''),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

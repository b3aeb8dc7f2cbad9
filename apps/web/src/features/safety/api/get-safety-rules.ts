import { type SafetyRuleKind, SafetyRulesResponseSchema } from '@rally/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { safetyKeys } from './query-keys';

/** Rules per page of a word list. */
export const RULES_PAGE_SIZE = 100;

/** GET /api/admin/safety/rules?kind=&search= (ADMIN only), newest first. */
export const getSafetyRules = (kind: SafetyRuleKind, search: string, cursor: string | null) =>
  api.get('/api/admin/safety/rules', {
    query: { kind, search: search || undefined, limit: RULES_PAGE_SIZE, cursor },
    schema: SafetyRulesResponseSchema,
  });

export function getSafetyRulesQueryOptions(userId: string, kind: SafetyRuleKind, search: string) {
  return infiniteQueryOptions({
    queryKey: safetyKeys.rules(userId, kind, search),
    queryFn: ({ pageParam }) => getSafetyRules(kind, search, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** One word list (blocked, flagged or allowed), filtered by a search, a page at a time. */
export function useSafetyRules(userId: string, kind: SafetyRuleKind, search: string) {
  return useInfiniteQuery(getSafetyRulesQueryOptions(userId, kind, search));
}

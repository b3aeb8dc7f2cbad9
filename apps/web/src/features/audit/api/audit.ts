import { AuditResponseSchema, LIST_PAGE_SIZE } from '@rally/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Filters of the audit log: an action name, an actor's user id, first and last day (YYYY-MM-DD; '' for any). */
export interface AuditFilter {
  action: string;
  actor: string;
  from: string;
  to: string;
}

/** Cache key of the audit log; starts with the signed-in user's id, then the API path. */
export const auditKey = (userId: string) => [userId, 'api/admin/audit'] as const;

/** GET /api/admin/audit?action=&actor=&from=&to=&limit&cursor (ADMIN only). */
export const getAudit = (filter: AuditFilter, cursor?: string) =>
  api.get('/api/admin/audit', {
    query: {
      action: filter.action || undefined,
      actor: filter.actor || undefined,
      from: filter.from || undefined,
      to: filter.to || undefined,
      limit: LIST_PAGE_SIZE,
      cursor,
    },
    schema: AuditResponseSchema,
  });

export function useAudit(userId: string, filter: AuditFilter) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...auditKey(userId), filter],
      queryFn: ({ pageParam }) => getAudit(filter, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.next_cursor ?? undefined,
    }),
  );
}

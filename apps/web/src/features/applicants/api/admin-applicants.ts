import {
  AdminApplicationResponseSchema,
  AdminApplicationsResponseSchema,
  type ApplicantQueueQuery,
  ApplicantQueueResponseSchema,
  type BulkDecisionRequest,
  BulkDecisionResponseSchema,
  type CreateApplicationRequest,
  type DecideApplicantRequest,
  OkResponseSchema,
} from '@rally/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Cache keys of the review area; every key starts with the user id and the API path. */
export const applicantKeys = {
  forms: (userId: string) => [userId, 'api/admin/applications'] as const,
  queue: (userId: string, filters?: ApplicantQueueQuery) =>
    filters
      ? ([userId, 'api/admin/applicants', filters] as const)
      : ([userId, 'api/admin/applicants'] as const),
};

/** GET /api/admin/applications: the client's forms, newest first (first 50). */
export function useAdminApplications(userId: string) {
  return useQuery({
    queryKey: applicantKeys.forms(userId),
    queryFn: () =>
      api.get('/api/admin/applications', { query: { limit: 50 }, schema: AdminApplicationsResponseSchema }),
  });
}

/** POST /api/admin/applications or PATCH /api/admin/applications/{id}: saves a form. */
export function useSaveApplication(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CreateApplicationRequest }) =>
      id
        ? api.patch(`/api/admin/applications/${id}`, body, { schema: AdminApplicationResponseSchema })
        : api.post('/api/admin/applications', body, { schema: AdminApplicationResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicantKeys.forms(userId) }),
  });
}

/** GET /api/admin/applicants: the review queue, filtered, paged by SPEC 7 (limit and cursor). */
export function useApplicantQueue(userId: string, filters: ApplicantQueueQuery) {
  return useInfiniteQuery({
    queryKey: applicantKeys.queue(userId, filters),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api.get('/api/admin/applicants', {
        query: { ...filters, limit: 20, cursor: pageParam },
        schema: ApplicantQueueResponseSchema,
      }),
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** After a decision: the queue, the forms' waiting counts and the applicant's detail. */
function useRefreshReview(userId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: applicantKeys.queue(userId) }),
      queryClient.invalidateQueries({ queryKey: applicantKeys.forms(userId) }),
      queryClient.invalidateQueries({ queryKey: ['api/applicants'] }),
    ]);
}

/** POST /api/admin/applicants/{id}/decision. */
export function useDecideApplicant(userId: string) {
  const refresh = useRefreshReview(userId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DecideApplicantRequest }) =>
      api.post(`/api/admin/applicants/${id}/decision`, body, { schema: OkResponseSchema }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/applicants/decisions: one decision for many. */
export function useDecideApplicants(userId: string) {
  const refresh = useRefreshReview(userId);
  return useMutation({
    mutationFn: (body: BulkDecisionRequest) =>
      api.post('/api/admin/applicants/decisions', body, { schema: BulkDecisionResponseSchema }),
    onSuccess: refresh,
  });
}

/** The CSV export's URL for the current filters (downloaded as a blob, SPEC 7). */
export function exportUrl(filters: ApplicantQueueQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  const search = params.toString();
  return `/api/admin/applicants/export${search ? `?${search}` : ''}`;
}

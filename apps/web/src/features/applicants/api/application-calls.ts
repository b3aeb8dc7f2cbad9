import {
  type Answers,
  ApplicantResponseSchema,
  ApplicationResponseSchema,
  type ApplyRequest,
  ApplyResponseSchema,
} from '@rally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { i18n, resolveLanguage } from '../../../lib/i18n';

/** GET /api/applications/{id} (public): an open form with its questions. */
export function useApplication(id: string) {
  return useQuery({
    queryKey: ['api/applications', id],
    queryFn: () =>
      api.get(`/api/applications/${encodeURIComponent(id)}`, {
        schema: ApplicationResponseSchema,
        retries: 0,
      }),
  });
}

/**
 * POST /api/applications/{id}/applicants (public): applies, creating the APPLICANT account and its session; the form's
 * language becomes the account's and its emails'.
 */
export const applyTo = (id: string, body: ApplyRequest) =>
  api.post(
    `/api/applications/${encodeURIComponent(id)}/applicants`,
    { ...body, locale: body.locale ?? resolveLanguage(i18n.language) },
    { schema: ApplyResponseSchema },
  );

const applicantKey = (id: string) => ['api/applicants', id] as const;

/** GET /api/applicants/{id}: the applicant's own page (reviewers may read anyone's). */
export function useApplicant(id: string, enabled = true) {
  return useQuery({
    queryKey: applicantKey(id),
    queryFn: () => api.get(`/api/applicants/${encodeURIComponent(id)}`, { schema: ApplicantResponseSchema }),
    enabled,
  });
}

/** PATCH /api/applicants/{id}: the applicant's new answers (while undecided). */
export function useUpdateAnswers(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Answers) =>
      api.patch(
        `/api/applicants/${encodeURIComponent(id)}`,
        { answers },
        { schema: ApplicantResponseSchema },
      ),
    onSuccess: (data) => queryClient.setQueryData(applicantKey(id), data),
  });
}

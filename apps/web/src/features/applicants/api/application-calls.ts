import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const ApplicationResponseSchema = z.object({
  application: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    client_name: z.string(),
  }),
});

const ApplicantResponseSchema = z.object({
  applicant: z.object({
    id: z.string(),
    status: z.string(),
    created_at: z.string(),
    application: z.object({ id: z.string(), title: z.string() }),
  }),
});

export type Applicant = z.infer<typeof ApplicantResponseSchema>['applicant'];

/** GET /api/applications/{id} (public). */
export function useApplication(id: string) {
  return useQuery({
    queryKey: ['api/applications', id],
    queryFn: () =>
      api.get(`/api/applications/${encodeURIComponent(id)}`, { schema: ApplicationResponseSchema }),
  });
}

/** GET /api/applicants/{id}: the applicant's own page. */
export function useApplicant(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['api/applicants', id],
    queryFn: () => api.get(`/api/applicants/${encodeURIComponent(id)}`, { schema: ApplicantResponseSchema }),
    enabled,
  });
}

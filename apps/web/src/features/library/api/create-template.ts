import { TemplateResponseSchema, type UpsertTemplateRequestSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { refreshTemplates } from './query-keys';

export type UpsertTemplateRequest = z.input<typeof UpsertTemplateRequestSchema>;

/** POST /api/admin/library/templates → 201 {template}. */
export const createTemplate = (body: UpsertTemplateRequest) =>
  api.post('/api/admin/library/templates', body, { schema: TemplateResponseSchema });

export function useCreateTemplate(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTemplate, onSuccess: () => refreshTemplates(queryClient, userId) });
}

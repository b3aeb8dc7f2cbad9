import { TemplateResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { UpsertTemplateRequest } from './create-template';
import { refreshTemplates } from './query-keys';

/** PATCH /api/admin/library/templates/{id} with the whole template → {template}. */
export const updateTemplate = ({ id, body }: { id: string; body: UpsertTemplateRequest }) =>
  api.patch(`/api/admin/library/templates/${encodeURIComponent(id)}`, body, {
    schema: TemplateResponseSchema,
  });

export function useUpdateTemplate(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTemplate, onSuccess: () => refreshTemplates(queryClient, userId) });
}

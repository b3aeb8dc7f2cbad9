import { type CreateSafetyRuleRequest, SafetyRuleResponseSchema } from '@rally/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshRules } from './query-keys';

/** POST /api/admin/safety/rules → {rule}; 409 names a phrase already on a list. */
export const createSafetyRule = (body: CreateSafetyRuleRequest) =>
  api.post('/api/admin/safety/rules', body, { schema: SafetyRuleResponseSchema });

export function useCreateSafetyRule(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSafetyRule,
    onSuccess: () => refreshRules(queryClient, userId),
  });
}

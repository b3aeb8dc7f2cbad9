import { SafetyCheckResponseSchema } from '@rally/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/admin/safety/check {text} → what would happen to a member's text, and why. */
export const checkSafetyText = (text: string) =>
  api.post('/api/admin/safety/check', { text }, { schema: SafetyCheckResponseSchema });

export function useCheckSafetyText() {
  return useMutation({ mutationFn: checkSafetyText });
}

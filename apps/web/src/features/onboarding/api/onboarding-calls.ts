import type { CompleteOnboardingRequestSchema } from '@rally/shared';
import { ContractResponseSchema, MeResponseSchema } from '@rally/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type CompleteOnboardingRequest = z.output<typeof CompleteOnboardingRequestSchema>;

export const contractQueryOptions = queryOptions({
  queryKey: ['api/contract'],
  queryFn: () => api.get('/api/contract', { schema: ContractResponseSchema }),
});

/** The client's current contract, or null when there is none. */
export function useContract() {
  return useQuery(contractQueryOptions);
}

/** POST /api/me/contract → {user}. */
export const acceptContract = (contractId: string) =>
  api.post('/api/me/contract', { contract_id: contractId }, { schema: MeResponseSchema });

/** POST /api/me/onboarding → {user}. */
export const completeOnboarding = (body: CompleteOnboardingRequest) =>
  api.post('/api/me/onboarding', body, { schema: MeResponseSchema });

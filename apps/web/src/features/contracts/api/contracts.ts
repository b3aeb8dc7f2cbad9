import {
  AdminContractsResponseSchema,
  type PublishContractRequest,
  PublishContractResponseSchema,
} from '@rally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/query-client';

/** Cache key of the contract versions; starts with the signed-in user's id, then the API path. */
export const contractsKey = (userId: string) => [userId, 'api/admin/contracts'] as const;

/** GET /api/admin/contracts (ADMIN only): current version, acceptance counts, versions. */
export const getContracts = () => api.get('/api/admin/contracts', { schema: AdminContractsResponseSchema });

export function useContracts(userId: string) {
  return useQuery({ queryKey: contractsKey(userId), queryFn: getContracts });
}

/** POST /api/admin/contracts: publishes the next version, current at once. */
export const publishContract = (body: PublishContractRequest) =>
  api.post('/api/admin/contracts', body, { schema: PublishContractResponseSchema });

export function usePublishContract(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishContract,
    // The session's client carries the current contract id: the admin, too, meets the gate for the new version.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contractsKey(userId) }),
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
      ]),
  });
}

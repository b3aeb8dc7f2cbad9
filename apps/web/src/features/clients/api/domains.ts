import {
  type ClientDomain,
  ClientDomainResponseSchema,
  type ClientDomainsResponse,
  ClientDomainsResponseSchema,
  OkResponseSchema,
  VerifyDomainResponseSchema,
} from '@rally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Cache key of the client's custom domains; starts with the signed-in user's id, then the API path. */
export const domainsKey = (userId: string) => [userId, 'api/admin/client/domains'] as const;
const path = (host: string) => `/api/admin/client/domains/${encodeURIComponent(host)}`;

/** GET /api/admin/client/domains (ADMIN only): the domains with their records and status, and the app's host. */
export const getDomains = () => api.get('/api/admin/client/domains', { schema: ClientDomainsResponseSchema });

export function useDomains(userId: string) {
  return useQuery({ queryKey: domainsKey(userId), queryFn: getDomains });
}

/** Puts one domain's new state into the cached list (added at the end when new). */
function useStoreDomain(userId: string) {
  const queryClient = useQueryClient();
  return (domain: ClientDomain) =>
    queryClient.setQueryData<ClientDomainsResponse>(domainsKey(userId), (old) => {
      if (!old) return old;
      const known = old.domains.some((d) => d.host === domain.host);
      const domains = known
        ? old.domains.map((d) => (d.host === domain.host ? domain : d))
        : [...old.domains, domain];
      return { ...old, domains };
    });
}

/** POST /api/admin/client/domains {host}: 400 naming host, 409 when a program already has it. */
export function useAddDomain(userId: string) {
  const store = useStoreDomain(userId);
  return useMutation({
    mutationFn: (host: string) =>
      api.post('/api/admin/client/domains', { host }, { schema: ClientDomainResponseSchema }),
    onSuccess: ({ domain }) => store(domain),
  });
}

/** POST …/:host/verify: checks DNS now; answers the domain and what the check found. */
export function useVerifyDomain(userId: string) {
  const store = useStoreDomain(userId);
  return useMutation({
    mutationFn: (host: string) =>
      api.post(`${path(host)}/verify`, undefined, { schema: VerifyDomainResponseSchema }),
    onSuccess: ({ domain }) => store(domain),
  });
}

/** POST …/:host/primary: the domain the program's links use (verified domains only); the list is read again. */
export function useMakePrimaryDomain(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (host: string) =>
      api.post(`${path(host)}/primary`, undefined, { schema: ClientDomainResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey(userId) }),
  });
}

/** DELETE …/:host: never the domain in use, nor the last verified one (409 with the reason). */
export function useRemoveDomain(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (host: string) => api.delete(path(host), { schema: OkResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainsKey(userId) }),
  });
}

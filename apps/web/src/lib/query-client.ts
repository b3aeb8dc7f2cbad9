import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Cache key of the signed-in user (kept here so the cache can refresh the session). */
export const ME_QUERY_KEY = ['api/me'] as const;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // The API client already retries safe requests on transient statuses; only retry offline failures here.
  return error instanceof ApiError && error.status === 0 && failureCount < 1;
}

/** Data is cached without revalidation on focus, reconnect or staleness (SPEC 9). */
export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // A 401 elsewhere means the session ended (revoked, expired): reload the user so the gate reacts.
      if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== ME_QUERY_KEY[0]) {
        void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      }
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      retry: shouldRetry,
    },
    mutations: { retry: false },
  },
});

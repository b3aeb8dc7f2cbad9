import { type DefaultOptions, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Cache key of the signed-in user (kept here so the cache can refresh the session). */
export const ME_QUERY_KEY = ['api/me'] as const;

function shouldRetry(failureCount: number, error: unknown): boolean {
  // The API client already retries safe requests on transient statuses; only retry offline failures here.
  return error instanceof ApiError && error.status === 0 && failureCount < 1;
}

/**
 * A query cache with the app's rules: data is cached without revalidation on focus, reconnect or staleness
 * (SPEC 9), and a 401 on any call reloads the session. `overrides` adjust the defaults (tests turn retries off).
 */
export function createQueryClient(overrides: DefaultOptions = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A 401 elsewhere means the session ended (revoked, expired): reload the user so the gate reacts.
        if (error instanceof ApiError && error.status === 401 && query.queryKey[0] !== ME_QUERY_KEY[0]) {
          void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: shouldRetry,
        ...overrides.queries,
      },
      mutations: { retry: false, ...overrides.mutations },
    },
  });
  return client;
}

/** The app's query cache. */
export const queryClient: QueryClient = createQueryClient();

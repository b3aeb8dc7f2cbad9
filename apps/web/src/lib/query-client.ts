import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // The API client already retries safe requests on transient statuses; only retry offline failures here.
  return error instanceof ApiError && error.status === 0 && failureCount < 1;
}

/** Data is cached without revalidation on focus, reconnect or staleness (SPEC 9). */
export const queryClient = new QueryClient({
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

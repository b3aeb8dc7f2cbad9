import { GUEST_ACCOUNT_REQUIRED } from '@rally/shared';
import { type DefaultOptions, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Cache key of the signed-in user (kept here so the cache can refresh the session). */
export const ME_QUERY_KEY = ['api/me'] as const;

/** Window event of a guest's write the server refused (403 guest_account_required); features/guests answers it. */
export const GUEST_PROMPT_EVENT = 'rally:guest-account-required';

/**
 * A mutation a guest may make (`meta: GUEST_ALLOWED`): signing up, logging in and the other steps of becoming a
 * member, and marking their notifications read. Every other one asks the guest to create an account before
 * anything is sent (the server would refuse it: plugins/app/guest-access.ts).
 */
export const GUEST_ALLOWED = { guestAllowed: true } as const;

/** The refusal a guest's write gets without a call, worded as the server's (SPEC 6). */
const guestRefusal = () =>
  new ApiError('Create an account to take part: guests can only look around.', 403, GUEST_ACCOUNT_REQUIRED);

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
    // Every guest's refused write, whichever page made it, opens the one "Create an account" dialog.
    mutationCache: new MutationCache({
      // Ask first, call nothing: a guest's write fails here, before its request, and opens the dialog below.
      onMutate: (_variables, mutation) => {
        const me = client.getQueryData<{ is_ghost?: boolean } | null>(ME_QUERY_KEY);
        if (me?.is_ghost && mutation.meta?.guestAllowed !== true) throw guestRefusal();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === GUEST_ACCOUNT_REQUIRED) {
          window.dispatchEvent(new Event(GUEST_PROMPT_EVENT));
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

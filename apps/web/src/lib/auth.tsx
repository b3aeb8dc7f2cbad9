import type { User } from '@rally/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { api } from './api-client';
import { ME_QUERY_KEY } from './query-client';
import { clearPreferences, clearToken, getDeviceId, hasSession, setToken } from './storage';

export { ME_QUERY_KEY };

export const meQueryOptions = queryOptions({
  queryKey: ME_QUERY_KEY,
  // Logged out (no token, no session cookie): known without asking.
  queryFn: () => (hasSession() ? api.getMe() : null),
  retry: false,
});

/** The session: loading, then the user or null when logged out (SPEC 4). */
export function useSession(): { user: User | null; isLoading: boolean; error: Error | null } {
  const query = useQuery(meQueryOptions);
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
}

/** The signed-in user, or null. */
export function useUser(): User | null {
  return useSession().user;
}

/** Stores a new session (after login or email verification) and makes it the current user. */
export function useStartSession() {
  const queryClient = useQueryClient();
  return useCallback(
    ({ user, token }: { user: User; token: string }) => {
      setToken(token);
      // Data cached for a previous visitor must not leak into the new session.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
      queryClient.setQueryData(ME_QUERY_KEY, user);
    },
    [queryClient],
  );
}

/** Replaces the cached user after a call that answers `{user}`. */
export function useSetUser() {
  const queryClient = useQueryClient();
  return useCallback((user: User) => queryClient.setQueryData(ME_QUERY_KEY, user), [queryClient]);
}

/**
 * Logout (SPEC 4): removes the device's push registration (failure ignored), clears stored preferences
 * but keeps the device id, posts logout, clears the user and all cached data, then goes to /login.
 * The token itself is dropped right after the logout call so that call can still revoke it.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const deviceId = getDeviceId();
    await api.delete(`/api/fcm/${encodeURIComponent(deviceId)}`).catch(() => undefined);
    clearPreferences({ keepToken: true });
    await api.post('/api/logout').catch((error: unknown) => console.warn('Logout call failed', error));
    clearToken();
    queryClient.clear();
    queryClient.setQueryData(ME_QUERY_KEY, null);
    await navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}

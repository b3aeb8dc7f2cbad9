import { VersionResponseSchema } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** How often the server version is checked for an update. */
export const VERSION_CHECK_MS = 10 * 60_000;

/** The version this web build was made from (root package.json). */
export const APP_VERSION: string = __APP_VERSION__;

/** True when the server runs another version than this build: "Update Ready" (SPEC 2, 7). */
export function useIsUpdateReady(): boolean {
  const query = useQuery({
    queryKey: ['api/version'],
    queryFn: () => api.get('/api/version', { schema: VersionResponseSchema }),
    refetchInterval: VERSION_CHECK_MS,
    retry: false,
  });
  return Boolean(query.data && query.data.version !== APP_VERSION);
}

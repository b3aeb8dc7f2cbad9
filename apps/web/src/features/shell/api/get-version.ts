import type { VersionResponse } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '../../../lib/api-client';
import { appUpdates } from '../utils/service-worker';

/** How often the server version is checked for an update. */
export const VERSION_CHECK_MS = 10 * 60_000;

/** The version this web build was made from (root package.json). */
export const APP_VERSION: string = __APP_VERSION__;

/**
 * True when an update is ready (SPEC 2, 7): the server runs another version than this build, or the service worker
 * has installed a new build that waits to take over.
 */
export function useIsUpdateReady(): boolean {
  const query = useQuery({
    queryKey: ['api/version'],
    queryFn: () => {
      // The same poll asks the service worker to look for a new build.
      appUpdates.checkForUpdate();
      return api.get<VersionResponse>('/api/version');
    },
    refetchInterval: VERSION_CHECK_MS,
    retry: false,
  });
  const isWorkerWaiting = useSyncExternalStore(appUpdates.subscribe, appUpdates.isUpdateWaiting, () => false);
  return isWorkerWaiting || Boolean(query.data && query.data.version !== APP_VERSION);
}

import { BootstrapResponseSchema } from '@rally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client';
import { useSetClient } from '../../../lib/client';
import { applyClientLive } from '../utils/apply-client';

/**
 * Re-reads GET /api/bootstrap and makes it the app's client: colours, words, favicon and the client context
 * (navigation, features) change in place, and cached data that depends on the client is fetched again.
 */
export function useReloadClient() {
  const setClient = useSetClient();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const { client } = await api.get('/api/bootstrap', { schema: BootstrapResponseSchema });
    applyClientLive(client);
    setClient(client);
    await queryClient.invalidateQueries();
  }, [queryClient, setClient]);
}

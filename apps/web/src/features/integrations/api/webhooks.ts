import {
  type CreateWebhookRequest,
  OkResponseSchema,
  type UpdateWebhookRequest,
  WebhookDeliveriesResponseSchema,
  WebhookDeliveryResponseSchema,
  WebhookResponseSchema,
  WebhookSecretResponseSchema,
  WebhooksResponseSchema,
} from '@rally/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Cache keys start with the signed-in user's id, then the API path. */
export const webhooksKey = (userId: string) => [userId, 'api/admin/webhooks'] as const;
const deliveriesKey = (userId: string, id: string) =>
  [userId, 'api/admin/webhooks', id, 'deliveries'] as const;

/** GET /api/admin/webhooks (ADMIN only): the client's endpoints, never their secrets. */
export function useWebhooks(userId: string) {
  return useQuery({
    queryKey: webhooksKey(userId),
    queryFn: () => api.get('/api/admin/webhooks', { schema: WebhooksResponseSchema }),
  });
}

function useWebhookMutation<T, R>(userId: string, mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(userId) }),
  });
}

/** POST /api/admin/webhooks: the answer carries the signing secret, this once. */
export const useCreateWebhook = (userId: string) =>
  useWebhookMutation(userId, (body: CreateWebhookRequest) =>
    api.post('/api/admin/webhooks', body, { schema: WebhookSecretResponseSchema }),
  );

/** PATCH /api/admin/webhooks/{id}: only what is given changes. */
export const useUpdateWebhook = (userId: string) =>
  useWebhookMutation(userId, ({ id, body }: { id: string; body: UpdateWebhookRequest }) =>
    api.patch(`/api/admin/webhooks/${id}`, body, { schema: WebhookResponseSchema }),
  );

/** DELETE /api/admin/webhooks/{id}. */
export const useDeleteWebhook = (userId: string) =>
  useWebhookMutation(userId, (id: string) =>
    api.delete(`/api/admin/webhooks/${id}`, { schema: OkResponseSchema }),
  );

/** POST /api/admin/webhooks/{id}/rotate-secret: a new secret, this once; the old one signs too for a day. */
export const useRotateWebhookSecret = (userId: string) =>
  useWebhookMutation(userId, (id: string) =>
    api.post(`/api/admin/webhooks/${id}/rotate-secret`, undefined, { schema: WebhookSecretResponseSchema }),
  );

/** POST /api/admin/webhooks/{id}/test: a signed ping, queued like any delivery. */
export function useTestWebhook(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/api/admin/webhooks/${id}/test`, undefined, { schema: WebhookDeliveryResponseSchema }),
    onSuccess: (_, id) => queryClient.invalidateQueries({ queryKey: deliveriesKey(userId, id) }),
  });
}

/** POST /api/admin/webhooks/{id}/deliveries/{deliveryId}/resend: the same message again, now. */
export function useResendDelivery(userId: string, webhookId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post(`/api/admin/webhooks/${webhookId}/deliveries/${deliveryId}/resend`, undefined, {
        schema: WebhookDeliveryResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(userId, webhookId) }),
  });
}

/** GET /api/admin/webhooks/{id}/deliveries: newest first, a page at a time; refreshed while one is pending. */
export function useWebhookDeliveries(userId: string, webhookId: string) {
  return useInfiniteQuery({
    queryKey: deliveriesKey(userId, webhookId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      api.get(`/api/admin/webhooks/${webhookId}/deliveries`, {
        query: { limit: 20, cursor: pageParam ?? undefined },
        schema: WebhookDeliveriesResponseSchema,
      }),
    getNextPageParam: (page) => page.next_cursor,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.deliveries.some((d) => d.status === 'pending'))
        ? 3000
        : false,
  });
}

import {
  AdminBadgeResponseSchema,
  AdminBadgesResponseSchema,
  type CreateBadgeRequest,
  type UpdateBadgeRequest,
} from '@rally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { badgeKeys, refreshBadges } from './badges-keys';

/** GET /api/admin/badges: live badges in members' order, then archived ones. */
export const getAdminBadges = () => api.get('/api/admin/badges', { schema: AdminBadgesResponseSchema });

export function useAdminBadges(userId: string) {
  return useQuery({ queryKey: badgeKeys.list(userId), queryFn: getAdminBadges });
}

/** POST /api/admin/badges → {badge}. */
export const createBadge = (body: CreateBadgeRequest) =>
  api.post('/api/admin/badges', body, { schema: AdminBadgeResponseSchema });

/** PATCH /api/admin/badges/{id} → {badge}: only the fields sent change (archived: true archives). */
export const updateBadge = ({ id, ...body }: UpdateBadgeRequest & { id: string }) =>
  api.patch(`/api/admin/badges/${id}`, body, { schema: AdminBadgeResponseSchema });

/** PUT /api/admin/badges/order → {badges}: the live badges in their new order. */
export const reorderBadges = (ids: string[]) =>
  api.request('/api/admin/badges/order', {
    method: 'PUT',
    body: { ids },
    schema: AdminBadgesResponseSchema,
  });

export function useCreateBadge(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBadge, onSuccess: () => refreshBadges(queryClient, userId) });
}

export function useUpdateBadge(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBadge, onSuccess: () => refreshBadges(queryClient, userId) });
}

export function useReorderBadges(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderBadges,
    onSuccess: (data) => queryClient.setQueryData(badgeKeys.list(userId), data),
  });
}

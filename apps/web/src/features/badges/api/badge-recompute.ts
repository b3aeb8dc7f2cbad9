import { BadgeRecomputeResponseSchema } from '@rally/shared';
import { api } from '../../../lib/api-client';

/** GET /api/admin/badges/{id}/recompute: how far re-evaluating every member after a criterion change is. */
export const getBadgeRecompute = (badgeId: string) =>
  api.get(`/api/admin/badges/${badgeId}/recompute`, { schema: BadgeRecomputeResponseSchema, retries: 2 });

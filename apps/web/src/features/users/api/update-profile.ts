import { MeResponseSchema, type UpdateMeRequest } from '@rally/shared';
import { api } from '../../../lib/api-client';

/** PATCH /api/me with profile fields → {user}. */
export const updateProfile = (body: UpdateMeRequest) =>
  api.patch('/api/me', body, { schema: MeResponseSchema });

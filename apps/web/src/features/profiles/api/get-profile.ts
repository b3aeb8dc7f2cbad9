import { ProfileResponseSchema } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from './profiles-keys';

/** GET /api/users/{id}/profile. */
export const getProfile = (personId: string) =>
  api.get(`/api/users/${encodeURIComponent(personId)}/profile`, { schema: ProfileResponseSchema });

export function useProfile(userId: string, personId: string) {
  return useQuery({
    queryKey: profileKeys.profile(userId, personId),
    queryFn: async () => (await getProfile(personId)).profile,
  });
}

import {
  AdminTeamsResponseSchema,
  AdminUsersResponseSchema,
  OkResponseSchema,
  type SaveSsoRequest,
  SsoSettingsResponseSchema,
} from '@rally/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Cache keys start with the signed-in user's id, then the API path. */
export const ssoKey = (userId: string) => [userId, 'api/admin/sso'] as const;

/** GET /api/admin/sso (ADMIN only): the settings without the secret, and the redirect URI to register. */
export const getSso = () => api.get('/api/admin/sso', { schema: SsoSettingsResponseSchema });

export function useSso(userId: string) {
  return useQuery({ queryKey: ssoKey(userId), queryFn: getSso });
}

/** PUT /api/admin/sso: saves the whole setting; an omitted client_secret keeps the stored one. */
export function useSaveSso(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSsoRequest) =>
      api.request('/api/admin/sso', { method: 'PUT', body, schema: SsoSettingsResponseSchema, retries: 0 }),
    onSuccess: (data) => queryClient.setQueryData(ssoKey(userId), data),
  });
}

/** DELETE /api/admin/sso: members sign in with passwords again. */
export function useRemoveSso(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete('/api/admin/sso', { schema: OkResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ssoKey(userId) }),
  });
}

/** What the group rules and the break-glass choice pick from: the client's teams and its active admins. */
export function useSsoChoices(userId: string) {
  return useQuery({
    queryKey: [userId, 'api/admin/sso', 'choices'],
    queryFn: async () => {
      const [teams, admins] = await Promise.all([
        api.get('/api/admin/teams', { schema: AdminTeamsResponseSchema }),
        api.get('/api/admin/users', {
          query: { role: 'ADMIN', status: 'active', limit: 100 },
          schema: AdminUsersResponseSchema,
        }),
      ]);
      return {
        teams: teams.teams.map((team) => ({ id: team.id, name: team.name })),
        admins: admins.users.map((u) => ({ id: u.id, name: u.display_name, email: u.email })),
      };
    },
  });
}

/** Cache keys of profiles; each starts with the signed-in user's id, then the API path. */
export const profileKeys = {
  profile: (userId: string, personId: string) => [userId, 'api/users', personId, 'profile'] as const,
};

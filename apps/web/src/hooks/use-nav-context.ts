import type { NavContext } from '@rally/shared';
import { useMemo } from 'react';
import { useUser } from '../lib/auth';
import { getFeatureIds, useClient } from '../lib/client';

/** What navigation visibility depends on (user, features, teams, community variant), for the shared rules. */
export function useNavContext(): NavContext {
  const client = useClient();
  const user = useUser();
  return useMemo(
    () => ({
      // A ghost user browses as a guest: the shared rules take null for one (no chat, SPEC 6).
      user: user && !user.is_ghost ? { role: user.role, team_tags: user.team_tags, email: user.email } : null,
      features: getFeatureIds(client),
      // The session's copy of the client is refreshed after a team change; the bootstrap copy is not.
      hasTeams: user?.client.has_teams ?? client.has_teams,
      communityVariant: client.config.community_variant,
    }),
    [client, user],
  );
}

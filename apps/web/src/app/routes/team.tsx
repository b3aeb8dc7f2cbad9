import { useParams } from 'react-router';
import { TeamView } from '../../features/community/components/team-view';
import { useUser } from '../../lib/auth';

/**
 * /community/teams/:teamId: the community feature's team page; the feed feature's team feed is composed in
 * here (features never import each other) once it is committed.
 */
export function TeamPage() {
  const user = useUser();
  const { teamId = '' } = useParams();
  if (!user) return null;
  return <TeamView userId={user.id} teamId={teamId} />;
}

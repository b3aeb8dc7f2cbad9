import { useParams } from 'react-router';
import { FeedList } from '../../features/posts/components/feed-list';
import { PostComposer } from '../../features/posts/components/post-composer';
import { TeamView } from '../../features/teams/components/team-view';
import { useUser } from '../../lib/auth';

/**
 * /community/teams/:teamId: the teams feature's team page with the posts feature's team feed composed in
 * here (features never import each other). Members write to it; others read what the server shows them.
 */
export function TeamPage() {
  const user = useUser();
  const { teamId = '' } = useParams();
  if (!user) return null;
  return (
    <TeamView
      userId={user.id}
      teamId={teamId}
      feed={(team) => (
        <div className="space-y-4">
          {team.isMember && <PostComposer teamId={team.id} />}
          <FeedList scope={{ teamId: team.id }} />
        </div>
      )}
    />
  );
}

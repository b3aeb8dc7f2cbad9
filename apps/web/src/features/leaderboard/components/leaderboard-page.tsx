import { useSearchParams } from 'react-router';
import { useUser } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import type { LeaderboardFilter } from '../api/get-leaderboard';
import { useMemberProjects } from '../api/get-member-projects';
import { parseLeaderboardFilter, toSearchParams } from '../utils/leaderboard-filter';
import { LeaderboardControls } from './leaderboard-controls';
import { LeaderboardRanking } from './leaderboard-ranking';

/** /community/leaderboard: points ranking of members or teams by period, optionally per project. */
export function LeaderboardPage() {
  const user = useUser();
  const client = useClient();
  const [params, setParams] = useSearchParams();
  const projects = useMemberProjects(user?.id ?? '');
  if (!user) return null;
  const filter = parseLeaderboardFilter(params, client.has_teams);
  const handleChange = (next: LeaderboardFilter) => setParams(toSearchParams(next), { replace: true });
  const joined = (projects.data?.projects ?? []).filter((p) => p.joined);
  return (
    <div className="space-y-5">
      <LeaderboardControls
        filter={filter}
        onChange={handleChange}
        hasTeams={client.has_teams}
        projects={joined}
      />
      <LeaderboardRanking user={user} filter={filter} />
    </div>
  );
}

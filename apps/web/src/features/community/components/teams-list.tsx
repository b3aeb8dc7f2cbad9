import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageLoader } from '../../../components/ui/page-loader';
import { useDiscoverTeams } from '../api/get-teams';
import { TeamCard } from './team-card';

type TeamEntry = { id: string; name: string; image_url: string | null };

function TeamGrid({ teams }: { teams: readonly TeamEntry[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {teams.map((team) => (
        <li key={team.id}>
          <TeamCard name={team.name} imageUrl={team.image_url} />
        </li>
      ))}
    </ul>
  );
}

interface TeamsListProps {
  userId: string;
  membership: readonly { team_id: string; name: string }[];
}

/** The user's teams (membership) and the client's other teams (GET /api/teams/discover). */
export function TeamsList({ userId, membership }: TeamsListProps) {
  const { t } = useTranslation();
  const query = useDiscoverTeams(userId);
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <Alert tone="error">{query.error.message}</Alert>;
  const memberIds = new Set(membership.map((entry) => entry.team_id));
  const byId = new Map(query.data.teams.map((team) => [team.id, team]));
  const mine = membership.map(
    (entry) => byId.get(entry.team_id) ?? { id: entry.team_id, name: entry.name, image_url: null },
  );
  const others = query.data.teams.filter((team) => !memberIds.has(team.id));
  const teamsWord = t('words.teams').toLocaleLowerCase();
  return (
    <div className="space-y-8">
      <section className="space-y-3">
        {/* The tab already says "My Teams"; the heading only tells the two lists apart. */}
        {others.length > 0 && <PageHeading title={t('community.myTeams')} />}
        {mine.length > 0 ? (
          <TeamGrid teams={mine} />
        ) : (
          <EmptyState
            icon={Users}
            title={t('community.noTeamTitle', { teams: teamsWord })}
            description={t('community.noTeamText', { teams: teamsWord })}
            headingLevel="h3"
          />
        )}
      </section>
      {others.length > 0 && (
        <section className="space-y-3">
          <PageHeading title={t('community.otherTeams')} />
          <TeamGrid teams={others} />
        </section>
      )}
    </div>
  );
}

import { Compass, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { showToast } from '../../../lib/toast';
import { useDiscoverTeams, useMyTeams } from '../api/get-teams';
import { useJoinTeam } from '../api/join-team';
import { TeamCard } from './team-card';
import { TeamsSkeleton } from './teams-skeleton';

/** The member's teams (with member count and all-time rank), then the teams they can join. */
export function TeamsList({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const mine = useMyTeams(userId);
  const teamsWord = t('words.teams').toLocaleLowerCase();
  return (
    <div className="space-y-8">
      <section className="space-y-3" aria-labelledby="my-teams-heading">
        <h2 id="my-teams-heading" className="sr-only">
          {t('community.myTeams')}
        </h2>
        {mine.isPending ? (
          <TeamsSkeleton />
        ) : mine.isError ? (
          <Alert tone="error">{mine.error.message}</Alert>
        ) : mine.data.length === 0 ? (
          <EmptyState
            icon={Users}
            title={t('community.noTeamTitle', { teams: teamsWord })}
            description={t('teams.noTeamJoin', { teams: teamsWord })}
            headingLevel="h3"
          />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {mine.data.map((team) => (
              <li key={team.id}>
                <TeamCard
                  id={team.id}
                  name={team.name}
                  imageUrl={team.image_url}
                  meta={t('teams.cardMeta', { count: team.member_count, rank: team.rank })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <DiscoverTeams userId={userId} />
    </div>
  );
}

/** Discoverable teams the member is not in, each with a Join button. */
function DiscoverTeams({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const query = useDiscoverTeams(userId);
  const join = useJoinTeam(userId);
  const handleJoin = (team: { id: string; name: string }) =>
    join.mutate(team.id, {
      onSuccess: () => showToast(t('teams.joined', { name: team.name }), { tone: 'success' }),
      onError: (error) => showToast(error.message, { tone: 'error' }),
    });
  return (
    <section className="space-y-3">
      <PageHeading title={t('teams.discoverTitle')} description={t('teams.discoverText')} />
      {query.isPending ? (
        <TeamsSkeleton count={2} />
      ) : query.isError ? (
        <Alert tone="error">{query.error.message}</Alert>
      ) : query.data.teams.length === 0 ? (
        <EmptyState
          icon={Compass}
          title={t('teams.discoverEmptyTitle')}
          description={t('teams.discoverEmptyText', { teams: t('words.teams').toLocaleLowerCase() })}
          headingLevel="h3"
        />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {query.data.teams.map((team) => (
            <li key={team.id}>
              <TeamCard
                id={team.id}
                name={team.name}
                imageUrl={team.image_url}
                action={
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => handleJoin(team)}
                    isLoading={join.isPending && join.variables === team.id}
                    aria-label={t('teams.joinNamed', { name: team.name })}
                  >
                    {t('teams.join')}
                  </Button>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

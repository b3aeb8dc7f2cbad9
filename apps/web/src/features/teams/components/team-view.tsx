import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiError } from '../../../lib/api-client';
import { useTeam } from '../api/get-team';
import { TeamHeader } from './team-header';
import { TeamMembers } from './team-members';
import { TeamStandings } from './team-standings';

interface TeamViewProps {
  userId: string;
  teamId: string;
  /** The team's feed, composed in by the route (features never import each other). */
  feed?: (team: { id: string; isMember: boolean }) => ReactNode;
}

/** A team's page: header with join/leave, its rank by period, its feed and its members. */
export function TeamView({ userId, teamId, feed }: TeamViewProps) {
  const { t } = useTranslation();
  const query = useTeam(userId, teamId);
  if (query.isPending) {
    return (
      <div className="space-y-4" aria-busy>
        <Skeleton className="h-32 w-full rounded-2xl" />
        <Skeleton className="h-24 w-full rounded-2xl" />
      </div>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <EmptyState
          icon={SearchX}
          title={t('teams.notFoundTitle', { team: t('words.team') })}
          description={t('teams.notFoundText')}
          action={
            <Link to="/community/teams" className="font-semibold text-brand-text hover:underline">
              {t('teams.backToTeams', { teams: t('words.teams') })}
            </Link>
          }
        />
      );
    }
    return <Alert tone="error">{query.error.message}</Alert>;
  }
  const { team } = query.data;
  return (
    <div className="space-y-6">
      <Link
        to="/community/teams"
        className="inline-block text-sm font-semibold text-brand-text hover:underline"
      >
        ← {t('teams.backToTeams', { teams: t('words.teams') })}
      </Link>
      <TeamHeader team={team} userId={userId} />
      <TeamStandings standings={team.standings} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-3">
          <h2 className="text-lg font-semibold text-slate-900">{t('teams.feedHeading')}</h2>
          {feed ? feed({ id: team.id, isMember: team.is_member }) : null}
        </div>
        <TeamMembers userId={userId} teamId={team.id} />
      </div>
    </div>
  );
}

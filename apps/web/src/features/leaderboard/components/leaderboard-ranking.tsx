import { getDisplayName, type User } from '@rally/shared';
import { clsx } from 'clsx';
import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { type LeaderboardFilter, useLeaderboard } from '../api/get-leaderboard';
import { isTied } from '../utils/leaderboard-filter';
import { LeaderboardSkeleton } from './leaderboard-skeleton';
import { MyStanding } from './my-standing';
import { PeriodDates } from './period-dates';
import { Podium } from './podium';
import { RankedRow } from './ranked-row';

/** The ranking of one filter: podium, the rows after it page by page, and the member's own standing. */
export function LeaderboardRanking({ user, filter }: { user: User; filter: LeaderboardFilter }) {
  const { t } = useTranslation();
  const query = useLeaderboard(user.id, filter);
  if (query.isPending) return <LeaderboardSkeleton />;
  if (query.isError)
    return (
      <Alert tone="error">
        <p>{t('leaderboard.loadError')}</p>
        <p className="text-xs">{query.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => query.refetch()}>
          {t('leaderboard.retry')}
        </Button>
      </Alert>
    );
  const pages = query.data.pages;
  const latest = pages.at(-1)!;
  const seen = new Set<string>();
  // Points can change between pages; a row that moved onto a later page is shown once.
  const entries = pages.flatMap((p) => p.entries).filter((e) => !seen.has(e.id) && seen.add(e.id));
  const isTeams = filter.scope === 'teams';
  const mine = new Set(isTeams ? latest.my_teams.map((m) => m.id) : [user.id]);
  const teams = t('words.teams').toLocaleLowerCase();
  const period = t(`leaderboard.emptyPeriod.${filter.period}`);

  if (entries.length === 0)
    return (
      <div className="space-y-3">
        <PeriodDates start={latest.period_start} end={latest.period_end} />
        <EmptyState
          icon={Trophy}
          title={
            isTeams
              ? t('leaderboard.emptyTeamsTitle', { teams, period })
              : t('leaderboard.emptyTitle', { period })
          }
          description={isTeams ? t('leaderboard.emptyTeamsText', { teams }) : t('leaderboard.emptyText')}
          action={
            <Link to="/projects" className={buttonClasses('primary')}>
              {t('leaderboard.browseProjects', { projects: t('words.projects').toLocaleLowerCase() })}
            </Link>
          }
        />
      </div>
    );

  const myTeam = latest.my_teams[0];
  const isMineShown = isTeams
    ? entries.some((e) => myTeam && e.id === myTeam.id)
    : entries.some((e) => e.id === user.id);
  const rest = entries.slice(3);
  return (
    <div
      aria-busy={query.isPlaceholderData || undefined}
      className={clsx('space-y-4 transition-opacity', query.isPlaceholderData && 'opacity-60')}
    >
      <PeriodDates start={latest.period_start} end={latest.period_end} />
      <Podium top={entries.slice(0, 3)} mine={mine} />
      {rest.length > 0 && (
        <section aria-label={t('leaderboard.ranking')}>
          <ol className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            {rest.map((entry, i) => (
              <RankedRow
                key={entry.id}
                entry={entry}
                topPoints={entries[0]!.points}
                isTied={isTied(entries, i + 3)}
                isMine={mine.has(entry.id)}
              />
            ))}
          </ol>
        </section>
      )}
      {query.hasNextPage && !query.isPlaceholderData && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => query.fetchNextPage()}
            isLoading={query.isFetchingNextPage}
          >
            {t('leaderboard.showMore')}
          </Button>
        </div>
      )}
      {!isMineShown && !isTeams && (
        <MyStanding
          label={t('leaderboard.yourRank')}
          name={getDisplayName(user)}
          imageUrl={user.image_url}
          rank={latest.me.rank}
          points={latest.me.points}
        />
      )}
      {!isMineShown && isTeams && myTeam && (
        <MyStanding
          label={t('leaderboard.yourTeam', { team: t('words.team').toLocaleLowerCase() })}
          name={myTeam.name}
          imageUrl={null}
          rank={myTeam.rank}
          points={myTeam.points}
        />
      )}
    </div>
  );
}

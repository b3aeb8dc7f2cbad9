import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTeamMembers } from '../api/get-team';

/** The team's members, page by page, each linking to their profile. */
export function TeamMembers({ userId, teamId }: { userId: string; teamId: string }) {
  const { t } = useTranslation();
  const query = useTeamMembers(userId, teamId);
  const members = query.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <section aria-labelledby="team-members-heading" className="space-y-3">
      <h2 id="team-members-heading" className="text-lg font-semibold text-slate-900">
        {t('teams.membersHeading')}
      </h2>
      {query.isPending ? (
        <Card className="space-y-3 p-4" aria-hidden>
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-3">
              <Skeleton className="size-10 rounded-full" />
              <Skeleton className="h-4 w-40" />
            </div>
          ))}
        </Card>
      ) : query.isError ? (
        <Alert tone="error">{query.error.message}</Alert>
      ) : members.length === 0 ? (
        <EmptyState icon={UserRound} title={t('teams.noMembers')} headingLevel="h3" />
      ) : (
        <Card className="divide-y divide-slate-100">
          <ul>
            {members.map((person) => (
              <li key={person.id}>
                <Link
                  to={`/people/${encodeURIComponent(person.id)}`}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-text"
                >
                  <Avatar imageUrl={person.image_url} name={person.display_name} />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{person.display_name}</span>
                    {person.location && (
                      <span className="block truncate text-sm text-slate-500">{person.location}</span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <div className="p-3 text-center">
              <Button
                variant="ghost"
                size="sm"
                onClick={() => void query.fetchNextPage()}
                isLoading={query.isFetchingNextPage}
              >
                {t('teams.moreMembers')}
              </Button>
            </div>
          )}
        </Card>
      )}
    </section>
  );
}

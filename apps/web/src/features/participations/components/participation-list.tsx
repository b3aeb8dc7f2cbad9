import type { User } from '@rally/shared';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useParticipations } from '../api/get-participations';
import type { ParticipationFilters } from '../api/query-keys';
import { ParticipationItem } from './participation-item';

interface ParticipationListProps {
  user: User;
  filters: ParticipationFilters;
  canOpenProject: boolean;
}

/** The filtered participations, newest first, with "Load more". */
export function ParticipationList({ user, filters, canOpenProject }: ParticipationListProps) {
  const { t } = useTranslation();
  const query = useParticipations(user.id, filters);

  if (query.isPending) {
    return (
      <div aria-hidden className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  // A failed "Load more" keeps the loaded items; only a failed first page replaces the list.
  if (!query.data) {
    return (
      <Alert tone="error">
        <p>{query.error?.message}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          {t('participation.retry')}
        </Button>
      </Alert>
    );
  }
  const items = query.data.pages.flatMap((page) => page.participations);
  const isFiltered = filters.status !== 'all' || filters.type !== 'all' || filters.projectId !== null;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title={t(isFiltered ? 'participation.emptyFilteredTitle' : 'participation.emptyTitle')}
        description={t(isFiltered ? 'participation.emptyFilteredText' : 'participation.emptyText', {
          project: t('words.project').toLocaleLowerCase(),
        })}
      />
    );
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {items.map((participation) => (
          <li key={participation.id}>
            <ParticipationItem user={user} participation={participation} canOpenProject={canOpenProject} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => void query.fetchNextPage()}
            isLoading={query.isFetchingNextPage}
          >
            {t('participation.loadMore')}
          </Button>
        </div>
      )}
      {query.isFetchNextPageError && <Alert tone="error">{query.error?.message}</Alert>}
    </div>
  );
}

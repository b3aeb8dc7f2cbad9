import { MODERATION_STATUSES, type ModerationStatus, type User } from '@rally/shared';
import { RefreshCw, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { useModerationQueue } from '../api/get-moderation-queue';
import { ModerationCard } from './moderation-card';

/** The moderation queue: waiting items by default, or the approved / removed ones with who decided when. */
export function ModerationQueue({ user }: { user: User }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: ModerationStatus = MODERATION_STATUSES.find((s) => s === asked) ?? 'pending';
  const query = useModerationQueue(user.id, status);
  const handleStatus = (next: ModerationStatus) => {
    const nextParams = new URLSearchParams();
    if (next !== 'pending') nextParams.set('status', next);
    setParams(nextParams, { replace: true });
  };

  return (
    <section className="space-y-4" aria-label={t('safety.sections.queue')}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SegmentedControl
          label={t('safety.queue.statusLabel')}
          options={MODERATION_STATUSES.map((value) => ({ value, label: t(`safety.queue.status.${value}`) }))}
          value={status}
          onChange={handleStatus}
        />
        {/* Cached data is not revalidated by itself (SPEC 9): new texts arrive on demand. */}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void query.refetch()}
          isLoading={query.isRefetching && !query.isFetchingNextPage}
        >
          {!query.isRefetching && <RefreshCw aria-hidden className="size-4" />}
          {t('safety.queue.refresh')}
        </Button>
      </div>
      <QueueItems user={user} status={status} query={query} />
    </section>
  );
}

function QueueItems({
  user,
  status,
  query,
}: {
  user: User;
  status: ModerationStatus;
  query: ReturnType<typeof useModerationQueue>;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div aria-hidden className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-36 w-full rounded-2xl" />
        ))}
      </div>
    );
  }
  if (!query.data) {
    return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  }
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    const isPending = status === 'pending';
    return (
      <EmptyState
        icon={ShieldCheck}
        title={t(isPending ? 'safety.queue.emptyTitle' : 'safety.queue.emptyDecidedTitle')}
        description={t(isPending ? 'safety.queue.emptyText' : 'safety.queue.emptyDecidedText')}
      />
    );
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.id}>
            <ModerationCard user={user} item={item} />
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
            {t('safety.loadMore')}
          </Button>
        </div>
      )}
      {query.isFetchNextPageError && <Alert tone="error">{query.error?.message}</Alert>}
    </div>
  );
}

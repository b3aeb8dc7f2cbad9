import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowDown, Newspaper } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { useInfiniteScroll } from '../../../hooks/use-infinite-scroll';
import { useUser } from '../../../lib/auth';
import { useFeed, useNewerPosts } from '../api/get-feed';
import { type FeedSource, feedKeys } from '../api/query-keys';
import { usePullToRefresh } from '../hooks/use-pull-to-refresh';
import { FeedSkeleton } from './feed-skeleton';
import { NewPostsPill } from './new-posts-pill';
import { PostCard } from './post-card';

interface FeedListProps {
  /** The client's feed, the people followed, or a team's feed. */
  scope: FeedSource;
  /** Shown when the feed has no posts (a default otherwise). */
  empty?: ReactNode;
  /** A post already shown above the list (opened from a notification), left out of it. */
  excludeId?: string | null;
}

/**
 * A feed: pinned announcements, then posts newest first with infinite scroll, pull-to-refresh on touch
 * screens and a "New posts" pill when newer posts appear (checked every minute).
 */
export function FeedList({ scope, empty, excludeId = null }: FeedListProps) {
  const { t } = useTranslation();
  const user = useUser();
  const userId = user?.id ?? '';
  const queryClient = useQueryClient();
  const feed = useFeed(userId, scope);
  const pages = feed.data?.pages ?? [];
  const pinned = pages[0]?.pinned ?? [];
  const posts = pages.flatMap((page) => page.posts).filter((post) => post.id !== excludeId);
  const firstId = pages[0]?.posts[0]?.id ?? null;
  // The first picture in view (the likely largest paint) loads at once: that of the first or second post shown.
  const priorityId = [...pinned, ...posts].slice(0, 2).find((post) => post.images.length > 0)?.id;
  const newer = useNewerPosts(userId, scope, firstId);
  const newerCount = newer.data?.posts.length ?? 0;
  const sentinel = useInfiniteScroll(() => {
    if (feed.hasNextPage && !feed.isFetchingNextPage) void feed.fetchNextPage();
  }, feed.hasNextPage === true);
  // Starting again from the first page (not refetching every loaded page).
  const reload = () => queryClient.resetQueries({ queryKey: feedKeys.list(userId, scope) });
  const pulling = usePullToRefresh(reload);

  const handleShowNewer = () => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    void reload();
  };

  if (feed.isPending) return <FeedSkeleton />;
  if (feed.isError)
    return (
      <Alert tone="error">
        <p>{feed.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => feed.refetch()}>
          {t('feed.retry')}
        </Button>
      </Alert>
    );

  return (
    <div className="space-y-4">
      {(pulling.pull > 0 || pulling.isRefreshing) && (
        <div
          className="flex items-center justify-center text-sm text-slate-500"
          style={{ height: pulling.isRefreshing ? 40 : pulling.pull }}
          aria-live="polite"
        >
          {pulling.isRefreshing ? (
            <Spinner label={t('feed.refreshing')} />
          ) : (
            <span className="flex items-center gap-1">
              <ArrowDown aria-hidden className={clsx('size-4 transition', pulling.isArmed && 'rotate-180')} />
              {pulling.isArmed ? t('feed.releaseToRefresh') : t('feed.pullToRefresh')}
            </span>
          )}
        </div>
      )}
      {newerCount > 0 && <NewPostsPill count={newerCount} onClick={handleShowNewer} />}
      {pinned.length > 0 && (
        <section aria-label={t('feed.pinnedTitle')} className="space-y-3">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
            {t('feed.pinnedTitle')}
          </h2>
          {pinned.map((post) => (
            <PostCard key={post.id} post={post} userId={userId} hasPriorityImage={post.id === priorityId} />
          ))}
        </section>
      )}
      {posts.length === 0 && pinned.length === 0 ? (
        (empty ?? (
          <EmptyState
            icon={Newspaper}
            title={t('feed.empty.title')}
            description={t('feed.empty.description')}
          />
        ))
      ) : (
        <section aria-label={t('feed.postsTitle')} className="space-y-4">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} userId={userId} hasPriorityImage={post.id === priorityId} />
          ))}
        </section>
      )}
      <div ref={sentinel} aria-hidden className="h-1" />
      {feed.isFetchingNextPage && (
        <div className="flex justify-center py-4">
          <Spinner label={t('feed.loadingMore')} />
        </div>
      )}
      {feed.hasNextPage && !feed.isFetchingNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" size="sm" onClick={() => feed.fetchNextPage()}>
            {t('feed.loadMore')}
          </Button>
        </div>
      )}
      {!feed.hasNextPage && posts.length > 0 && (
        <p className="py-4 text-center text-sm text-slate-500">{t('feed.end')}</p>
      )}
    </div>
  );
}

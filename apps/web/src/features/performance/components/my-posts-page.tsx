import {
  MY_POST_PERIODS,
  type MyPost,
  type MyPostPeriod,
  SOCIAL_CHANNELS,
  type SocialChannel,
} from '@rally/shared';
import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUser } from '../../../lib/auth';
import { type MyPostsFilters, useMyPosts } from '../api/get-my-posts';
import { MyPostCard } from './my-post-card';
import { MyPostConfirm } from './my-post-confirm';
import { MyPostsFilterBar } from './my-posts-filters';

/** The filters kept in the address (?channel=&project=&period=), so a reload or a shared link keeps them. */
function readFilters(params: URLSearchParams): MyPostsFilters {
  const channel = params.get('channel');
  const period = params.get('period');
  return {
    channel: SOCIAL_CHANNELS.includes(channel as SocialChannel) ? (channel as SocialChannel) : null,
    projectId: params.get('project'),
    period: MY_POST_PERIODS.includes(period as MyPostPeriod) ? (period as MyPostPeriod) : 'all',
  };
}

function toParams(filters: MyPostsFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.channel) params.channel = filters.channel;
  if (filters.projectId) params.project = filters.projectId;
  if (filters.period !== 'all') params.period = filters.period;
  return params;
}

function ListSkeleton() {
  return (
    <div className="space-y-3" aria-hidden>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-48 w-full rounded-2xl" />
      ))}
    </div>
  );
}

/** /performance/posts: every share the member made, newest first, filtered by network, project and period. */
export function MyPostsPage() {
  const user = useUser();
  return user ? <MyPosts userId={user.id} /> : null;
}

export function MyPosts({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const query = useMyPosts(userId, filters);
  const [confirming, setConfirming] = useState<MyPost | null>(null);
  const isFiltered = Object.keys(toParams(filters)).length > 0;
  const posts = query.data?.pages.flatMap((page) => page.shares) ?? [];

  let body: React.ReactNode;
  if (query.isPending) body = <ListSkeleton />;
  else if (query.isError && posts.length === 0) {
    body = <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else if (posts.length === 0) {
    body = isFiltered ? (
      <EmptyState
        icon={Share2}
        title={t('myPosts.emptyFilteredTitle')}
        description={t('myPosts.emptyFilteredText')}
        action={
          <Button variant="secondary" onClick={() => setParams({})}>
            {t('myPosts.clearFilters')}
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={Share2}
        title={t('myPosts.emptyTitle')}
        description={t('myPosts.emptyText')}
        action={<ButtonLink to="/projects">{t('myPosts.browseProjects')}</ButtonLink>}
      />
    );
  } else {
    body = (
      <>
        <ul aria-label={t('myPosts.listLabel')} aria-busy={query.isPlaceholderData} className="space-y-3">
          {posts.map((post) => (
            <li key={post.id}>
              <MyPostCard post={post} onConfirm={setConfirming} />
            </li>
          ))}
        </ul>
        {query.isFetchNextPageError && <Alert tone="error">{query.error?.message}</Alert>}
        {query.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              isLoading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('myPosts.loadMore')}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">{t('myPosts.intro')}</p>
      <MyPostsFilterBar
        userId={userId}
        filters={filters}
        onChange={(next) => setParams(toParams(next), { replace: true })}
      />
      {body}
      {confirming && <MyPostConfirm userId={userId} post={confirming} onClose={() => setConfirming(null)} />}
    </div>
  );
}

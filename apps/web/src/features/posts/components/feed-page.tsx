import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { useUser } from '../../../lib/auth';
import { usePost } from '../api/get-post';
import { FeedList } from './feed-list';
import { FeedSkeleton } from './feed-skeleton';
import { PostCard } from './post-card';
import { PostComposer } from './post-composer';

/** /community/feed: the composer and the client's feed; `?post={id}` (a notification's link) shows that post first. */
export function FeedPage() {
  const { t } = useTranslation();
  const user = useUser();
  const [params] = useSearchParams();
  const postId = params.get('post');
  const linked = usePost(user?.id ?? '', postId);
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="sr-only">{t('feed.title')}</h1>
      <PostComposer />
      {postId && linked.isPending && <FeedSkeleton count={1} />}
      {postId && linked.isError && <Alert tone="error">{linked.error.message}</Alert>}
      {linked.data && <PostCard post={linked.data.post} userId={user?.id ?? ''} isHighlighted />}
      <FeedList scope="all" excludeId={linked.data?.post.id ?? null} />
    </div>
  );
}

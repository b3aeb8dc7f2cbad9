import { COMMENT_BODY_MAX_LENGTH, type Mention } from '@rally/shared';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { showToast } from '../../../lib/toast';
import { keptMentions } from '../../../utils/rich-text';
import { useComments, useCreateComment } from '../api/comments';
import { CommentItem } from './comment-item';
import { MentionTextarea } from './mention-textarea';

/** A post's comments, oldest first with "earlier comments" above, and a composer of its own. */
export function CommentsSection({ postId, userId }: { postId: string; userId: string }) {
  const { t } = useTranslation();
  const query = useComments(userId, postId, true);
  const create = useCreateComment(userId, postId);
  const [body, setBody] = useState('');
  const [mentions, setMentions] = useState<Mention[]>([]);
  // Pages come newest first; shown oldest first, so the newest is next to the composer.
  const comments = (query.data?.pages ?? []).flatMap((page) => page.comments).reverse();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    create.mutate(
      { body, mentions: keptMentions(body, mentions).map((m) => m.id) },
      {
        onSuccess: ({ comment }) => {
          setBody('');
          setMentions([]);
          if (comment.status === 'held') showToast(t('feed.comments.held'), { duration: 'long' });
        },
        onError: (e) => showToast(e.message, { tone: 'error', duration: 'long' }),
      },
    );
  };

  return (
    <section aria-label={t('feed.comments.title')} className="space-y-3 border-t border-slate-100 pt-3">
      {query.hasNextPage && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => query.fetchNextPage()}
          isLoading={query.isFetchingNextPage}
        >
          {t('feed.comments.earlier')}
        </Button>
      )}
      {query.isPending && (
        <div className="space-y-2">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-10 w-2/3" />
        </div>
      )}
      {query.isError && <Alert tone="error">{query.error.message}</Alert>}
      {comments.length > 0 && (
        <ul className="space-y-3">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} userId={userId} />
          ))}
        </ul>
      )}
      <form onSubmit={handleSubmit} className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <MentionTextarea
            value={body}
            onChange={setBody}
            mentions={mentions}
            onMentionsChange={setMentions}
            label={t('feed.comments.label')}
            placeholder={t('feed.comments.placeholder')}
            rows={1}
            maxLength={COMMENT_BODY_MAX_LENGTH}
            className="text-sm"
          />
        </div>
        <Button
          type="submit"
          size="md"
          isLoading={create.isPending}
          disabled={!body.trim()}
          aria-label={t('feed.comments.send')}
        >
          <SendHorizontal aria-hidden className="size-4" />
        </Button>
      </form>
    </section>
  );
}

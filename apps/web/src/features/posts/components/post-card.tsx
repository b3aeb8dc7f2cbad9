import { type Mention, POST_BODY_MAX_LENGTH, type Post } from '@rally/shared';
import { clsx } from 'clsx';
import { Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionsMenu } from '../../../components/ui/actions-menu';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LinkPreviewCard } from '../../../components/ui/link-preview-card';
import { RichText } from '../../../components/ui/rich-text';
import { showToast } from '../../../lib/toast';
import { keptMentions } from '../../../utils/rich-text';
import { useDeletePost, usePinPost, useUpdatePost } from '../api/write-post';
import { CommentsSection } from './comments-section';
import { MentionTextarea } from './mention-textarea';
import { PostImages } from './post-images';
import { ReactionBar } from './reaction-bar';
import { TimeAgo } from './time-ago';

interface PostCardProps {
  post: Post;
  userId: string;
  /** Opened from a notification: outlined, comments open. */
  isHighlighted?: boolean;
  /** The page's first picture in view: loaded at once and at high priority. */
  hasPriorityImage?: boolean;
}

/** A feed post: author, time, text, pictures, link preview, reactions, comments, and the viewer's actions. */
export function PostCard({ post, userId, isHighlighted = false, hasPriorityImage = false }: PostCardProps) {
  const { t } = useTranslation();
  const [isCommentsOpen, setIsCommentsOpen] = useState(isHighlighted);
  const [draft, setDraft] = useState<{ body: string; mentions: Mention[] } | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const update = useUpdatePost(userId);
  const remove = useDeletePost(userId);
  const pin = usePinPost(userId);
  const name = post.author.display_name;
  const fail = (error: Error) => showToast(error.message, { tone: 'error', duration: 'long' });
  const isPinned = post.pinned_at !== null;

  const actions = [
    post.abilities.can_edit && {
      label: t('feed.actions.edit'),
      icon: Pencil,
      onSelect: () => setDraft({ body: post.body, mentions: post.mentions }),
    },
    post.abilities.can_pin && {
      label: isPinned ? t('feed.actions.unpin') : t('feed.actions.pin'),
      icon: isPinned ? PinOff : Pin,
      onSelect: () => pin.mutate({ postId: post.id, isPinned: !isPinned }, { onError: fail }),
    },
    post.abilities.can_delete && {
      label: t('feed.actions.delete'),
      icon: Trash2,
      onSelect: () => setIsConfirming(true),
      isDanger: true,
    },
  ];

  const handleSave = () => {
    if (!draft) return;
    update.mutate(
      {
        postId: post.id,
        body: draft.body,
        mentions: keptMentions(draft.body, draft.mentions).map((m) => m.id),
      },
      { onSuccess: () => setDraft(null), onError: fail },
    );
  };

  return (
    <article
      aria-label={t('feed.post.label', { name })}
      className={clsx(
        'space-y-3 rounded-2xl border bg-white p-4 shadow-xs',
        isHighlighted ? 'border-brand-text ring-2 ring-brand/20' : 'border-slate-200',
      )}
    >
      <header className="flex items-start gap-3">
        <Link to={`/people/${post.author.id}`} className="shrink-0">
          <Avatar imageUrl={post.author.image_url} name={name} />
        </Link>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <Link to={`/people/${post.author.id}`} className="font-semibold text-slate-900 hover:underline">
              {name}
            </Link>
            {post.kind !== 'post' && (
              <span className="text-sm text-slate-500">{t(`feed.post.kind.${post.kind}`)}</span>
            )}
          </p>
          <p className="flex flex-wrap items-center gap-2">
            <TimeAgo iso={post.created_at} />
            {post.edited_at && <span className="text-xs text-slate-500">{t('feed.post.edited')}</span>}
            {isPinned && <Badge tone="brand">{t('feed.post.pinned')}</Badge>}
            {post.status === 'held' && <Badge tone="warning">{t('feed.post.held')}</Badge>}
          </p>
        </div>
        <ActionsMenu label={t('feed.post.menu', { name })} actions={actions} />
      </header>

      {draft ? (
        <div className="space-y-2">
          <MentionTextarea
            value={draft.body}
            onChange={(body) => setDraft({ ...draft, body })}
            mentions={draft.mentions}
            onMentionsChange={(mentions) => setDraft({ ...draft, mentions })}
            label={t('feed.post.editLabel')}
            maxLength={POST_BODY_MAX_LENGTH}
            autoFocus
          />
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="secondary" onClick={() => setDraft(null)}>
              {t('feed.actions.cancel')}
            </Button>
            <Button size="sm" onClick={handleSave} isLoading={update.isPending}>
              {t('feed.actions.save')}
            </Button>
          </div>
        </div>
      ) : (
        post.body && <RichText text={post.body} mentions={post.mentions} />
      )}
      <PostImages images={post.images} authorName={name} hasPriorityImage={hasPriorityImage} />
      {post.link && <LinkPreviewCard link={post.link} />}
      <ReactionBar
        post={post}
        userId={userId}
        isCommentsOpen={isCommentsOpen}
        onToggleComments={() => setIsCommentsOpen((open) => !open)}
      />
      {isCommentsOpen && post.status === 'published' && <CommentsSection postId={post.id} userId={userId} />}

      <ConfirmDialog
        isOpen={isConfirming}
        title={t('feed.post.deleteTitle')}
        description={t('feed.post.deleteDescription')}
        confirmLabel={t('feed.actions.delete')}
        cancelLabel={t('feed.actions.cancel')}
        isPending={remove.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() => remove.mutate(post.id, { onSuccess: () => setIsConfirming(false), onError: fail })}
      />
    </article>
  );
}

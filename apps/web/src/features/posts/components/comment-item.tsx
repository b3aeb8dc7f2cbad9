import { COMMENT_BODY_MAX_LENGTH, type Comment, type Mention } from '@rally/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionsMenu } from '../../../components/ui/actions-menu';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RichText } from '../../../components/ui/rich-text';
import { showToast } from '../../../lib/toast';
import { keptMentions } from '../../../utils/rich-text';
import { useDeleteComment, useUpdateComment } from '../api/comments';
import { MentionTextarea } from './mention-textarea';
import { TimeAgo } from './time-ago';

/** One comment: author, time, text, and the author's edit or the author's and admins' removal. */
export function CommentItem({ comment, userId }: { comment: Comment; userId: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ body: string; mentions: Mention[] } | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const update = useUpdateComment(userId);
  const remove = useDeleteComment(userId);
  const name = comment.author.display_name;
  const actions = [
    comment.abilities.can_edit && {
      label: t('feed.actions.edit'),
      icon: Pencil,
      onSelect: () => setDraft({ body: comment.body, mentions: comment.mentions }),
    },
    comment.abilities.can_delete && {
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
        commentId: comment.id,
        body: draft.body,
        mentions: keptMentions(draft.body, draft.mentions).map((m) => m.id),
      },
      {
        onSuccess: () => setDraft(null),
        onError: (e) => showToast(e.message, { tone: 'error', duration: 'long' }),
      },
    );
  };
  return (
    <li className="flex gap-2.5">
      <Link to={`/people/${comment.author.id}`} className="shrink-0">
        <Avatar imageUrl={comment.author.image_url} name={name} size="sm" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="rounded-2xl bg-slate-100 px-3 py-2">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <Link
                to={`/people/${comment.author.id}`}
                className="text-sm font-semibold text-slate-900 hover:underline"
              >
                {name}
              </Link>
              {comment.status === 'held' && (
                <span className="ml-2 text-xs font-medium text-amber-700">{t('feed.post.held')}</span>
              )}
            </div>
            <ActionsMenu label={t('feed.comments.menu', { name })} actions={actions} />
          </div>
          {draft ? (
            <div className="mt-1 space-y-2">
              <MentionTextarea
                value={draft.body}
                onChange={(body) => setDraft({ ...draft, body })}
                mentions={draft.mentions}
                onMentionsChange={(mentions) => setDraft({ ...draft, mentions })}
                label={t('feed.comments.editLabel')}
                rows={2}
                maxLength={COMMENT_BODY_MAX_LENGTH}
                autoFocus
              />
              <div className="flex justify-end gap-2">
                <Button size="sm" variant="secondary" onClick={() => setDraft(null)}>
                  {t('feed.actions.cancel')}
                </Button>
                <Button
                  size="sm"
                  onClick={handleSave}
                  isLoading={update.isPending}
                  disabled={!draft.body.trim()}
                >
                  {t('feed.actions.save')}
                </Button>
              </div>
            </div>
          ) : (
            <RichText text={comment.body} mentions={comment.mentions} className="text-sm" />
          )}
        </div>
        <div className="mt-0.5 flex gap-2 px-3">
          <TimeAgo iso={comment.created_at} />
          {comment.edited_at && <span className="text-xs text-slate-500">{t('feed.post.edited')}</span>}
        </div>
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('feed.comments.deleteTitle')}
        description={t('feed.comments.deleteDescription')}
        confirmLabel={t('feed.actions.delete')}
        cancelLabel={t('feed.actions.cancel')}
        isPending={remove.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          remove.mutate(comment.id, {
            onSuccess: () => setIsConfirming(false),
            onError: (e) => showToast(e.message, { tone: 'error', duration: 'long' }),
          })
        }
      />
    </li>
  );
}

import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { type Post, REACTION_KINDS, type ReactionKind } from '@rally/shared';
import { clsx } from 'clsx';
import {
  Heart,
  Lightbulb,
  type LucideIcon,
  MessageCircle,
  PartyPopper,
  SmilePlus,
  ThumbsUp,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useSetReaction } from '../api/set-reaction';

/** Icon and colour of each reaction kind. */
export const REACTION_ICONS: Record<ReactionKind, { icon: LucideIcon; color: string }> = {
  like: { icon: ThumbsUp, color: 'text-sky-600' },
  love: { icon: Heart, color: 'text-rose-600' },
  celebrate: { icon: PartyPopper, color: 'text-amber-600' },
  insightful: { icon: Lightbulb, color: 'text-emerald-600' },
};

function ReactionIcon({ kind, className }: { kind: ReactionKind; className?: string }) {
  const { icon: Icon, color } = REACTION_ICONS[kind];
  return <Icon aria-hidden className={clsx('size-4', color, className)} />;
}

const action =
  'inline-flex h-10 items-center gap-1.5 rounded-xl px-3 text-sm font-medium text-slate-600 transition hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-text';

interface ReactionBarProps {
  post: Post;
  userId: string;
  isCommentsOpen: boolean;
  onToggleComments: () => void;
}

/** Counts and actions of a post: react (a quick like, or a kind from the picker), and open the comments. */
export function ReactionBar({ post, userId, isCommentsOpen, onToggleComments }: ReactionBarProps) {
  const { t } = useTranslation();
  const react = useSetReaction(userId);
  const isPublished = post.status === 'published';
  const choose = (kind: ReactionKind | null) =>
    react.mutate(
      { postId: post.id, kind },
      { onError: (error) => showToast(error.message, { tone: 'error', duration: 'long' }) },
    );
  const top = REACTION_KINDS.filter((k) => post.reactions[k] > 0);
  return (
    <div className="space-y-1">
      {(post.reaction_count > 0 || post.comment_count > 0) && (
        <div className="flex items-center justify-between px-1 text-sm text-slate-500">
          <span className="flex items-center gap-1">
            {top.length > 0 && (
              <span className="flex -space-x-1">
                {top.map((k) => (
                  <span
                    key={k}
                    className="flex size-5 items-center justify-center rounded-full bg-white ring-1 ring-slate-200"
                  >
                    <ReactionIcon kind={k} className="size-3" />
                  </span>
                ))}
              </span>
            )}
            {post.reaction_count > 0 && (
              <span>{t('feed.reactions.count', { count: post.reaction_count })}</span>
            )}
          </span>
          {post.comment_count > 0 && (
            <button type="button" onClick={onToggleComments} className="hover:underline">
              {t('feed.comments.count', { count: post.comment_count })}
            </button>
          )}
        </div>
      )}
      {isPublished && (
        <div className="flex items-center gap-1 border-t border-slate-100 pt-1">
          <button
            type="button"
            aria-pressed={post.my_reaction !== null}
            disabled={react.isPending}
            onClick={() => choose(post.my_reaction ? null : 'like')}
            className={clsx(action, post.my_reaction && 'text-brand-text')}
          >
            {post.my_reaction ? (
              <ReactionIcon kind={post.my_reaction} />
            ) : (
              <ThumbsUp aria-hidden className="size-4" />
            )}
            {post.my_reaction ? t(`feed.reactions.kinds.${post.my_reaction}`) : t('feed.reactions.like')}
          </button>
          <Popover className="relative">
            <PopoverButton className={clsx(action, 'px-2')} aria-label={t('feed.reactions.choose')}>
              <SmilePlus aria-hidden className="size-4" />
            </PopoverButton>
            <PopoverPanel
              anchor="top start"
              className="z-40 flex gap-1 rounded-2xl border border-slate-200 bg-white p-1.5 shadow-lg [--anchor-gap:6px]"
            >
              {({ close }) => (
                <>
                  {REACTION_KINDS.map((kind) => (
                    <button
                      key={kind}
                      type="button"
                      aria-pressed={post.my_reaction === kind}
                      aria-label={t(`feed.reactions.kinds.${kind}`)}
                      title={t(`feed.reactions.kinds.${kind}`)}
                      onClick={() => {
                        choose(post.my_reaction === kind ? null : kind);
                        close();
                      }}
                      className={clsx(
                        'flex size-11 items-center justify-center rounded-xl transition hover:scale-110 hover:bg-slate-100',
                        post.my_reaction === kind && 'bg-brand/10',
                      )}
                    >
                      <ReactionIcon kind={kind} className="size-6" />
                    </button>
                  ))}
                </>
              )}
            </PopoverPanel>
          </Popover>
          <button type="button" aria-expanded={isCommentsOpen} onClick={onToggleComments} className={action}>
            <MessageCircle aria-hidden className="size-4" />
            {t('feed.comments.comment')}
          </button>
        </div>
      )}
    </div>
  );
}

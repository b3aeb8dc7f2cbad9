import { CHAT_MESSAGE_MAX_LENGTH, type ChatMessage, type ChatReactionEmoji } from '@rally/shared';
import { clsx } from 'clsx';
import { Flag, MessageSquareReply, Pencil, Quote, ShieldX, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionsMenu } from '../../../components/ui/actions-menu';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LinkPreviewCard } from '../../../components/ui/link-preview-card';
import { RichText } from '../../../components/ui/rich-text';
import { showToast } from '../../../lib/toast';
import { formatDateTime } from '../../../utils/format-date';
import { keptMentions } from '../../../utils/rich-text';
import type { useMessageActions } from '../api/message-actions';
import { messageTime } from '../utils/conversation';
import { ReportDialog } from './message-dialogs';
import { Attachments, QuoteBlock } from './message-extras';
import { ReactionChips, ReactionPicker } from './reactions';

export type MessageActions = ReturnType<typeof useMessageActions>;

export interface MessageItemProps {
  message: ChatMessage;
  actions: MessageActions;
  /** Follows a message of the same author: no avatar and name row. */
  isContinuation?: boolean;
  /** Opened by a link (`scroll`): outlined for a moment. */
  isHighlighted?: boolean;
  /** The thread under it has replies the viewer has not read (GET /api/chat/seen `threads`). */
  hasUnreadReplies?: boolean;
  /** Opens the thread under it; absent inside a thread. */
  onOpenThread?: (id: string) => void;
  /** Quotes it in the composer; absent when the viewer cannot write here. */
  onQuote?: (message: ChatMessage) => void;
  /** Scrolls to a message on screen (a quote's original). */
  onJump: (id: string) => void;
}

/**
 * One message: author, time, text with mentions and hashtags, quote, files, link preview, reactions, its thread's
 * replies, "edited" and "message deleted"; the viewer's actions (as the server's abilities allow: an admin also
 * removes others' messages, after confirming). Its element carries the message id (id="message-{id}",
 * data-message-id), so links can scroll to it.
 */
export function MessageItem({
  message,
  actions,
  isContinuation = false,
  isHighlighted = false,
  hasUnreadReplies = false,
  onOpenThread,
  onQuote,
  onJump,
}: MessageItemProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  /** Which confirmation is open: the author's delete, or an admin's removal (moderation). */
  const [confirming, setConfirming] = useState<'delete' | 'remove' | null>(null);
  const [isReporting, setIsReporting] = useState(false);
  const name = message.author?.display_name ?? t('chat.title.unknown');
  const fail = (error: Error) => showToast(error.message, { tone: 'error', duration: 'long' });
  const can = message.abilities;
  const isLive = !message.deleted && message.status === 'published';

  const toggleReaction = (emoji: ChatReactionEmoji, isOn: boolean) =>
    actions.react.mutate({ id: message.id, emoji, isOn }, { onError: fail });
  const handleSave = () => {
    if (draft === null) return;
    actions.edit.mutate(
      { id: message.id, body: draft, mentions: keptMentions(draft, message.mentions).map((m) => m.id) },
      { onSuccess: () => setDraft(null), onError: fail },
    );
  };
  const handleEditKeys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') setDraft(null);
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      handleSave();
    }
  };

  return (
    <article
      id={`message-${message.id}`}
      data-message-id={message.id}
      aria-label={t('chat.message.label', { name })}
      className={clsx(
        'group relative flex gap-3 rounded-xl px-3 transition-colors',
        isContinuation ? 'py-0.5' : 'pt-2 pb-0.5',
        isHighlighted ? 'bg-amber-50 ring-2 ring-amber-300' : 'hover:bg-slate-50',
      )}
    >
      <div className="w-8 shrink-0">
        {!isContinuation && <Avatar imageUrl={message.author?.image_url} name={name} size="sm" />}
      </div>
      <div className="min-w-0 flex-1">
        <p className={clsx(isContinuation && 'sr-only')}>
          <span className="font-semibold text-slate-900">{name}</span>{' '}
          <time
            dateTime={message.created_at}
            title={formatDateTime(message.created_at, i18n.language)}
            className="whitespace-nowrap text-xs text-slate-600"
          >
            {messageTime(message.created_at, i18n.language)}
          </time>
        </p>
        {message.quote && !message.deleted && <QuoteBlock quote={message.quote} onJump={onJump} />}
        {message.deleted ? (
          <p className="text-sm text-slate-600 italic">{t('chat.message.deleted')}</p>
        ) : draft !== null ? (
          <div className="space-y-2 py-1">
            <textarea
              aria-label={t('chat.message.editLabel')}
              value={draft}
              maxLength={CHAT_MESSAGE_MAX_LENGTH}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={handleEditKeys}
              // biome-ignore lint/a11y/noAutofocus: the member just chose Edit; the text is what they act on.
              autoFocus
              rows={2}
              className="block w-full resize-y rounded-xl border border-slate-300 bg-white px-3 py-2 text-base focus:border-brand-text focus:outline-none focus:ring-3 focus:ring-brand/25"
            />
            <div className="flex justify-end gap-2">
              <Button size="sm" variant="secondary" onClick={() => setDraft(null)}>
                {t('chat.actions.cancel')}
              </Button>
              <Button
                size="sm"
                onClick={handleSave}
                isLoading={actions.edit.isPending}
                disabled={!draft.trim()}
              >
                {t('chat.actions.save')}
              </Button>
            </div>
          </div>
        ) : (
          message.body && (
            <RichText text={message.body} mentions={message.mentions} className="text-[0.9375rem]" />
          )
        )}
        {(message.edited_at || message.status === 'held') && !message.deleted && (
          <p className="flex flex-wrap items-center gap-2">
            {message.edited_at && <span className="text-xs text-slate-600">{t('chat.message.edited')}</span>}
            {message.status === 'held' && <Badge tone="warning">{t('chat.message.held')}</Badge>}
          </p>
        )}
        {!message.deleted && <Attachments attachments={message.attachments} authorName={name} />}
        {message.link && !message.deleted && <LinkPreviewCard link={message.link} layout="compact" />}
        <ReactionChips message={message} onToggle={toggleReaction} />
        {onOpenThread && message.reply_count > 0 && (
          <button
            type="button"
            onClick={() => onOpenThread(message.id)}
            className="mt-1 inline-flex items-center gap-1.5 rounded-lg px-1.5 py-1 text-sm font-semibold text-brand-text hover:bg-brand/10"
          >
            {hasUnreadReplies && <span aria-hidden className="size-2 rounded-full bg-red-600" />}
            {t('chat.thread.replies', { count: message.reply_count })}
            {hasUnreadReplies && <span className="sr-only">{t('chat.thread.unread')}</span>}
          </button>
        )}
      </div>
      {!message.deleted && (
        <div className="flex shrink-0 items-start">
          {can.can_react && <ReactionPicker message={message} onToggle={toggleReaction} />}
          <ActionsMenu
            size="sm"
            label={t('chat.message.menu', { name })}
            actions={[
              !!onOpenThread &&
                can.can_reply && {
                  label: t('chat.actions.reply'),
                  icon: MessageSquareReply,
                  onSelect: () => onOpenThread(message.id),
                },
              !!onQuote &&
                isLive && {
                  label: t('chat.actions.quote'),
                  icon: Quote,
                  onSelect: () => onQuote(message),
                },
              can.can_edit && {
                label: t('chat.actions.edit'),
                icon: Pencil,
                onSelect: () => setDraft(message.body),
              },
              can.can_report && {
                label: t('chat.actions.report'),
                icon: Flag,
                onSelect: () => setIsReporting(true),
              },
              can.can_delete && {
                label: t('chat.actions.delete'),
                icon: Trash2,
                onSelect: () => setConfirming('delete'),
                isDanger: true,
              },
              can.can_remove && {
                label: t('chat.actions.remove'),
                icon: ShieldX,
                onSelect: () => setConfirming('remove'),
                isDanger: true,
              },
            ]}
          />
        </div>
      )}
      {confirming === 'delete' && (
        <ConfirmDialog
          isOpen
          title={t('chat.delete.title')}
          description={t('chat.delete.description')}
          confirmLabel={t('chat.actions.delete')}
          cancelLabel={t('chat.actions.cancel')}
          isPending={actions.deleteOwn.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            actions.deleteOwn.mutate(message.id, { onSuccess: () => setConfirming(null), onError: fail })
          }
        />
      )}
      {confirming === 'remove' && (
        <ConfirmDialog
          isOpen
          title={t('chat.remove.title')}
          description={t('chat.remove.description', { name })}
          confirmLabel={t('chat.actions.remove')}
          cancelLabel={t('chat.actions.cancel')}
          isPending={actions.moderate.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            actions.moderate.mutate(message.id, { onSuccess: () => setConfirming(null), onError: fail })
          }
        />
      )}
      {isReporting && (
        <ReportDialog
          authorName={name}
          isPending={actions.report.isPending}
          error={actions.report.error?.message ?? null}
          onClose={() => {
            actions.report.reset();
            setIsReporting(false);
          }}
          onReport={(reason) =>
            actions.report.mutate(
              { id: message.id, reason },
              {
                onSuccess: () => {
                  setIsReporting(false);
                  showToast(t('chat.report.done'), { tone: 'success' });
                },
              },
            )
          }
        />
      )}
    </article>
  );
}

import type { ChatMessage } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { getMessageQueryOptions } from '../api/get-messages';
import { useMessageActions } from '../api/message-actions';
import type { ChatScope } from '../api/query-keys';
import { Composer } from './composer';
import type { MentionSource } from './mention-input';
import { MessageItem } from './message-item';
import { MessageList } from './message-list';
import { TypingIndicator } from './typing-indicator';

interface ThreadPanelProps {
  userId: string;
  scope: ChatScope;
  conversationId: string;
  threadId: string;
  /** A reply to scroll to. */
  targetId: string | null;
  canPost: boolean;
  mentionSource: MentionSource;
  nameOf: (userId: string) => string | null;
  me: { name: string; imageUrl: string | null };
  onClose: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** A thread: its first message, the replies (paged like a conversation) and a composer of its own. */
export function ThreadPanel(props: ThreadPanelProps) {
  const { userId, scope, conversationId, threadId } = props;
  const { t } = useTranslation();
  const root = useQuery(getMessageQueryOptions(userId, scope, threadId));
  const actions = useMessageActions(userId, scope);
  const [quote, setQuote] = useState<ChatMessage | null>(null);
  const rootMessage = root.data?.message;
  const canPost = props.canPost && rootMessage?.abilities.can_reply !== false;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
        <div className="min-w-0 flex-1">
          <h2
            ref={props.headingRef}
            tabIndex={-1}
            className="font-semibold text-slate-900 focus:outline-none"
          >
            {t('chat.thread.title')}
          </h2>
          {rootMessage && (
            <p className="truncate text-xs text-slate-600">
              {t('chat.thread.replies', { count: rootMessage.reply_count })}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={props.onClose}
          aria-label={t('chat.thread.close')}
          className="flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
      {root.isError ? (
        <div className="p-4">
          <Alert tone="error">{root.error.message}</Alert>
        </div>
      ) : (
        <>
          <MessageList
            userId={userId}
            scope={scope}
            conversationId={conversationId}
            parentId={threadId}
            lastReadId={null}
            targetId={props.targetId}
            label={t('chat.thread.repliesLabel')}
            me={props.me}
            empty={<p className="px-2 text-center text-sm text-slate-600">{t('chat.thread.empty')}</p>}
            before={
              <div className="border-b border-slate-200 pb-2">
                {rootMessage ? (
                  <MessageItem
                    message={rootMessage}
                    actions={actions}
                    onQuote={canPost ? setQuote : undefined}
                    onJump={() => undefined}
                  />
                ) : (
                  <div className="flex gap-3 p-3" aria-hidden>
                    <Skeleton className="size-8 rounded-full" />
                    <Skeleton className="h-10 flex-1" />
                  </div>
                )}
              </div>
            }
            onQuote={canPost ? setQuote : undefined}
          />
          <TypingIndicator conversationId={conversationId} parentId={threadId} nameOf={props.nameOf} />
          {canPost && (
            <Composer
              userId={userId}
              scope={scope}
              conversationId={conversationId}
              parentId={threadId}
              label={t('chat.thread.composerLabel')}
              placeholder={t('chat.thread.placeholder')}
              mentionSource={props.mentionSource}
              quote={quote}
              onClearQuote={() => setQuote(null)}
            />
          )}
        </>
      )}
    </div>
  );
}

import { getDisplayName } from '@rally/shared';
import { ArrowLeft, CheckCheck, NotebookPen, RotateCcw } from 'lucide-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUser } from '../../../lib/auth';
import { showToast } from '../../../lib/toast';
import { useInboxConversation, useUpdateInboxConversation } from '../api/inbox';
import { useNameOf } from '../hooks/use-name-of';
import { AssigneeSelect } from './assignee-select';
import { CannedRepliesMenu } from './canned-replies-menu';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { TypingIndicator } from './typing-indicator';

interface BrandConversationPaneProps {
  userId: string;
  conversationId: string;
  targetId: string | null;
  isNotesOpen: boolean;
  onToggleNotes: () => void;
  onBack: () => void;
  onOpenThread: (id: string) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * A member's line as the brand team answers it: the member, who it is assigned to, resolve or reopen, the internal
 * notes, the messages (threads open beside them) and a reply composer with the canned replies.
 */
export function BrandConversationPane(props: BrandConversationPaneProps) {
  const { userId, conversationId } = props;
  const { t } = useTranslation();
  const user = useUser();
  const query = useInboxConversation(userId, conversationId);
  const update = useUpdateInboxConversation(userId);
  const conversation = query.data?.conversation;
  const member = conversation?.member ?? null;
  const nameOf = useNameOf(userId, 'brand', conversationId, member ? [member] : []);
  const me = { name: user ? getDisplayName(user) : '', imageUrl: user?.image_url ?? null };
  const fail = (error: Error) => showToast(error.message, { tone: 'error', duration: 'long' });

  const back = (
    <button
      type="button"
      onClick={props.onBack}
      aria-label={t('chat.inbox.back')}
      className="flex size-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 lg:hidden"
    >
      <ArrowLeft aria-hidden className="size-5" />
    </button>
  );
  if (!conversation)
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
          {back}
          {!query.isError && <Skeleton className="h-5 w-40" />}
        </div>
        {query.isError && (
          <div className="p-4">
            <Alert tone="error">{query.error.message}</Alert>
          </div>
        )}
      </div>
    );

  const name = member?.display_name ?? t('chat.title.unknown');
  const isResolved = conversation.status === 'resolved';
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="space-y-2 border-b border-slate-200 px-3 py-2">
        <div className="flex items-center gap-2">
          {back}
          <span aria-hidden className="hidden sm:block">
            <Avatar imageUrl={member?.image_url} name={name} />
          </span>
          <div className="min-w-0 flex-1">
            <h2
              ref={props.headingRef}
              tabIndex={-1}
              className="truncate font-semibold text-slate-900 focus:outline-none"
            >
              {name}
            </h2>
            <p className="text-xs text-slate-600">{t('chat.inbox.line')}</p>
          </div>
          <Badge tone={isResolved ? 'success' : 'info'}>
            {t(`chat.inbox.status.${conversation.status}`)}
          </Badge>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <AssigneeSelect
            userId={userId}
            assignee={conversation.assignee}
            disabled={update.isPending}
            onChange={(assigneeId) =>
              update.mutate(
                { id: conversation.id, assignee_id: assigneeId },
                { onSuccess: () => showToast(t('chat.inbox.assigned')), onError: fail },
              )
            }
          />
          <div className="flex items-center gap-1.5">
            <Button
              variant={props.isNotesOpen ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={props.isNotesOpen}
              onClick={props.onToggleNotes}
            >
              <NotebookPen aria-hidden className="size-4" />
              {t('chat.notes.open')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              isLoading={update.isPending && update.variables?.status !== undefined}
              onClick={() =>
                update.mutate(
                  { id: conversation.id, status: isResolved ? 'open' : 'resolved' },
                  {
                    onSuccess: () =>
                      showToast(isResolved ? t('chat.inbox.reopened') : t('chat.inbox.resolvedDone')),
                    onError: fail,
                  },
                )
              }
            >
              {isResolved ? (
                <RotateCcw aria-hidden className="size-4" />
              ) : (
                <CheckCheck aria-hidden className="size-4" />
              )}
              {isResolved ? t('chat.inbox.reopen') : t('chat.inbox.resolve')}
            </Button>
          </div>
        </div>
      </div>
      <MessageList
        userId={userId}
        scope="brand"
        conversationId={conversation.id}
        parentId={null}
        lastReadId={conversation.last_read_message_id}
        targetId={props.targetId}
        label={t('chat.messagesLabel', { name })}
        me={me}
        empty={<p className="py-10 text-center text-sm text-slate-600">{t('chat.inbox.noMessages')}</p>}
        onOpenThread={props.onOpenThread}
      />
      <TypingIndicator conversationId={conversation.id} parentId={null} nameOf={nameOf} />
      <Composer
        userId={userId}
        scope="brand"
        conversationId={conversation.id}
        parentId={null}
        label={t('chat.inbox.replyLabel', { name })}
        placeholder={t('chat.inbox.replyPlaceholder')}
        mentionSource={member ? [member] : []}
        tools={(insert) => <CannedRepliesMenu userId={userId} onInsert={insert} />}
      />
    </div>
  );
}

import {
  CHAT_TITLE_MAX_LENGTH,
  type ChatConversation,
  type ChatMessage,
  getDisplayName,
} from '@rally/shared';
import { ArrowLeft, Bell, BellOff, MessageSquare, Pencil, Users } from 'lucide-react';
import { type FormEvent, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionsMenu } from '../../../components/ui/actions-menu';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Skeleton } from '../../../components/ui/skeleton';
import { useUser } from '../../../lib/auth';
import { useClient } from '../../../lib/client';
import { showToast } from '../../../lib/toast';
import { useConversation, useUpdateConversation } from '../api/conversations';
import { useNameOf } from '../hooks/use-name-of';
import { conversationTitle } from '../utils/conversation';
import { Composer } from './composer';
import { ConversationAvatar } from './conversation-avatar';
import { GroupMembersDialog } from './group-members-dialog';
import { MessageList } from './message-list';
import { TypingIndicator } from './typing-indicator';

interface ConversationPaneProps {
  userId: string;
  conversationId: string;
  /** A message to scroll to. */
  targetId: string | null;
  unreadThreads: ReadonlySet<string>;
  onBack: () => void;
  onOpenThread: (id: string) => void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** Renaming a group conversation ('' clears the title, which then shows the names). */
function RenameDialog({
  conversation,
  userId,
  onClose,
}: {
  conversation: ChatConversation;
  userId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(conversation.title ?? '');
  const update = useUpdateConversation(userId);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: conversation.id, title: title.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal
      isOpen
      onClose={() => !update.isPending && onClose()}
      title={t('chat.rename.title')}
      closeLabel={t('chat.actions.cancel')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            {t('chat.actions.cancel')}
          </Button>
          <Button type="submit" form="chat-rename-form" isLoading={update.isPending}>
            {t('chat.actions.save')}
          </Button>
        </>
      }
    >
      <form id="chat-rename-form" onSubmit={handleSubmit} className="space-y-3">
        <Field label={t('chat.rename.label')} hint={t('chat.rename.hint')}>
          {(control) => (
            <Input
              {...control}
              value={title}
              maxLength={CHAT_TITLE_MAX_LENGTH}
              onChange={(event) => setTitle(event.target.value)}
            />
          )}
        </Field>
        {update.isError && <Alert tone="error">{update.error.message}</Alert>}
      </form>
    </Modal>
  );
}

/**
 * The open conversation: its header (back on phones, name, mute, rename and a group's members), messages, typing and
 * the composer.
 */
export function ConversationPane(props: ConversationPaneProps) {
  const { userId, conversationId } = props;
  const { t } = useTranslation();
  const client = useClient();
  const user = useUser();
  const query = useConversation(userId, conversationId);
  const update = useUpdateConversation(userId);
  const [quote, setQuote] = useState<ChatMessage | null>(null);
  const [isRenaming, setIsRenaming] = useState(false);
  const [isMembersOpen, setIsMembersOpen] = useState(false);
  const conversation = query.data?.conversation;
  const nameOf = useNameOf(userId, 'member', conversationId, conversation?.members ?? []);
  const me = { name: user ? getDisplayName(user) : '', imageUrl: user?.image_url ?? null };

  const back = (
    <button
      type="button"
      onClick={props.onBack}
      aria-label={t('chat.back')}
      className="flex size-10 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 lg:hidden"
    >
      <ArrowLeft aria-hidden className="size-5" />
    </button>
  );
  if (!conversation) {
    return (
      <div className="flex min-h-0 flex-1 flex-col">
        <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
          {back}
          {query.isError ? null : <Skeleton className="h-5 w-40" />}
        </div>
        {query.isError && (
          <div className="p-4">
            <Alert tone="error">{query.error.message}</Alert>
          </div>
        )}
      </div>
    );
  }
  const title = conversationTitle(conversation, userId, t, client.name);
  const fail = (error: Error) => showToast(error.message, { tone: 'error', duration: 'long' });
  const toggleMute = () =>
    update.mutate(
      { id: conversation.id, muted: !conversation.muted },
      {
        onSuccess: ({ conversation: c }) => showToast(c.muted ? t('chat.mute.done') : t('chat.mute.undone')),
        onError: fail,
      },
    );
  const subtitle =
    conversation.kind === 'brand'
      ? t('chat.subtitle.brand')
      : conversation.kind === 'direct'
        ? t('chat.subtitle.direct')
        : t('chat.subtitle.members', { count: conversation.member_count });
  const mentionSource =
    conversation.kind === 'team' || conversation.kind === 'project' ? 'contacts' : conversation.members;

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
        {back}
        <span aria-hidden className="hidden sm:block">
          <ConversationAvatar conversation={conversation} viewerId={userId} title={title} />
        </span>
        <div className="min-w-0 flex-1">
          <h2
            ref={props.headingRef}
            tabIndex={-1}
            className="truncate font-semibold text-slate-900 focus:outline-none"
          >
            {title}
          </h2>
          <p className="flex items-center gap-1.5 truncate text-xs text-slate-600">
            {conversation.muted && <BellOff aria-hidden className="size-3.5" />}
            {conversation.muted ? t('chat.list.muted') : subtitle}
          </p>
        </div>
        <ActionsMenu
          size="sm"
          label={t('chat.conversationMenu', { name: title })}
          actions={[
            {
              label: conversation.muted ? t('chat.mute.off') : t('chat.mute.on'),
              icon: conversation.muted ? Bell : BellOff,
              onSelect: toggleMute,
            },
            conversation.abilities.can_rename && {
              label: t('chat.rename.open'),
              icon: Pencil,
              onSelect: () => setIsRenaming(true),
            },
            conversation.kind === 'group' && {
              label: t('chat.members.open'),
              icon: Users,
              onSelect: () => setIsMembersOpen(true),
            },
          ]}
        />
      </div>
      <MessageList
        userId={userId}
        scope="member"
        conversationId={conversation.id}
        parentId={null}
        lastReadId={conversation.last_read_message_id}
        targetId={props.targetId}
        label={t('chat.messagesLabel', { name: title })}
        me={me}
        empty={
          <div className="flex flex-col items-center gap-2 py-10 text-center">
            <MessageSquare aria-hidden className="size-8 text-brand-text" />
            <p className="font-semibold text-slate-900">{t('chat.emptyTitle')}</p>
            <p className="text-sm text-slate-600">{t('chat.emptyText', { name: title })}</p>
          </div>
        }
        unreadThreads={props.unreadThreads}
        onOpenThread={props.onOpenThread}
        onQuote={conversation.abilities.can_post ? setQuote : undefined}
      />
      <TypingIndicator conversationId={conversation.id} parentId={null} nameOf={nameOf} />
      {conversation.abilities.can_post ? (
        <Composer
          userId={userId}
          scope="member"
          conversationId={conversation.id}
          parentId={null}
          label={t('chat.composer.label', { name: title })}
          placeholder={t('chat.composer.placeholder')}
          mentionSource={mentionSource}
          quote={quote}
          onClearQuote={() => setQuote(null)}
        />
      ) : (
        <p className="border-t border-slate-200 p-4 text-sm text-slate-600">{t('chat.closed')}</p>
      )}
      {isRenaming && (
        <RenameDialog conversation={conversation} userId={userId} onClose={() => setIsRenaming(false)} />
      )}
      {isMembersOpen && (
        <GroupMembersDialog
          conversation={conversation}
          userId={userId}
          onClose={() => setIsMembersOpen(false)}
          onLeft={() => {
            setIsMembersOpen(false);
            props.onBack();
          }}
        />
      )}
    </div>
  );
}

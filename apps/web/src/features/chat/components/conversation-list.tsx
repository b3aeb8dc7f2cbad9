import type { ChatConversation } from '@rally/shared';
import { BellOff, MessagesSquare, SquarePen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useClient } from '../../../lib/client';
import { useConversations } from '../api/conversations';
import { conversationTitle, messagePreview } from '../utils/conversation';
import { ConversationAvatar } from './conversation-avatar';
import { ConversationRow, ConversationRowsSkeleton, LoadMoreFooter } from './conversation-row';

interface ConversationListProps {
  userId: string;
  activeId: string | null;
  /** The address of a conversation (keeps the page's other parameters). */
  hrefOf: (id: string) => string;
  headingId: string;
  onNew: () => void;
}

/** One conversation in the list: picture, name, last message, time, unread count and muted mark. */
function MemberConversationRow({
  conversation,
  userId,
  isActive,
  href,
}: {
  conversation: ChatConversation;
  userId: string;
  isActive: boolean;
  href: string;
}) {
  const { t } = useTranslation();
  const client = useClient();
  const title = conversationTitle(conversation, userId, t, client.name);
  return (
    <ConversationRow
      id={conversation.id}
      href={href}
      isActive={isActive}
      avatar={<ConversationAvatar conversation={conversation} viewerId={userId} title={title} />}
      title={title}
      at={conversation.last_message?.created_at ?? conversation.created_at}
      preview={messagePreview(conversation.last_message, conversation, userId, t)}
      unread={conversation.unread}
      marks={
        conversation.muted && (
          <BellOff role="img" aria-label={t('chat.list.muted')} className="size-4 shrink-0 text-slate-600" />
        )
      }
    />
  );
}

/** The member's conversations, most recently active first, as a navigation of links (SPEC 7 pages). */
export function ConversationList({ userId, activeId, hrefOf, headingId, onNew }: ConversationListProps) {
  const { t } = useTranslation();
  const query = useConversations(userId);
  const conversations = query.data?.pages.flatMap((page) => page.conversations) ?? [];

  if (query.isPending) return <ConversationRowsSkeleton rows={5} />;
  if (query.isError)
    return (
      <div className="p-3">
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  if (conversations.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 px-6 py-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand/10 text-brand-text">
          <MessagesSquare aria-hidden className="size-6" />
        </span>
        <p className="font-semibold text-slate-900">{t('chat.list.emptyTitle')}</p>
        <p className="text-sm text-slate-600">{t('chat.list.emptyText')}</p>
        <Button size="sm" onClick={onNew}>
          <SquarePen aria-hidden className="size-4" />
          {t('chat.new.open')}
        </Button>
      </div>
    );
  return (
    <nav aria-labelledby={headingId} className="min-h-0 flex-1 overflow-y-auto">
      <ul className="divide-y divide-slate-100">
        {conversations.map((conversation) => (
          <MemberConversationRow
            key={conversation.id}
            conversation={conversation}
            userId={userId}
            isActive={conversation.id === activeId}
            href={hrefOf(conversation.id)}
          />
        ))}
      </ul>
      <LoadMoreFooter
        hasMore={query.hasNextPage}
        isLoading={query.isFetchingNextPage}
        onMore={() => void query.fetchNextPage()}
        label={t('chat.loadMore')}
        loadingLabel={t('chat.loadingMore')}
      />
    </nav>
  );
}

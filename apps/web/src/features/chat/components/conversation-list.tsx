import type { ChatConversation } from '@rally/shared';
import { clsx } from 'clsx';
import { BellOff, MessagesSquare, SquarePen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { useClient } from '../../../lib/client';
import { useConversations } from '../api/conversations';
import { conversationTitle, messagePreview, shortTime } from '../utils/conversation';
import { ConversationAvatar } from './conversation-avatar';

interface ConversationListProps {
  userId: string;
  activeId: string | null;
  /** The address of a conversation (keeps the page's other parameters). */
  hrefOf: (id: string) => string;
  headingId: string;
  onNew: () => void;
}

/** One conversation in the list: picture, name, last message, time, unread count and muted mark. */
function ConversationRow({
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
  const { t, i18n } = useTranslation();
  const client = useClient();
  const title = conversationTitle(conversation, userId, t, client.name);
  const at = conversation.last_message?.created_at ?? conversation.created_at;
  const isUnread = conversation.unread > 0;
  return (
    <li>
      <Link
        id={`conversation-link-${conversation.id}`}
        to={href}
        aria-current={isActive ? 'page' : undefined}
        className={clsx(
          'flex items-center gap-3 px-3 py-2.5 transition focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-text',
          isActive ? 'bg-brand/10' : 'hover:bg-slate-50',
        )}
      >
        <span aria-hidden className="shrink-0">
          <ConversationAvatar conversation={conversation} viewerId={userId} title={title} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={clsx('truncate text-slate-900', isUnread ? 'font-bold' : 'font-semibold')}>
              {title}
            </span>
            <time dateTime={at} className="shrink-0 text-xs text-slate-600">
              {shortTime(at, i18n.language)}
            </time>
          </span>
          <span className="flex items-center gap-2">
            <span
              className={clsx(
                'min-w-0 flex-1 truncate text-sm',
                isUnread ? 'text-slate-900' : 'text-slate-600',
              )}
            >
              {messagePreview(conversation.last_message, conversation, userId, t)}
            </span>
            {conversation.muted && (
              <BellOff
                role="img"
                aria-label={t('chat.list.muted')}
                className="size-4 shrink-0 text-slate-600"
              />
            )}
            {isUnread && (
              <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand px-1.5 text-xs font-bold text-brand-contrast">
                <span aria-hidden>{conversation.unread > 99 ? '99+' : conversation.unread}</span>
                <span className="sr-only">{t('chat.list.unread', { count: conversation.unread })}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The member's conversations, most recently active first, as a navigation of links (SPEC 7 pages). */
export function ConversationList({ userId, activeId, hrefOf, headingId, onNew }: ConversationListProps) {
  const { t } = useTranslation();
  const query = useConversations(userId);
  const conversations = query.data?.pages.flatMap((page) => page.conversations) ?? [];

  if (query.isPending)
    return (
      <ul className="space-y-1 p-3" aria-hidden>
        {[0, 1, 2, 3, 4].map((n) => (
          <li key={n} className="flex items-center gap-3 py-2">
            <Skeleton className="size-10 rounded-full" />
            <span className="flex-1 space-y-2">
              <Skeleton className="h-3.5 w-2/3" />
              <Skeleton className="h-3 w-5/6" />
            </span>
          </li>
        ))}
      </ul>
    );
  if (query.isError)
    return (
      <div className="p-3">
        <Alert tone="error">
          <p>{query.error.message}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            {t('chat.retry')}
          </Button>
        </Alert>
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
          <ConversationRow
            key={conversation.id}
            conversation={conversation}
            userId={userId}
            isActive={conversation.id === activeId}
            href={hrefOf(conversation.id)}
          />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="flex justify-center p-3">
          {query.isFetchingNextPage ? (
            <Spinner label={t('chat.loadingMore')} />
          ) : (
            <Button variant="ghost" size="sm" onClick={() => void query.fetchNextPage()}>
              {t('chat.loadMore')}
            </Button>
          )}
        </div>
      )}
    </nav>
  );
}

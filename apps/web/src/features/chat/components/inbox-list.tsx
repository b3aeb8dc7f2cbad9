import type { ChatInboxConversation, ChatInboxStatus } from '@rally/shared';
import { clsx } from 'clsx';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { useInbox } from '../api/inbox';
import type { InboxBox } from '../api/query-keys';
import { messagePreview, shortTime } from '../utils/conversation';

interface InboxListProps {
  userId: string;
  box: InboxBox;
  status: ChatInboxStatus;
  onBox: (box: InboxBox) => void;
  onStatus: (status: ChatInboxStatus) => void;
  activeId: string | null;
  hrefOf: (id: string) => string;
  headingId: string;
}

function InboxRow({
  item,
  userId,
  isActive,
  href,
}: {
  item: ChatInboxConversation;
  userId: string;
  isActive: boolean;
  href: string;
}) {
  const { t, i18n } = useTranslation();
  const name = item.member?.display_name ?? t('chat.title.unknown');
  const at = item.last_message?.created_at ?? item.created_at;
  const isUnread = item.unread > 0;
  return (
    <li>
      <Link
        id={`conversation-link-${item.id}`}
        to={href}
        aria-current={isActive ? 'page' : undefined}
        className={clsx(
          'flex items-center gap-3 px-3 py-2.5 transition focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-text',
          isActive ? 'bg-brand/10' : 'hover:bg-slate-50',
        )}
      >
        <span aria-hidden>
          <Avatar imageUrl={item.member?.image_url} name={name} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={clsx('truncate text-slate-900', isUnread ? 'font-bold' : 'font-semibold')}>
              {name}
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
              {messagePreview(item.last_message, { kind: 'group' }, userId, t)}
            </span>
            {isUnread && (
              <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand px-1.5 text-xs font-bold text-brand-contrast">
                <span aria-hidden>{item.unread > 99 ? '99+' : item.unread}</span>
                <span className="sr-only">{t('chat.list.unread', { count: item.unread })}</span>
              </span>
            )}
          </span>
          <span className="block truncate text-xs text-slate-600">
            {item.assignee
              ? t('chat.inbox.assignedTo', {
                  name: item.assignee.id === userId ? t('chat.inbox.you') : item.assignee.display_name,
                })
              : t('chat.inbox.unassigned')}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The brand team's inbox: members' lines by box (unassigned, mine, all) and status, most recently active first. */
export function InboxList(props: InboxListProps) {
  const { t } = useTranslation();
  const query = useInbox(props.userId, props.box, props.status);
  const items = query.data?.pages.flatMap((page) => page.conversations) ?? [];
  return (
    <>
      <div className="space-y-2 border-b border-slate-200 p-2.5">
        <SegmentedControl<InboxBox>
          label={t('chat.inbox.boxLabel')}
          value={props.box}
          onChange={props.onBox}
          options={[
            { value: 'unassigned', label: t('chat.inbox.box.unassigned') },
            { value: 'mine', label: t('chat.inbox.box.mine') },
            { value: 'all', label: t('chat.inbox.box.all') },
          ]}
          className="flex w-full [&>*]:flex-1 [&>*]:text-center"
        />
        <SegmentedControl<ChatInboxStatus>
          label={t('chat.inbox.statusLabel')}
          value={props.status}
          onChange={props.onStatus}
          options={[
            { value: 'open', label: t('chat.inbox.status.open') },
            { value: 'resolved', label: t('chat.inbox.status.resolved') },
          ]}
          className="flex w-full [&>*]:flex-1 [&>*]:text-center"
        />
      </div>
      {query.isPending ? (
        <ul className="space-y-1 p-3" aria-hidden>
          {[0, 1, 2].map((n) => (
            <li key={n} className="flex items-center gap-3 py-2">
              <Skeleton className="size-10 rounded-full" />
              <span className="flex-1 space-y-2">
                <Skeleton className="h-3.5 w-2/3" />
                <Skeleton className="h-3 w-5/6" />
              </span>
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <div className="p-3">
          <Alert tone="error">
            <p>{query.error.message}</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
              {t('chat.retry')}
            </Button>
          </Alert>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-6 py-10 text-center">
          <Inbox aria-hidden className="size-8 text-brand-text" />
          <p className="font-semibold text-slate-900">{t(`chat.inbox.empty.${props.status}`)}</p>
          <p className="text-sm text-slate-600">{t('chat.inbox.emptyText')}</p>
        </div>
      ) : (
        <nav aria-labelledby={props.headingId} className="min-h-0 flex-1 overflow-y-auto">
          <ul className="divide-y divide-slate-100">
            {items.map((item) => (
              <InboxRow
                key={item.id}
                item={item}
                userId={props.userId}
                isActive={item.id === props.activeId}
                href={props.hrefOf(item.id)}
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
      )}
    </>
  );
}

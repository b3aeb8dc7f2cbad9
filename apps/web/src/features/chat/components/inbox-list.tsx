import type { ChatInboxConversation, ChatInboxStatus } from '@rally/shared';
import { Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { LoadFailed } from '../../../components/ui/load-failed';
import { SegmentedControl } from '../../../components/ui/segmented-control';
import { useInbox } from '../api/inbox';
import type { InboxBox } from '../api/query-keys';
import { messagePreview } from '../utils/conversation';
import { ConversationRow, ConversationRowsSkeleton, LoadMoreFooter } from './conversation-row';

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
  const { t } = useTranslation();
  const name = item.member?.display_name ?? t('chat.title.unknown');
  return (
    <ConversationRow
      id={item.id}
      href={href}
      isActive={isActive}
      avatar={<Avatar imageUrl={item.member?.image_url} name={name} />}
      title={name}
      at={item.last_message?.created_at ?? item.created_at}
      preview={messagePreview(item.last_message, { kind: 'group' }, userId, t)}
      unread={item.unread}
      footer={
        <span className="block truncate text-xs text-slate-600">
          {item.assignee
            ? t('chat.inbox.assignedTo', {
                name: item.assignee.id === userId ? t('chat.inbox.you') : item.assignee.display_name,
              })
            : t('chat.inbox.unassigned')}
        </span>
      }
    />
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
        <ConversationRowsSkeleton rows={3} />
      ) : query.isError ? (
        <div className="p-3">
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
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
          <LoadMoreFooter
            hasMore={query.hasNextPage}
            isLoading={query.isFetchingNextPage}
            onMore={() => void query.fetchNextPage()}
            label={t('chat.loadMore')}
            loadingLabel={t('chat.loadingMore')}
          />
        </nav>
      )}
    </>
  );
}

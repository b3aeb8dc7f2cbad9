import type { ChatMessage } from '@rally/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown } from 'lucide-react';
import { Fragment, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Skeleton } from '../../../components/ui/skeleton';
import { catchUpMessages, useMessages } from '../api/get-messages';
import { useMarkRead } from '../api/mark-read';
import { useMessageActions } from '../api/message-actions';
import { outbox, outboxKey, useOutbox } from '../api/outbox';
import type { ChatScope } from '../api/query-keys';
import { useSendMessage } from '../api/send-message';
import { typingStore } from '../hooks/use-typing';
import { dayLabel } from '../utils/conversation';
import { dayKey, flattenPages, isAfter, isContinuation } from '../utils/messages';
import { LoadMoreFooter } from './conversation-row';
import { MessageItem } from './message-item';
import { PendingMessage } from './pending-message';

/** How close to the bottom (px) still counts as reading the newest messages. */
const BOTTOM_SLACK = 80;
/** How close to the top (px) loads the older page. */
const TOP_SLACK = 160;
const HIGHLIGHT_MS = 3_000;

export interface MessageListProps {
  userId: string;
  scope: ChatScope;
  conversationId: string;
  /** A thread's root: its replies are listed; null for the conversation's own messages. */
  parentId: string | null;
  /** The viewer's read pointer (null when not known, as for a thread). */
  lastReadId: string | null;
  /** A message to scroll to and outline (a `scroll` link, a search result). */
  targetId: string | null;
  /** Accessible name of the log. */
  label: string;
  /** The viewer, as their unsent messages show them. */
  me: { name: string; imageUrl: string | null };
  /** Shown when there is nothing yet. */
  empty: ReactNode;
  /** Shown above the messages in the same scroll (a thread's first message). */
  before?: ReactNode;
  /** Threads with replies the viewer has not read. */
  unreadThreads?: ReadonlySet<string>;
  onOpenThread?: (id: string) => void;
  onQuote?: (message: ChatMessage) => void;
}

/**
 * A conversation's (or a thread's) messages as a log: oldest at the top, newest at the bottom with day separators;
 * older pages load when the member scrolls up (the view keeps its place), new messages follow while the member is at
 * the bottom (else a "new messages" button), the newest one seen marks the conversation read, and a `targetId` is
 * found (loading older pages as needed), scrolled to and outlined. Unsent messages follow from the outbox.
 */
export function MessageList(props: MessageListProps) {
  const { userId, scope, conversationId, parentId, targetId } = props;
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useMessages(userId, scope, conversationId, parentId);
  const messages = useMemo(() => flattenPages(query.data), [query.data]);
  const key = outboxKey(scope, conversationId, parentId);
  const items = useOutbox(key);
  const actions = useMessageActions(userId, scope);
  const { retry, discard } = useSendMessage(userId, scope, conversationId, parentId);
  const markRead = useMarkRead(userId, scope, conversationId, parentId);
  const scroller = useRef<HTMLDivElement | null>(null);
  const isAtBottom = useRef(true);
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const [jumpId, setJumpId] = useState<string | null>(null);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const handled = useRef<string | null>(null);
  const [newCount, setNewCount] = useState(0);
  // Where "New" was when the list opened: reading moves the pointer, the divider stays.
  const [readAtOpen] = useState(props.lastReadId);

  const ids = new Set(messages.map((m) => m.id));
  const sentIds = new Set(messages.flatMap((m) => (m.client_message_id ? [m.client_message_id] : [])));
  const isInPages = (item: (typeof items)[number]) =>
    sentIds.has(item.client_message_id) || (item.message !== null && ids.has(item.message.id));
  const pending = items.filter((item) => !isInPages(item));
  const newest = messages.at(-1);
  const bottomKey = `${newest?.id ?? ''}:${pending.length}:${pending.at(-1)?.status ?? ''}`;
  const oldestId = messages[0]?.id ?? '';
  const target = jumpId ?? (targetId && targetId !== parentId ? targetId : null);

  // Sent messages the pages now hold leave the outbox.
  useEffect(() => {
    const done = items.filter(isInPages).map((item) => item.client_message_id);
    if (done.length > 0) outbox.remove(key, done);
  });

  // A list opened again catches up on what came while it was closed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per list shown.
  useEffect(() => {
    if (query.data) void catchUpMessages(queryClient, userId, scope, conversationId, parentId);
  }, []);

  // Someone whose message arrived is no longer typing.
  useEffect(() => {
    if (newest?.author) typingStore.remove(conversationId, parentId, newest.author.id);
  }, [newest, conversationId, parentId]);

  const checkRead = () => {
    const last = messages.at(-1);
    if (!last || !isAtBottom.current || document.visibilityState === 'hidden') return;
    markRead(last.id, props.lastReadId);
  };
  const checkReadRef = useRef(checkRead);
  checkReadRef.current = checkRead;
  useEffect(() => {
    const onVisible = () => checkReadRef.current();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const scrollToBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    isAtBottom.current = true;
    setNewCount(0);
  };

  const previous = useRef({ oldestId: '', bottomKey: '' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the list's ends moving.
  useLayoutEffect(() => {
    const was = previous.current;
    previous.current = { oldestId, bottomKey };
    const el = scroller.current;
    if (!el) return;
    if (oldestId !== was.oldestId && anchor.current) {
      // Older messages came in above: keep what the member was reading where it was.
      el.scrollTop = anchor.current.top + (el.scrollHeight - anchor.current.height);
      anchor.current = null;
    }
    if (bottomKey !== was.bottomKey && !(target && handled.current !== target)) {
      const isMine = pending.length > 0 || newest?.author?.id === userId;
      if (isAtBottom.current || isMine || was.bottomKey === '') scrollToBottom();
      else setNewCount((n) => n + 1);
    }
    checkRead();
  }, [oldestId, bottomKey]);

  const loadOlder = () => {
    const el = scroller.current;
    if (!query.hasNextPage || query.isFetchingNextPage) return;
    if (el) anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    void query.fetchNextPage();
  };

  const handleScroll = () => {
    const el = scroller.current;
    if (!el) return;
    isAtBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
    if (isAtBottom.current) {
      setNewCount(0);
      checkRead();
    }
    if (el.scrollTop < TOP_SLACK) loadOlder();
  };

  // A linked message: older pages are loaded until it is there, then it is scrolled to and outlined.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the pages as they load.
  useEffect(() => {
    if (!target || handled.current === target || !query.data) return;
    if (ids.has(target)) {
      handled.current = target;
      const element = document.getElementById(`message-${target}`);
      element?.scrollIntoView?.({ block: 'center' });
      const el = scroller.current;
      if (el) isAtBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK;
      setHighlightId(target);
      setJumpId(null);
    } else if (query.hasNextPage) {
      if (!query.isFetchingNextPage) void query.fetchNextPage();
    } else {
      handled.current = target;
      setJumpId(null);
    }
  }, [target, messages, query.hasNextPage, query.isFetchingNextPage]);

  useEffect(() => {
    if (!highlightId) return;
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  if (query.isPending)
    return (
      <div className="flex-1 space-y-4 overflow-hidden p-4" aria-hidden>
        {[0, 1, 2, 3].map((n) => (
          <div key={n} className="flex gap-3">
            <Skeleton className="size-8 rounded-full" />
            <span className="flex-1 space-y-2">
              <Skeleton className="h-3 w-32" />
              <Skeleton className="h-4 w-3/4" />
            </span>
          </div>
        ))}
      </div>
    );
  if (query.isError)
    return (
      <div className="flex-1 p-4">
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );

  const firstUnread = messages.find((m) => m.author?.id !== userId && isAfter(m.id, readAtOpen));
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        onScroll={handleScroll}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain py-2"
      >
        {props.before}
        <LoadMoreFooter
          hasMore={query.hasNextPage}
          isLoading={query.isFetchingNextPage}
          onMore={loadOlder}
          label={t('chat.loadOlder')}
          loadingLabel={t('chat.loadingOlder')}
        />
        {messages.length === 0 && pending.length === 0 ? <div className="p-4">{props.empty}</div> : null}
        <div role="log" aria-label={props.label} aria-busy={query.isFetchingNextPage || undefined}>
          {messages.map((message, index) => {
            const before = messages[index - 1];
            const isNewDay = !before || dayKey(before.created_at) !== dayKey(message.created_at);
            const isFirstUnread = message === firstUnread && readAtOpen !== null;
            return (
              <Fragment key={message.id}>
                {isNewDay && (
                  <h3 className="my-2 flex items-center gap-3 px-4 text-xs font-semibold text-slate-600 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
                    {dayLabel(message.created_at, i18n.language, t)}
                  </h3>
                )}
                {isFirstUnread && (
                  <p className="my-1 flex items-center gap-3 px-4 text-xs font-semibold text-red-700 after:h-px after:flex-1 after:bg-red-200">
                    {t('chat.newDivider')}
                  </p>
                )}
                <MessageItem
                  message={message}
                  actions={actions}
                  isContinuation={!isNewDay && !isFirstUnread && isContinuation(message, before)}
                  isHighlighted={highlightId === message.id}
                  hasUnreadReplies={props.unreadThreads?.has(message.id)}
                  onOpenThread={props.onOpenThread}
                  onQuote={props.onQuote}
                  onJump={setJumpId}
                />
              </Fragment>
            );
          })}
          {pending.map((item) =>
            item.status === 'sent' && item.message ? (
              <MessageItem
                key={item.client_message_id}
                message={item.message}
                actions={actions}
                onOpenThread={props.onOpenThread}
                onQuote={props.onQuote}
                onJump={setJumpId}
              />
            ) : (
              <PendingMessage
                key={item.client_message_id}
                item={item}
                author={props.me}
                onRetry={retry}
                onDiscard={discard}
              />
            ),
          )}
        </div>
      </div>
      {newCount > 0 && (
        <Button
          size="sm"
          onClick={scrollToBottom}
          className="absolute bottom-3 left-1/2 -translate-x-1/2 shadow-lg"
        >
          <ArrowDown aria-hidden className="size-4" />
          {t('chat.newMessages', { count: newCount })}
        </Button>
      )}
    </div>
  );
}

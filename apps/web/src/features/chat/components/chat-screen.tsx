import { CHAT_SEARCH_MAX_LENGTH, type ChatMessage, type ChatSeen, getDisplayName } from '@rally/shared';
import { useQuery } from '@tanstack/react-query';
import { MessagesSquare, Search, SquarePen } from 'lucide-react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { api } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { useConversation } from '../api/conversations';
import { chatKeys } from '../api/query-keys';
import { useChatLive } from '../hooks/use-chat-live';
import { useChatParams } from '../hooks/use-chat-params';
import { useFocusOnChange, usePendingFocus } from '../hooks/use-focus';
import { useNameOf } from '../hooks/use-name-of';
import { useResolveLink } from '../hooks/use-resolve-link';
import { ChatLayout } from './chat-layout';
import { ConversationList } from './conversation-list';
import { ConversationPane } from './conversation-pane';
import { NewConversationDialog } from './new-conversation-dialog';
import { SearchResults } from './search-results';
import { ThreadPanel } from './thread-panel';

/** The shell's unread summary (GET /api/chat/seen, polled by the header), read from its cache here. */
function useUnreadThreads(userId: string): ReadonlySet<string> {
  const seen = useQuery({
    queryKey: chatKeys.seen(userId),
    queryFn: () => api.get<ChatSeen>('/api/chat/seen'),
    enabled: false,
  });
  return useMemo(() => new Set(seen.data?.threads ?? []), [seen.data]);
}

/**
 * /chat for members (feature chat, never guests): the conversation list (search and "New message" above it) and the
 * open conversation side by side on desktop, one at a time on phones; threads open beside the conversation (instead
 * of it below wide screens). `?thread={root}&scroll={message}` links open the message in place; everything stays live.
 */
export function ChatScreen() {
  const { t } = useTranslation();
  const user = useUser();
  const userId = user?.id ?? '';
  const { params, search, go } = useChatParams();
  const link = useResolveLink(userId, 'member', params, go);
  const [isStarting, setIsStarting] = useState(false);
  const [q, setQ] = useState('');
  const [submitted, setSubmitted] = useState('');
  const listHeadingId = useId();
  const unreadThreads = useUnreadThreads(userId);
  const conversationHeading = useFocusOnChange(params.conversation);
  const focusLater = usePendingFocus();
  const threadHeading = useFocusOnChange(params.thread);
  const conversation = useConversation(userId, params.conversation).data?.conversation;
  const nameOf = useNameOf(userId, 'member', params.conversation ?? '', conversation?.members ?? []);
  useChatLive(userId);

  const hrefOf = (next: { conversation: string; thread?: string | null; scroll?: string | null }) => {
    const out = new URLSearchParams(search);
    out.set('conversation', next.conversation);
    for (const name of ['thread', 'scroll'] as const) {
      const value = next[name];
      if (value) out.set(name, value);
      else out.delete(name);
    }
    return `?${out}`;
  };
  const back = () => {
    const id = params.conversation;
    go({ conversation: null, thread: null, scroll: null });
    focusLater(() => document.getElementById(`conversation-link-${id}`));
  };
  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(q.trim());
  };
  const me = { name: user ? getDisplayName(user) : '', imageUrl: user?.image_url ?? null };

  const list = (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2.5">
        <h2 id={listHeadingId} className="text-base font-bold text-slate-900">
          {t('chat.list.title')}
        </h2>
        <Button size="sm" className="whitespace-nowrap" onClick={() => setIsStarting(true)}>
          <SquarePen aria-hidden className="size-4" />
          {t('chat.new.open')}
        </Button>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to the older WebViews the native app runs in. */}
      <form role="search" onSubmit={handleSearch} className="border-b border-slate-200 p-2.5">
        <label className="relative block">
          <span className="sr-only">{t('chat.search.label')}</span>
          <Search aria-hidden className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
          <input
            type="search"
            value={q}
            maxLength={CHAT_SEARCH_MAX_LENGTH}
            placeholder={t('chat.search.placeholder')}
            onChange={(event) => {
              setQ(event.target.value);
              if (!event.target.value.trim()) setSubmitted('');
            }}
            className="h-10 w-full rounded-xl border border-slate-300 bg-white pr-3 pl-9 text-base placeholder:text-slate-500 focus:border-brand-text focus:outline-none focus:ring-3 focus:ring-brand/25"
          />
        </label>
      </form>
      {submitted ? (
        <SearchResults
          userId={userId}
          q={submitted}
          hrefOf={(m: ChatMessage) =>
            hrefOf({ conversation: m.conversation_id, thread: m.parent_id, scroll: m.id })
          }
        />
      ) : (
        <ConversationList
          userId={userId}
          activeId={params.conversation}
          hrefOf={(id) => hrefOf({ conversation: id })}
          headingId={listHeadingId}
          onNew={() => setIsStarting(true)}
        />
      )}
    </>
  );

  const main = link.isMissing ? (
    <div className="p-4">
      <Alert tone="error">{t('chat.linkMissing')}</Alert>
    </div>
  ) : params.conversation ? (
    <ConversationPane
      key={params.conversation}
      userId={userId}
      conversationId={params.conversation}
      targetId={params.scroll ? (params.thread ?? params.scroll) : null}
      unreadThreads={unreadThreads}
      onBack={back}
      onOpenThread={(id) => go({ thread: id, scroll: null })}
      headingRef={conversationHeading}
    />
  ) : (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand/10 text-brand-text">
        <MessagesSquare aria-hidden className="size-7" />
      </span>
      <p className="font-semibold text-slate-900">{t('chat.pickTitle')}</p>
      <p className="max-w-sm text-sm text-slate-600">{t('chat.pickText')}</p>
    </div>
  );

  const side =
    params.conversation && params.thread ? (
      <ThreadPanel
        key={params.thread}
        userId={userId}
        scope="member"
        conversationId={params.conversation}
        threadId={params.thread}
        targetId={params.scroll}
        canPost={conversation?.abilities.can_post ?? false}
        mentionSource={
          conversation && (conversation.kind === 'team' || conversation.kind === 'project')
            ? 'contacts'
            : (conversation?.members ?? [])
        }
        nameOf={nameOf}
        me={me}
        onClose={() => {
          go({ thread: null, scroll: null });
          focusLater(() => conversationHeading.current);
        }}
        headingRef={threadHeading}
      />
    ) : null;

  return (
    <>
      <ChatLayout
        list={list}
        main={main}
        side={side}
        hasConversation={params.conversation !== null || link.isMissing}
      />
      {isStarting && (
        <NewConversationDialog
          userId={userId}
          onClose={() => setIsStarting(false)}
          onStarted={(id) => {
            setIsStarting(false);
            go({ conversation: id, thread: null, scroll: null });
          }}
        />
      )}
    </>
  );
}

import { type ChatInboxStatus, getDisplayName } from '@rally/shared';
import { Inbox, Megaphone, MessagesSquare, Settings } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { useUser } from '../../../lib/auth';
import { useInboxConversation } from '../api/inbox';
import type { InboxBox } from '../api/query-keys';
import { useChatLive } from '../hooks/use-chat-live';
import { useChatParams } from '../hooks/use-chat-params';
import { useFocusOnChange, usePendingFocus } from '../hooks/use-focus';
import { useNameOf } from '../hooks/use-name-of';
import { useResolveLink } from '../hooks/use-resolve-link';
import { BrandConversationPane } from './brand-conversation-pane';
import { BroadcastDialog } from './broadcast-dialog';
import { ChatLayout } from './chat-layout';
import { ChatSettingsDialog } from './chat-settings-dialog';
import { InboxList } from './inbox-list';
import { NotesPanel } from './notes-panel';
import { ThreadPanel } from './thread-panel';

const BOXES: readonly InboxBox[] = ['unassigned', 'mine', 'all'];
const STATUSES: readonly ChatInboxStatus[] = ['open', 'resolved'];

/**
 * /admin/chat (ADMIN and ANALYST, feature chat): the brand team's inbox of members' lines (unassigned, mine, all;
 * open or resolved) beside the open conversation, with assignment, resolve, internal notes and canned replies; admins
 * also broadcast to members and set who members may message and the canned replies. Links to a message (`?scroll=`, `?thread=`) open it; a message of the viewer's
 * own conversations (not a member's line) opens in /chat instead.
 */
export function AdminChatScreen() {
  const { t } = useTranslation();
  const user = useUser();
  const userId = user?.id ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const { params, search, go, setParam } = useChatParams();
  const link = useResolveLink(userId, 'brand', params, go);
  const headingId = useId();
  const [isNotesOpen, setIsNotesOpen] = useState(false);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const [isBroadcastOpen, setIsBroadcastOpen] = useState(false);
  const box = BOXES.find((b) => b === search.get('box')) ?? 'all';
  const status = STATUSES.find((s) => s === search.get('status')) ?? 'open';
  const conversationHeading = useFocusOnChange(params.conversation);
  const focusLater = usePendingFocus();
  const sideHeading = useFocusOnChange(params.thread ?? (isNotesOpen ? 'notes' : null));
  const inbox = useInboxConversation(userId, params.conversation).data?.conversation;
  const member = inbox?.member ?? null;
  const nameOf = useNameOf(userId, 'brand', params.conversation ?? '', member ? [member] : []);
  useChatLive(userId);

  // Not a member's line: the viewer's own conversation, which /chat shows.
  useEffect(() => {
    if (link.isMissing) navigate(`/chat${location.search}`, { replace: true });
  }, [link.isMissing, navigate, location.search]);

  const hrefOf = (id: string) => {
    const out = new URLSearchParams(search);
    out.set('conversation', id);
    out.delete('thread');
    out.delete('scroll');
    return `?${out}`;
  };
  const back = () => {
    const id = params.conversation;
    go({ conversation: null, thread: null, scroll: null });
    focusLater(() => document.getElementById(`conversation-link-${id}`));
  };

  const list = (
    <>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2.5">
        <h2 id={headingId} className="text-base font-bold text-slate-900">
          {t('chat.inbox.title')}
        </h2>
        <div className="flex items-center gap-1">
          <ButtonLink to="/chat" variant="ghost" size="sm" aria-label={t('chat.inbox.own')}>
            <MessagesSquare aria-hidden className="size-4" />
          </ButtonLink>
          {user?.role === 'ADMIN' && (
            <>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('chat.broadcast.open')}
                onClick={() => setIsBroadcastOpen(true)}
              >
                <Megaphone aria-hidden className="size-4" />
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={t('chat.settings.title')}
                onClick={() => setIsSettingsOpen(true)}
              >
                <Settings aria-hidden className="size-4" />
              </Button>
            </>
          )}
        </div>
      </div>
      <InboxList
        userId={userId}
        box={box}
        status={status}
        onBox={(next) => setParam('box', next)}
        onStatus={(next) => setParam('status', next)}
        activeId={params.conversation}
        hrefOf={hrefOf}
        headingId={headingId}
      />
    </>
  );

  const main = params.conversation ? (
    <BrandConversationPane
      key={params.conversation}
      userId={userId}
      conversationId={params.conversation}
      targetId={params.scroll ? (params.thread ?? params.scroll) : null}
      isNotesOpen={isNotesOpen}
      onToggleNotes={() => {
        setIsNotesOpen((open) => !open);
        go({ thread: null, scroll: null });
      }}
      onBack={back}
      onOpenThread={(id) => {
        setIsNotesOpen(false);
        go({ thread: id, scroll: null });
      }}
      headingRef={conversationHeading}
    />
  ) : (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand/10 text-brand-text">
        <Inbox aria-hidden className="size-7" />
      </span>
      <p className="font-semibold text-slate-900">{t('chat.inbox.pickTitle')}</p>
      <p className="max-w-sm text-sm text-slate-600">{t('chat.inbox.pickText')}</p>
    </div>
  );

  const closeSide = () => {
    setIsNotesOpen(false);
    go({ thread: null, scroll: null });
    focusLater(() => conversationHeading.current);
  };
  const side = !params.conversation ? null : params.thread ? (
    <ThreadPanel
      key={params.thread}
      userId={userId}
      scope="brand"
      conversationId={params.conversation}
      threadId={params.thread}
      targetId={params.scroll}
      canPost
      mentionSource={member ? [member] : []}
      nameOf={nameOf}
      me={{ name: user ? getDisplayName(user) : '', imageUrl: user?.image_url ?? null }}
      onClose={closeSide}
      headingRef={sideHeading}
    />
  ) : isNotesOpen ? (
    <NotesPanel
      userId={userId}
      conversationId={params.conversation}
      onClose={closeSide}
      headingRef={sideHeading}
    />
  ) : null;

  return (
    <>
      <ChatLayout
        list={list}
        main={main}
        side={side}
        hasConversation={params.conversation !== null}
        variant="admin"
      />
      {isSettingsOpen && <ChatSettingsDialog userId={userId} onClose={() => setIsSettingsOpen(false)} />}
      {isBroadcastOpen && <BroadcastDialog userId={userId} onClose={() => setIsBroadcastOpen(false)} />}
    </>
  );
}

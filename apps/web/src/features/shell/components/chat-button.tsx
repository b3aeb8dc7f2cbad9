import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useChatFirstUnread } from '../api/get-chat-seen';

/**
 * Header chat button with the unread count badge; leads to /chat or /admin/chat (SPEC 2, 6), and with something
 * unread straight to the first unread message (`?thread={root}&scroll={id}`, SPEC 3's `first`).
 */
export function ChatButton({ to, unread }: { to: string; unread: number }) {
  const { t } = useTranslation();
  const first = useChatFirstUnread();
  const href =
    unread > 0 && first
      ? `${to}?${first.parent_id ? `thread=${first.parent_id}&` : ''}scroll=${first.id}`
      : to;
  const shown = unread > 99 ? '99+' : String(unread);
  // The name holds what the badge shows (WCAG 2.5.3 label in name): "Chat, 5 unread messages".
  return (
    <Link
      to={href}
      aria-label={unread > 0 ? t('shell.chatUnread', { count: unread, shown }) : t('shell.chat')}
      className="relative flex size-10 items-center justify-center rounded-full text-slate-700 transition hover:bg-slate-100"
    >
      <MessageCircle aria-hidden className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden
          data-testid="chat-unread"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] font-bold text-white ring-2 ring-white"
        >
          {shown}
        </span>
      )}
    </Link>
  );
}

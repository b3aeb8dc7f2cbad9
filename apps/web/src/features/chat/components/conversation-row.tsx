import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { shortTime } from '../utils/conversation';

interface ConversationRowProps {
  id: string;
  href: string;
  isActive: boolean;
  avatar: ReactNode;
  title: string;
  /** When the conversation last moved (ISO). */
  at: string;
  preview: string;
  unread: number;
  /** Marks after the preview (e.g. muted). */
  marks?: ReactNode;
  /** A last line under the preview (e.g. who the line is assigned to). */
  footer?: ReactNode;
}

/** One conversation in a list (the member's or the brand team's inbox): picture, name, time, last message, unread. */
export function ConversationRow(props: ConversationRowProps) {
  const { t, i18n } = useTranslation();
  const isUnread = props.unread > 0;
  return (
    <li>
      <Link
        id={`conversation-link-${props.id}`}
        to={props.href}
        aria-current={props.isActive ? 'page' : undefined}
        className={clsx(
          'flex items-center gap-3 px-3 py-2.5 transition focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-text',
          props.isActive ? 'bg-brand/10' : 'hover:bg-slate-50',
        )}
      >
        <span aria-hidden className="shrink-0">
          {props.avatar}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={clsx('truncate text-slate-900', isUnread ? 'font-bold' : 'font-semibold')}>
              {props.title}
            </span>
            <time dateTime={props.at} className="shrink-0 text-xs text-slate-600">
              {shortTime(props.at, i18n.language)}
            </time>
          </span>
          <span className="flex items-center gap-2">
            <span
              className={clsx(
                'min-w-0 flex-1 truncate text-sm',
                isUnread ? 'text-slate-900' : 'text-slate-600',
              )}
            >
              {props.preview}
            </span>
            {props.marks}
            {isUnread && (
              <span className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand px-1.5 text-xs font-bold text-brand-contrast">
                <span aria-hidden>{props.unread > 99 ? '99+' : props.unread}</span>
                <span className="sr-only">{t('chat.list.unread', { count: props.unread })}</span>
              </span>
            )}
          </span>
          {props.footer}
        </span>
      </Link>
    </li>
  );
}

const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** Placeholder rows while a conversation list loads (hidden from screen readers). */
export function ConversationRowsSkeleton({ rows }: { rows: number }) {
  return (
    <ul className="space-y-1 p-3" aria-hidden>
      {SKELETON_KEYS.slice(0, rows).map((key) => (
        <li key={key} className="flex items-center gap-3 py-2">
          <Skeleton className="size-10 rounded-full" />
          <span className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-2/3" />
            <Skeleton className="h-3 w-5/6" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** "Load more" (or older) for a paged list, a spinner while the next page loads, nothing after the last page. */
export function LoadMoreFooter({
  hasMore,
  isLoading,
  onMore,
  label,
  loadingLabel,
}: {
  hasMore: boolean;
  isLoading: boolean;
  onMore: () => void;
  label: string;
  loadingLabel: string;
}) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center p-3">
      {isLoading ? (
        <Spinner label={loadingLabel} />
      ) : (
        <Button variant="ghost" size="sm" onClick={onMore}>
          {label}
        </Button>
      )}
    </div>
  );
}

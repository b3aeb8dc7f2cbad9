import type { Notification } from '@rally/shared';
import { clsx } from 'clsx';
import { Bell, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { formatRelativeTime } from '../../../utils/format-date';
import { notificationText } from '../utils/notification-text';

interface NotificationItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}

/**
 * One notification: who caused it, what happened (in the shown language when the notification says it as a
 * message), when; unread ones carry a dot and a bold title.
 */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const isUnread = notification.read_at === null;
  const { actor } = notification;
  const text = notificationText(notification, t, i18n);
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className={clsx(
          'flex w-full items-start gap-3 px-4 py-4 text-left transition hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-text sm:px-5',
          isUnread && 'bg-brand/5',
        )}
      >
        <span className={clsx('mt-4 size-2 shrink-0 rounded-full', isUnread ? 'bg-brand' : 'bg-transparent')}>
          {isUnread && <span className="sr-only">{t('notifications.unread')}</span>}
        </span>
        {actor ? (
          <Avatar imageUrl={actor.image_url} name={actor.display_name} size="md" />
        ) : (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand/10 text-brand-text">
            <Bell aria-hidden className="size-5" />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span
            className={clsx(
              'block text-[0.9375rem] leading-snug break-words text-slate-900',
              isUnread ? 'font-semibold' : 'font-normal',
            )}
          >
            {text.title}
          </span>
          {text.body && (
            <span className="mt-0.5 line-clamp-2 block text-sm break-words text-slate-600">{text.body}</span>
          )}
          <time dateTime={notification.created_at} className="mt-1 block text-xs text-slate-600">
            {formatRelativeTime(notification.created_at, i18n.language)}
          </time>
        </span>
        {notification.link && <ChevronRight aria-hidden className="mt-3 size-4 shrink-0 text-slate-400" />}
      </button>
    </li>
  );
}

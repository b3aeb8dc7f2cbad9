import type { Notification } from '@rally/shared';
import { clsx } from 'clsx';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '../../../utils/format-date';

interface NotificationItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}

/** One notification; unread ones carry a dot and bold title. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const isUnread = notification.read_at === null;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className={clsx(
          'flex w-full items-start gap-3 px-4 py-4 text-left transition hover:bg-slate-50 sm:px-5',
          isUnread && 'bg-brand/5',
        )}
      >
        <span
          className={clsx('mt-1.5 size-2.5 shrink-0 rounded-full', isUnread ? 'bg-brand' : 'bg-transparent')}
        >
          {isUnread && <span className="sr-only">{t('notifications.unread')}</span>}
        </span>
        <span className="min-w-0 flex-1">
          <span
            className={clsx('block text-[15px] text-slate-900', isUnread ? 'font-semibold' : 'font-medium')}
          >
            {notification.title}
          </span>
          {notification.body && (
            <span className="mt-0.5 block text-sm text-slate-600">{notification.body}</span>
          )}
          <time dateTime={notification.created_at} className="mt-1 block text-xs text-slate-500">
            {formatRelativeTime(notification.created_at, i18n.language)}
          </time>
        </span>
        {notification.link && <ChevronRight aria-hidden className="mt-1 size-4 shrink-0 text-slate-400" />}
      </button>
    </li>
  );
}

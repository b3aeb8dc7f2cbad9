import type { Notification } from '@rally/shared';
import { Bell, CheckCheck, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { useInfiniteScroll } from '../../../hooks/use-infinite-scroll';
import { useMarkAllNotificationsRead, useMarkNotification } from '../api/update-notifications';
import { useNotifications } from '../api/use-notifications';
import { NotificationItem } from './notification-item';
import { NotificationsSkeleton } from './notifications-skeleton';

function openLink(link: string, navigate: (to: string) => void) {
  if (link.startsWith('/') && !link.startsWith('//')) navigate(link);
  else if (/^https?:\/\//i.test(link)) window.location.assign(link);
}

function SettingsLink() {
  const { t } = useTranslation();
  return (
    <ButtonLink
      to="/notifications/settings"
      variant="ghost"
      size="sm"
      aria-label={t('notifications.settings')}
    >
      <Settings aria-hidden className="size-4" />
      <span className="hidden sm:inline">{t('notifications.settings')}</span>
    </ButtonLink>
  );
}

/** The signed-in user's notifications: infinite scroll, open one to go to its link, "Mark all read". */
export function NotificationsList({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useNotifications(userId);
  const markOne = useMarkNotification(userId);
  const markAll = useMarkAllNotificationsRead(userId);
  const canLoadMore = query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError;
  const sentinel = useInfiniteScroll(() => void query.fetchNextPage(), canLoadMore, '300px 0px');

  const notifications = query.data?.pages.flatMap((page) => page.notifications) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;

  const handleOpen = async (notification: Notification) => {
    await markOne.mutateAsync(notification.id).catch(() => undefined);
    if (notification.link) openLink(notification.link, navigate);
  };

  const heading = (
    <PageHeading
      title={t('notifications.heading')}
      description={
        query.data
          ? unread > 0
            ? t('notifications.unreadCount', { count: unread })
            : t('notifications.allRead')
          : undefined
      }
      action={
        <div className="flex items-center gap-2">
          <SettingsLink />
          {notifications.length > 0 && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => markAll.mutate()}
              isLoading={markAll.isPending}
              disabled={unread === 0}
            >
              <CheckCheck aria-hidden className="size-4" />
              {t('notifications.markAllRead')}
            </Button>
          )}
        </div>
      }
    />
  );

  if (query.isPending) {
    return (
      <div className="mx-auto max-w-2xl space-y-4" aria-busy>
        {heading}
        <NotificationsSkeleton />
      </div>
    );
  }
  // A failed "Load more" keeps the pages already shown; only a failed first page replaces the list.
  if (!query.data) {
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        {heading}
        <Alert tone="error">
          {t('notifications.loadFailed')} {query.error?.message}
        </Alert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('notifications.retry')}
        </Button>
      </div>
    );
  }
  if (notifications.length === 0) {
    return (
      <div className="mx-auto max-w-2xl space-y-4">
        {heading}
        <EmptyState
          icon={Bell}
          title={t('notifications.emptyTitle')}
          description={t('notifications.emptyText')}
        />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      {heading}
      {markAll.isError && <Alert tone="error">{markAll.error.message}</Alert>}
      <Card className="overflow-hidden">
        <ul className="divide-y divide-slate-100" aria-label={t('notifications.heading')}>
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onOpen={handleOpen} />
          ))}
        </ul>
      </Card>
      <div ref={sentinel} />
      {query.isFetchingNextPage && (
        <div className="flex justify-center py-2">
          <Spinner className="size-5 text-brand-text" />
        </div>
      )}
      {query.isFetchNextPageError && <Alert tone="error">{query.error?.message}</Alert>}
      {query.hasNextPage && !query.isFetchingNextPage && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void query.fetchNextPage()}>
            {t('notifications.loadMore')}
          </Button>
        </div>
      )}
      {!query.hasNextPage && notifications.length > 10 && (
        <p className="text-center text-sm text-slate-500">{t('notifications.end')}</p>
      )}
    </div>
  );
}

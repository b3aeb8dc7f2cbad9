import type { Notification } from '@rally/shared';
import { Bell, CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../../components/layouts/page-heading';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageLoader } from '../../../components/ui/page-loader';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead, useMarkNotification } from '../api/update-notifications';
import { NotificationItem } from './notification-item';

function openLink(link: string, navigate: (to: string) => void) {
  if (link.startsWith('/') && !link.startsWith('//')) navigate(link);
  else if (/^https?:\/\//i.test(link)) window.location.assign(link);
}

/** The signed-in user's notifications with "Load more" and "Mark all read". */
export function NotificationsList({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useNotifications(userId);
  const markOne = useMarkNotification(userId);
  const markAll = useMarkAllNotificationsRead(userId);

  if (query.isPending) return <PageLoader />;
  // A failed "Load more" keeps the pages already shown; only a failed first page replaces the list.
  if (!query.data) return <Alert tone="error">{query.error?.message}</Alert>;
  const notifications = query.data.pages.flatMap((page) => page.notifications);
  const unread = query.data.pages[0]?.unread ?? 0;

  const handleOpen = async (notification: Notification) => {
    await markOne.mutateAsync(notification.id).catch(() => undefined);
    if (notification.link) openLink(notification.link, navigate);
  };

  if (notifications.length === 0) {
    return (
      <EmptyState
        icon={Bell}
        title={t('notifications.emptyTitle')}
        description={t('notifications.emptyText')}
      />
    );
  }
  return (
    <div className="space-y-4">
      <PageHeading
        title={t('notifications.heading')}
        description={
          unread > 0 ? t('notifications.unreadCount', { count: unread }) : t('notifications.allRead')
        }
        action={
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
        }
      />
      {markAll.isError && <Alert tone="error">{markAll.error.message}</Alert>}
      <Card className="overflow-hidden">
        <ul className="divide-y divide-slate-100">
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} onOpen={handleOpen} />
          ))}
        </ul>
      </Card>
      {query.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => query.fetchNextPage()}
            isLoading={query.isFetchingNextPage}
          >
            {t('notifications.loadMore')}
          </Button>
        </div>
      )}
      {query.isFetchNextPageError && <Alert tone="error">{query.error?.message}</Alert>}
    </div>
  );
}

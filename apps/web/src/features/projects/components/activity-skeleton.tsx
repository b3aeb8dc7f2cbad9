import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

/** The activity page's shape while it loads. */
export function ActivitySkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">{t('common.loading')}</span>
      <Card aria-hidden className="space-y-3 p-6">
        <div className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-xl" />
          <Skeleton className="h-3 w-28" />
        </div>
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-4 w-full" />
      </Card>
      <Card aria-hidden className="space-y-4 p-6">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-11 w-32" />
      </Card>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

/** The project page's shape while it loads. */
export function ProjectSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">{t('common.loading')}</span>
      <Card aria-hidden className="overflow-hidden">
        <Skeleton className="aspect-[21/9] max-h-72 w-full rounded-none" />
        <div className="space-y-3 p-6">
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-7 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-11 w-28" />
        </div>
      </Card>
      <Card aria-hidden className="divide-y divide-slate-100">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-3 p-4">
            <Skeleton className="size-10 rounded-xl" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-3 w-24" />
              <Skeleton className="h-4 w-1/2" />
            </div>
            <Skeleton className="h-6 w-16 rounded-full" />
          </div>
        ))}
      </Card>
    </div>
  );
}

import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

/** Placeholder rows while the first page loads. */
export function NotificationsSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Card className="overflow-hidden">
      <ul className="divide-y divide-slate-100">
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
          <li key={i} className="flex items-start gap-3 px-4 py-4 sm:px-5">
            <Skeleton className="ml-5 size-10 rounded-full" />
            <span className="flex-1 space-y-2">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
              <Skeleton className="h-3 w-16" />
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

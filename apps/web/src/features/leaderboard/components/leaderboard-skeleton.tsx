import { Skeleton } from '../../../components/ui/skeleton';

/** The podium and a few rows while the ranking loads. */
export function LeaderboardSkeleton() {
  return (
    <div className="space-y-4" aria-hidden>
      <div className="grid grid-cols-3 items-end gap-3 rounded-2xl bg-white px-4 pt-5 ring-1 ring-slate-200">
        {['h-20', 'h-28', 'h-14'].map((h) => (
          <div key={h} className="flex flex-col items-center gap-2">
            <Skeleton className="size-12 rounded-full" />
            <Skeleton className="h-3 w-16" />
            <Skeleton className={`${h} w-full rounded-b-none`} />
          </div>
        ))}
      </div>
      <div className="divide-y divide-slate-100 rounded-2xl bg-white ring-1 ring-slate-200">
        {[1, 2, 3, 4, 5].map((n) => (
          <div key={n} className="flex items-center gap-3 px-4 py-3">
            <Skeleton className="h-4 w-6" />
            <Skeleton className="size-8 rounded-full" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-12" />
          </div>
        ))}
      </div>
    </div>
  );
}

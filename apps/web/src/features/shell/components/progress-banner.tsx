import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { isNativePlatform } from '../../../lib/native/platform';
import { taskQueue } from '../../../lib/tasks';

/** Shows the running background task group, task and percent (SPEC 2, 4). */
export function ProgressBanner() {
  const { t } = useTranslation();
  const progress = useSyncExternalStore(taskQueue.subscribe, taskQueue.getSnapshot);
  if (!progress) return null;
  const percent = progress.percent;
  return (
    <div role="status" aria-live="polite" className="border-b border-brand/20 bg-brand/10">
      <div className="mx-auto flex max-w-(--shell-width) flex-col gap-1.5 px-4 py-2.5 text-sm">
        <div className="flex items-baseline justify-between gap-3">
          <p className="min-w-0">
            <span className="font-semibold text-slate-900">{progress.group}</span>
            <span className="text-slate-600"> · {progress.task}</span>
          </p>
          {percent !== null && <span className="font-semibold tabular-nums text-brand-text">{percent}%</span>}
        </div>
        {percent !== null && (
          <div
            className="h-1.5 overflow-hidden rounded-full bg-white"
            role="progressbar"
            aria-label={progress.group}
            aria-valuenow={percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <div className="h-full rounded-full bg-brand transition-all" style={{ width: `${percent}%` }} />
          </div>
        )}
        <p className="text-xs text-slate-600">
          {isNativePlatform() ? t('tasks.waitApp') : t('tasks.waitTab')}
        </p>
      </div>
    </div>
  );
}

import type { Project } from '@rally/shared';
import { useTranslation } from 'react-i18next';
import { getProgressPercent } from '../utils/project-sections';

/** A bar and "2/5 done"; screen readers hear "2 of 5 activities done". */
export function ProjectProgress({
  project,
}: {
  project: Pick<Project, 'completed_count' | 'activity_count'>;
}) {
  const { t } = useTranslation();
  const percent = getProgressPercent(project);
  const counts = { done: project.completed_count, total: project.activity_count };
  return (
    <div className="flex items-center gap-3">
      <div aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100">
        <div
          className="h-full rounded-full bg-brand transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="shrink-0 text-xs font-semibold tabular-nums text-slate-700">
        <span aria-hidden>{t('projects.progress', counts)}</span>
        <span className="sr-only">{t('projects.progressLabel', counts)}</span>
      </span>
    </div>
  );
}

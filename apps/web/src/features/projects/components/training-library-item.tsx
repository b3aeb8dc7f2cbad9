import { ChevronRight, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TrainingItem } from '../api/get-training-library';
import { ActivityStatusBadge } from './activity-status-badge';
import { ActivityTypeIcon } from './activity-type-icon';
import { DueLabel } from './due-label';

/** A training in the library: its project, title (the link), points, due date and done or to do. */
export function TrainingLibraryItem({ training }: { training: TrainingItem }) {
  const { t } = useTranslation();
  const status = training.completed ? 'completed' : 'todo';
  return (
    <li className="group relative flex items-start gap-3 p-4 transition hover:bg-slate-50 focus-within:bg-slate-50 sm:items-center">
      <ActivityTypeIcon type="training" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="truncate text-xs font-semibold uppercase tracking-wide text-slate-500">
          {training.project.name}
        </p>
        <h3 className="font-semibold leading-snug text-slate-900">
          <Link
            to={`/projects/${training.project.id}/activities/${training.id}`}
            className="after:absolute after:inset-0 focus:outline-none group-hover:text-brand-text"
          >
            {training.title}
          </Link>
        </h3>
        {training.description && (
          <p className="line-clamp-2 text-sm text-slate-600">{training.description}</p>
        )}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          {training.points > 0 && (
            <span className="inline-flex items-center gap-1 font-semibold text-amber-700">
              <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-500" />
              {t('projects.points', { count: training.points })}
            </span>
          )}
          <DueLabel activity={{ starts_at: null, due_at: training.due_at, status }} />
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <ActivityStatusBadge status={status} />
        <ChevronRight aria-hidden className="hidden size-4 text-slate-400 sm:block" />
      </div>
    </li>
  );
}

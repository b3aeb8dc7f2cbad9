import type { Activity } from '@rally/shared';
import { ChevronRight, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getActivityTypeLabelKey } from '../utils/activity-types';
import { ActivityStatusBadge } from './activity-status-badge';
import { ActivityTypeIcon } from './activity-type-icon';
import { DueLabel } from './due-label';

/** One activity of a project: type, title (the link), points, due date and the member's status. */
export function ActivityRow({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const reason = activity.status === 'rejected' ? activity.participation?.reject_reason : null;
  return (
    <li className="group relative flex items-start gap-3 p-4 transition hover:bg-slate-50 focus-within:bg-slate-50 sm:items-center">
      <ActivityTypeIcon type={activity.type} />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
          {t(getActivityTypeLabelKey(activity.type))}
        </p>
        <h3 className="font-semibold leading-snug text-slate-900">
          <Link
            to={`/projects/${activity.project_id}/activities/${activity.id}`}
            className="after:absolute after:inset-0 focus:outline-none group-hover:text-brand-text"
          >
            {activity.title}
          </Link>
        </h3>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
          {activity.points > 0 && (
            <span className="inline-flex items-center gap-1 font-semibold text-amber-700">
              <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-500" />
              {t('projects.points', { count: activity.points })}
            </span>
          )}
          <DueLabel activity={activity} />
        </p>
        {reason && <p className="text-sm text-red-700">{t('activities.rejectedReason', { reason })}</p>}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <ActivityStatusBadge status={activity.status} />
        <ChevronRight aria-hidden className="hidden size-4 text-slate-400 sm:block" />
      </div>
    </li>
  );
}

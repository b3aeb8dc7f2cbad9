import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import type { ActivityDetail } from '../api/get-activity';
import { getActivityTypeLabelKey } from '../utils/activity-types';
import { ActivityStatusBadge } from './activity-status-badge';
import { ActivityTypeIcon } from './activity-type-icon';
import { DueLabel } from './due-label';

/** Type, title, description, points, due date and the member's status of an activity. */
export function ActivityHeader({ activity }: { activity: ActivityDetail }) {
  const { t } = useTranslation();
  return (
    <Card className="space-y-3 p-5 sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <ActivityTypeIcon type={activity.type} />
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            {t(getActivityTypeLabelKey(activity.type))}
          </p>
        </div>
        <ActivityStatusBadge status={activity.status} />
      </div>
      <h2 className="text-2xl font-bold tracking-tight text-slate-900">{activity.title}</h2>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        {activity.points > 0 && (
          <span className="inline-flex items-center gap-1 font-semibold text-amber-700">
            <Star aria-hidden className="size-4 fill-amber-400 text-amber-500" />
            {t('projects.points', { count: activity.points })}
          </span>
        )}
        <DueLabel activity={activity} />
      </p>
      {activity.description && (
        <p className="whitespace-pre-line text-[0.9375rem] leading-relaxed text-slate-700">
          {activity.description}
        </p>
      )}
    </Card>
  );
}
